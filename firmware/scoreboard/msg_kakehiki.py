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
}
