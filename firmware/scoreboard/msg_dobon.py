# ドボン messages: id -> (English, Japanese). Short: the OLED shows 16 chars x 8 lines.
MESSAGES = {
    # refusals
    "E_DOBON_SEATS": ("2 to 4 players", "2～4人で遊びます"),
    "E_DOBON_SETTING": ("Setting out of range", "設定が範囲外です"),
    "E_DOBON_OVER": ("The match is over", "対戦は終わりました"),
    "E_DOBON_SEAT": ("No such seat", "その席はありません"),
    "E_DOBON_RANK": ("No such card: {rank}", "{rank}という札はありません"),
    "E_DOBON_HAND": ("The hand is empty", "手札が空です"),
    "E_DOBON_EVENT": ("Not possible here", "その操作はできません"),
    "E_DOBON_STARTED": ("The round has begun", "この回はもう始まっています"),
    "E_DOBON_COUNT": ("Only Qs go out together", "まとめて出せるのはQだけです"),
    "E_DOBON_MUST_DRAW": ("Play a 2 or\ndraw {n}", "2を出すか{n}枚引きます"),
    "E_DOBON_TWOS": ("Only four 2s", "2は4枚までです"),
    "E_DOBON_DREW": ("Drawn already:\nplay or pass", "引いた後は出すかパスです"),
    "E_DOBON_PASS": ("Draw first", "パスの前に1枚引きます"),
    # labels
    "L_DOBON": ("Dobon", "ドボン"),
    "L_DOBON_SUM": ("Sum rules", "合計型"),
    "L_DOBON_ACTION": ("Action cards", "役札型"),
    "L_DOBON_TURN": ("Turn: {seat}", "手番：{seat}"),
    "L_DOBON_PENDING": ("Draw {n}!", "{n}枚引く"),
    "L_DOBON_DIR_LEFT": ("Clockwise", "左回り"),
    "L_DOBON_DIR_RIGHT": ("Counter-clockwise", "右回り"),
    "L_DOBON_ROUND": ("Round {k} of {of}", "第{k}回（全{of}回）"),
    "L_DOBON_WIN": ("{seat} wins", "{seat}の勝ち"),
    "L_DOBON_DRAWN": ("Drawn round", "流局"),
    "L_DOBON_SUM_OK": ("Sum {sum}: DOBON", "合計{sum}：ドボンできる"),
    # play screen (screens_dobon): the hint row and what was recorded
    "DB_PLAY_HINT": ("OK:actions  ->:round won", "OK:操作 →:勝ち"),
    "DB_DRAW_EV": ("{name} draws {n}", "{name} {n}枚引く"),
    "DB_START_EV": ("{name} plays first", "{name}から開始"),
    "L_DOBON_SUM_NO": ("Sum {sum}: no dobon", "合計{sum}：ドボンできない"),
}
