# Message ids shared by every game (engine, journal, storage, menus): id -> (English, 日本語).
# Per-game tables live in msg_<game>.py; `text()` looks in the shared table and the game's one.

MESSAGES = {
    "E_BAD_EVENT": ("Not an action", "そうさ できません"),
    "E_BAD_SEAT": ("No such seat", "その せきは ありません"),
    "E_BAD_VALUE": ("Bad value", "すうちが ちがいます"),
    "E_SEATS": ("{min}-{max} players", "{min}~{max}にんで あそびます"),
    "E_SETTING_UNKNOWN": ("Unknown setting", "しらない せってい"),
    "E_UNKNOWN_GAME": ("Unknown game", "しらない ゲーム"),
    "E_GAME_OVER": ("Game is over", "ゲームは おわりました"),
    "E_PHASE": ("Not now", "いまは できません"),
    "E_NOT_TURN": ("Seat {seat}'s turn", "{seat}ばんの てばんです"),
    "E_NOTHING_TO_UNDO": ("Nothing to undo", "もどす ものが ありません"),
    "E_NOTHING_TO_REDO": ("Nothing to redo", "やりなおす ものが ありません"),
    "E_UNDO_LIMIT": ("Can't undo further", "これいじょう もどせません"),
    "E_LOG_UTF8": ("Log line {line}: not text", "ログ{line}ぎょう: もじでは ない"),
    "E_LOG_CUT": ("Log line {line}: cut off", "ログ{line}ぎょう: とちゅうで きれた"),
    "E_LOG_NO_CRC": ("Log line {line}: no CRC", "ログ{line}ぎょう: CRCが ない"),
    "E_LOG_CRC": ("Log line {line}: bad CRC", "ログ{line}ぎょう: CRCが ちがう"),
    "E_LOG_JSON": ("Log line {line}: bad JSON", "ログ{line}ぎょう: JSONが こわれた"),
    "E_LOG_NO_HEADER": ("Log line {line}: no header", "ログ{line}ぎょう: ヘッダが ない"),
    "E_LOG_HEADER_FIELD": ("Log line {line}: header lacks {field}", "ログ{line}ぎょう: ヘッダに {field}が ない"),
    "E_LOG_SCHEMA": ("Log line {line}: newer format {schema}", "ログ{line}ぎょう: あたらしい けいしき{schema}"),
    "E_LOG_GAME": ("Log line {line}: other game", "ログ{line}ぎょう: べつの ゲーム"),
    "E_LOG_SEQ": ("Log line {line}: gap (want {want})", "ログ{line}ぎょう: ばんごう{want}が ない"),
    "E_LOG_KIND": ("Log line {line}: unknown event", "ログ{line}ぎょう: しらない イベント"),
    "E_LOG_HEADER": ("Log header: {why}", "ログのヘッダ: {why}"),
    "E_LOG_EMPTY": ("Log is empty", "ログが からです"),
    "E_LOG_REFUSED": ("Log line {line}: illegal ({why})", "ログ{line}ぎょう: ルールいはん({why})"),
    "E_LOG_UNDO_EMPTY": ("Log: undo with nothing done", "ログ: もどす ものが ない"),
    "E_LOG_REDO_EMPTY": ("Log: redo with nothing undone", "ログ: やりなおす ものが ない"),
    "E_SNAP_GAME": ("Snapshot of other game", "べつの ゲームの スナップショット"),
    "E_STORAGE_FULL": ("Flash full: not saved", "フラッシュが いっぱい"),
}


def text(msg_id, lang="ja", info=None, game_tables=()):
    """The message in `lang` ("en" or "ja") with `info` filled in; an unknown id shows as itself."""
    pair = MESSAGES.get(msg_id)
    if pair is None:
        for table in game_tables:
            pair = table.get(msg_id)
            if pair is not None:
                break
    if pair is None:
        return msg_id
    s = pair[1] if lang == "ja" else pair[0]
    if info:
        for k in info:
            s = s.replace("{" + k + "}", str(info[k]))
    return s
