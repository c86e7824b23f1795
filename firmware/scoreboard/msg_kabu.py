# 株ドボン message texts: id -> (English, 日本語). The OLED shows 16 chars x 8 lines (8x8 font):
# keep every text within a few short lines. {name} placeholders take the Refusal's info values;
# cards appear as their ASCII labels (1..10, R1 = 赤ピン, S4 = 魂四).

MESSAGES = {
    # card input
    "E_KABU_CARD": ("Unknown card {card}", "不明な札 {card}"),
    "E_KABU_TOO_MANY": ("At most {max} of {card}", "{card}は{max}枚まで"),
    "E_KABU_TWO_RED": ("Only one red pin (R1)", "赤ピンは1枚だけ"),
    "E_KABU_TWO_SOUL": ("Only one soul four (S4)", "魂四は1枚だけ"),
    "E_KABU_VALUE": ("Bad or missing {field}", "{field}の値が不正"),
    # dobon validity
    "E_KABU_EMPTY": ("Empty hand never dobons", "手札なしはドボン不可"),
    "E_KABU_NO_DOBON": ("Sum {sum} cannot dobon on {card}", "合計{sum}で{card}に ドボン不可"),
    "E_KABU_TRUMPS": ("Trumps {trumps}: 1..{max} or none", "切り札{trumps}枚: 1〜{max}かなし"),
    "E_KABU_OKOSHI": ("Dobon card {card} is not the okoshi {okoshi}", "起こし札{okoshi}と 札{card}が違う"),
    "E_KABU_OKOSHI_GAESHI": ("A gaeshi is a normal dobon", "返しは通常のドボン"),
    "E_KABU_GAESHI_CARD": ("Gaeshi card {card} not in loser's hand", "返しの札{card}が 敗者の手札にない"),
    "E_KABU_GAESHI_HAND": ("Loser's sum {sum}: could not dobon", "敗者の合計{sum} ドボン不可"),
    "E_KABU_TANPIN": ("Tanpin cannot be answered", "単ピンは返せない"),
    # other endings
    "E_KABU_DEAL_SIZE": ("Hand has {size} cards, deal is {deal}", "手札{size}枚 配りは{deal}枚"),
    "E_KABU_NO_FOUR": ("No four of a kind", "4枚揃いがない"),
    "E_KABU_SIZES": ("Hand has {size} cards, not {want}", "手札{size}枚 {want}枚のはず"),
    # game flow
    "E_KABU_SEATS": ("Players {min}..{max}", "人数は{min}〜{max}"),
    "E_KABU_SETTING": ("Bad setting {key}", "設定{key}が不正"),
    "E_KABU_SEAT": ("No seat {seat}", "席{seat}はない"),
    "E_KABU_SAME_SEAT": ("Winner and loser are the same", "勝者と敗者が同じ"),
    "E_KABU_WINNERS": ("Bad list of dobon players", "ドボンした人が不正"),
    "E_KABU_PARENT_LATE": ("Parent is set before game 1", "親は第1戦の前だけ"),
    "E_KABU_EVENT": ("Unknown event {t}", "不明な操作 {t}"),
    "E_KABU_OVER": ("The match is over", "対戦は終了済み"),
}
