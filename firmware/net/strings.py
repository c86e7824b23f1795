# The phone server's text ids -> (English, 日本語): the panel's phone screens and the phones' refusals
# (a table of its own: a board without a radio never reads it).

MESSAGES = {
    "PH_MENU": ("Phones", "スマホで見る"),
    "PH_WIFI": ("1/2 Join the Wi-Fi", "1/2 Wi-Fiにつなぐ"),
    "PH_PAGE": ("2/2 Open the page", "2/2 ページを開く"),
    "PH_SCAN": ("Scan with the camera", "カメラで読み取る"),
    "PH_NEXT": ("→ next\nBack: done", "→次へ\n戻る:終わる"),
    "PH_PREV": ("← Wi-Fi\nBack: done", "←Wi-Fi\n戻る:終わる"),
    "PH_DONE": ("Back: done", "戻る:終わる"),
    "PH_SEATS": ("{n} seats", "{n}席が登録"),
    "PH_NO_NET": ("No network yet:\nWi-Fi starting or\nthe radio failed\n(see errors.txt)",
                  "ネットワークなし\nWi-Fiの準備中か\n無線の故障です\n（errors.txt）"),
    "PH_CLAIM_Q": ("Make this phone {name}'s?", "{name}のスマホにしますか"),
    "PH_CLAIM_HINT": ("OK: yes  Back: no", "OK:はい 戻る:いいえ"),
    "PH_NO_GAME": ("No game on the table", "卓にゲームがありません"),
    "PH_TURN": ("To play", "手番"),
    "PH_LAST": ("Last result", "前回の結果"),
    "E_PH_SEAT": ("No such seat", "その席はありません"),
    "E_PH_CLIENT": ("Reload the page", "ページを読み込み直してください"),
    "E_PH_ASKING": ("Another phone is asking: wait", "ほかのスマホが確認中です。お待ちください"),
    "E_PH_DECLINED": ("The table said no", "卓で断られました"),
    "E_PH_STALE": ("The table moved on: look again", "卓の状況が変わりました。もう一度確認してください"),
}
