# タリー's texts: its setting's label and what its screens say.
MESSAGES = {
    "S_tally_target": ("Points to win", "勝ちの点数"),
    "TALLY_HDR": ("Tally: round {k}", "タリー：第{k}回"),
    "TALLY_POINT": ("Point to {seat}", "{seat}に1点"),
    "TALLY_WHO": ("Who takes the point?", "点を取った人"),
}
