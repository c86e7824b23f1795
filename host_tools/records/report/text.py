# The report's words and the small helpers its per-game parts share (host_tools/records/report/run.py and
# host_tools/kinds/<kind>/report.py): page words in both languages, names of seats, numbers for a CSV cell.
from host_tools import _paths  # noqa: F401  (firmware/ on sys.path)
from core.errors import fill

# Page words: key -> (English, 日本語). Terms as on the device (firmware/ui/strings.py).
T = {
    "night": ("Game night {d}", "{d}のゲーム会"),
    "players": ("Players", "参加者"),
    "settings": ("Settings", "設定"),
    "status": ("Status", "状態"),
    "finished": ("finished", "終了"),
    "in_progress": ("in progress", "途中"),
    "standings": ("Final standings", "最終順位"),
    "standings_now": ("Standings so far", "現在の順位"),
    "place": ("Place", "順位"),
    "player": ("Player", "参加者"),
    "score": ("Score", "得点"),
    "round": ("Round", "回"),
    "rounds": ("Rounds", "各回の結果"),
    "details": ("Details", "内訳"),
    "chart": ("Score after each round", "各回のあとの得点"),
    "chart_x": ("Round", "回"),
    "refused": ("Refused log lines", "読めなかったログの行"),
    "hole": ("Lines were refused in the middle of the log: the rounds after them may be incomplete.",
             "ログの途中に読めない行がありました。そのあとの結果は不完全かもしれません。"),
    "no_rounds": ("No round finished yet.", "終わった回はまだありません。"),
    "unreadable": ("This log could not be read.", "このログは読めませんでした。"),
    "unknown_game": ("Unreadable log", "読めないログ"),
    "refused_games": ("Games not shown", "表示できなかったゲーム"),
    "refused_game": ("{f}: refused ({why})", "{f}：表示できません（{why}）"),
    "crashed": ("the report could not process it: {e}", "レポートで処理できませんでした：{e}"),
    "csv": ("CSV: rounds", "CSV：各回"),
    "csv_details": ("CSV: details", "CSV：内訳"),
    "other_lang": ("日本語", "English"),
    "generated": ("Made {t} from {n} log(s).", "{t}に{n}件のログから作成。"),
    "truncated": ("Rows {a}-{b} are in the CSV only.", "{a}行目から{b}行目まではCSVだけにあります。"),
    "seat": ("seat {n}", "{n}番席"),
    "yes": ("yes", "あり"),
    "no": ("no", "なし"),
    # itemised results
    "winner": ("Winner: {a}", "勝った人：{a}"),
    "winners": ("Winners: {a}", "勝った人：{a}"),
    "loser": ("Loser: {a}", "負けた人：{a}"),
    "parent": ("Parent: {a}", "親：{a}"),
    "share": ("each gets {v} from the pot", "場から{v}個ずつ"),
    "pot_left": ("{v} left in the pot", "場に{v}個残る"),
    "prediction": ("{a} predicted {b} ({v}): {res}", "{a}の予想：{b}（{v}個）→{res}"),
    "got": ("{v} to the success area", "成功に{v}個"),
    "reshuffle_sign": ("sign deck reshuffled", "符号札を切り直し"),
    "reshuffle_judge": ("judge deck reshuffled", "判定札を切り直し"),
    "holder": ("Holder: {a}", "揃えた人：{a}"),
    "minus2": ("{a}: −2", "{a}:−2"),
    "pays": ("{a} pays {b} {v}", "{a}→{b} {v}点"),
    "paren": (" ({x})", "（{x}）"),
    "capped": ("capped", "上限"),
    "calc": ("{p}×{f}", "{p}×{f}"),
    "total": ("total {t}", "計{t}"),
}

def _pick(pair, lang):
    return pair[1] if lang == "ja" else pair[0]


def tr(key, lang, words=None, **kw):
    """The page word `key` (of T, or of a game's own `words`) in `lang`, filled with kw."""
    return fill(_pick((words or T)[key], lang), kw)


def _name(names, i):
    if isinstance(i, int) and not isinstance(i, bool) and 0 <= i < len(names):
        return names[i]
    return "" if i is None else "?%s" % str(i)[:12]


def _names(names, seats):
    return ", ".join(_name(names, i) for i in (seats or []))


def _num(v):
    return v if isinstance(v, (int, float)) and not isinstance(v, bool) else ""


def _yes(v):
    return "yes" if v else "no"


def _join(names, seats, lang):
    return ("・" if lang == "ja" else ", ").join(_name(names, i) for i in seats)
