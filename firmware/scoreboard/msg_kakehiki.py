# 掛け引きほーるでむ message ids -> (English, 日本語).

MESSAGES = {
    # its settings (SETTINGS in scoreboard/kakehiki.py): labels and values
    "S_kakehiki_start": ("Starting dango", "最初のだんご"),
    "S_kakehiki_dial_max": ("Dial maximum", "ダイヤル上限"),
    "E_RAISE_LOW": ("A raise goes to {min} or more", "勝負は{min}以上です"),
    "E_DIAL_MAX": ("The dial goes up to {max}", "ダイヤルは{max}までです"),
    "E_OVER_HOLD": ("Only {hold} dango held", "持っているだんごは{hold}個です"),
    "E_CANT_COVER": ("Cannot reach {need}: fold only", "{need}に届かないので降りるしかありません"),
    "E_NOT_PREDICTOR": ("{seat} predicts now", "今は{seat}が予想します"),
    "E_PRED_TARGET": ("{seat} has folded", "{seat}は降りています"),
    "E_ALREADY_REVEALED": ("Already revealed", "もう公開しました"),
    "E_WIN_NONE": ("Choose the winner", "勝った人を選んでください"),
    "E_WIN_NOT_IN": ("{seat} has folded", "{seat}は降りています"),
    # play screen (screens_kakehiki): what was recorded, the deck line, the prediction hand-over
    "KH_FOLD_EV": ("{name} folds ({n})", "{name} 降りる（{n}）"),
    "KH_RAISE_EV": ("{name} raises to {v}", "{name} 勝負（{v}）"),
    "KH_PRED_PASS": ("{name}: only you look, then OK", "{name}の予想：本人だけ見てOK"),
    "KH_PRED_HINT": ("<->who  up/down dango  OK", "←→勝者 ▲▼だんご OK:決定"),
    "KH_DECKS": ("Shuffles: judge {j}/3, sign {s}", "切り直し：判定札{j}/3・符号札{s}"),
    "KH_DECKS_SHORT": ("J{j}/3", "判{j}/3"),
    "KH_NOT_SAVED_SHORT": ("unsaved", "保存なし"),
    "KH_TIE": ("Tie (several)", "同点（複数）"),
    "KH_PARENT_MARK": ("dlr", "親"),
    "KH_OUT_MARK": ("out", "降"),
    "KH_PRED_SHOWN": ("→{name}:{v}", "→{name}{v}個"),
    "KH_PRED_RES": ("{by}→{on} {v}: {res}", "{by}→{on}（{v}個）{res}"),
    "KH_NET_ROW": ("{name} net {net} holds {hold} ★{s}", "{name}：収支{net}・残り{hold}・★{s}"),
    "KH_WIN_SHARE": ("Winner: {who} +{n}", "勝った人：{who}（+{n}個）"),
    "KH_SIGN_Q": ("Sign card: minus?", "符号札は引算？"),
}
