# ドボン messages: id -> (English, Japanese). Short: the OLED shows 16 chars x 8 lines.
MESSAGES = {
    # refusals
    "E_DOBON_SEATS": ("Players: 2 to 4", "人数は2～4人"),
    "E_DOBON_SETTING": ("Bad setting {key}", "設定{key}が不正"),
    "E_DOBON_OVER": ("Match is over", "対戦は終了済み"),
    "E_DOBON_SEAT": ("No such seat {seat}", "席{seat}はない"),
    "E_DOBON_RANK": ("Bad card {rank}", "札{rank}が不正"),
    "E_DOBON_HAND": ("Hand is empty", "手札が空"),
    "E_DOBON_EVENT": ("Unknown input", "不明な入力"),
    "E_DOBON_STARTED": ("Round has begun", "この回は開始済み"),
    "E_DOBON_COUNT": ("Only Qs together", "まとめ出しはQのみ"),
    "E_DOBON_MUST_DRAW": ("Play a 2 or\ndraw {n}", "2を出すか\n{n}枚引く"),
    "E_DOBON_TWOS": ("Only four 2s", "2は4枚まで"),
    "E_DOBON_DREW": ("Already drew:\nplay or pass", "引いた後は\n出すか終了"),
    "E_DOBON_PASS": ("Draw first", "先に引く"),
    # labels
    "L_DOBON": ("Dobon", "ドボン"),
    "L_DOBON_SUM": ("Sum rules", "合計型"),
    "L_DOBON_ACTION": ("Action cards", "役札型"),
    "L_DOBON_TURN": ("Turn: seat {seat}", "手番: 席{seat}"),
    "L_DOBON_PENDING": ("Draw {n}!", "{n}枚引く"),
    "L_DOBON_DIR_LEFT": ("Clockwise", "左回り"),
    "L_DOBON_DIR_RIGHT": ("Reversed", "右回り"),
    "L_DOBON_ROUND": ("Round {k}/{of}", "第{k}回/{of}"),
    "L_DOBON_WIN": ("Seat {seat} wins", "席{seat}の勝ち"),
    "L_DOBON_DRAWN": ("Drawn round", "引分け"),
    "L_DOBON_SUM_OK": ("Sum {sum}: DOBON", "合計{sum}:ドボン"),
    # play screen (screens_dobon): the hint row and what was recorded
    "DB_PLAY_HINT": ("OK:actions  ->:round won", "OK:操作 →:勝ち"),
    "DB_DRAW_EV": ("{name} draws {n}", "{name} {n}枚引く"),
    "DB_START_EV": ("{name} plays first", "{name}から開始"),
    "L_DOBON_SUM_NO": ("Sum {sum}: no", "合計{sum}:不一致"),
}
