# 掛け引きほーるでむ message ids -> (English, 日本語).

MESSAGES = {
    "E_KH_START": ("Start dango {min}-{max}", "だんごは {min}~{max}"),
    "E_KH_DIAL_MAX": ("Dial max {min}-{max}", "ダイヤルは {min}~{max}"),
    "E_RAISE_LOW": ("Raise to {min} or more", "{min}いじょうに して"),
    "E_DIAL_MAX": ("Dial max is {max}", "ダイヤルは {max}まで"),
    "E_OVER_HOLD": ("Only {hold} dango held", "だんごは {hold}こ だけ"),
    "E_CANT_COVER": ("Can't cover {need}: fold", "{need}に たりない: おりて"),
    "E_NOT_PREDICTOR": ("Seat {seat} predicts now", "{seat}ばんが よそうします"),
    "E_PRED_TARGET": ("Seat {seat} has folded", "{seat}ばんは おりています"),
    "E_ALREADY_REVEALED": ("Already revealed", "もう こうかい ずみ"),
    "E_WIN_NONE": ("Choose the winner", "しょうしゃを えらんで"),
    "E_WIN_NOT_IN": ("Seat {seat} has folded", "{seat}ばんは おりています"),
    # play screen (screens_kakehiki): what was recorded, the deck line, the prediction hand-over
    "KH_FOLD_EV": ("{name} folds ({n})", "{name} 降りる（{n}）"),
    "KH_RAISE_EV": ("{name} raises to {v}", "{name} 勝負 {v}"),
    "KH_PRED_PASS": ("{name}: only you look, then OK", "{name}の予想：本人だけ見てOK"),
    "KH_PRED_HINT": ("<->who  up/down dango  OK", "←→勝者 ▲▼だんご OK:決定"),
    "KH_DECKS": ("Shuffles: judge {j}/3 sign {s}", "切り直し 判定札{j}/3 符号札{s}"),
    "KH_DECKS_SHORT": ("J{j}/3", "判{j}/3"),
    "KH_NOT_SAVED_SHORT": ("unsaved", "保存なし"),
    "KH_POT": ("Pot {pot}", "場{pot}"),
    "KH_TIE": ("Tie (several)", "同点（複数）"),
    "KH_SIGN_Q": ("Sign card: minus?", "符号札は引算？"),
}
