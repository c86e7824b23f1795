# Message ids shared by every game (engine, journal, storage, menus): id -> (English, 日本語).
# Per-game tables live in kinds/<kind>/texts.py; `text()` looks in the shared table and the game's one.

MESSAGES = {
    "E_BAD_EVENT": ("Not possible here", "その操作はできません"),
    "E_BAD_SEAT": ("No such seat", "その席はありません"),
    "E_BAD_VALUE": ("Value out of range", "値が範囲外です"),
    "E_SEATS": ("{min} to {max} players", "{min}～{max}人で遊びます"),
    "E_SETTING_UNKNOWN": ("Unknown setting", "不明な設定です"),
    "E_SETTING_RANGE": ("{setting}: {min} to {max}", "{setting}は{min}～{max}です"),
    "E_SETTING_CHOICE": ("{setting}: not one of the choices", "{setting}：選べる値ではありません"),
    "E_UNKNOWN_GAME": ("Unknown game", "不明なゲームです"),
    "E_GAME_OVER": ("The game is over", "ゲームは終わりました"),
    "E_PHASE": ("Not possible now", "今はできません"),
    "E_NOT_TURN": ("It is {seat}'s turn", "{seat}の手番です"),
    "E_NOTHING_TO_UNDO": ("Nothing to undo", "取り消す操作がありません"),
    "E_NOTHING_TO_REDO": ("Nothing to redo", "やり直す操作がありません"),
    "E_UNDO_LIMIT": ("Cannot undo further", "これ以上は取り消せません"),
    "E_LOG_UTF8": ("Log line {line}: not text", "ログ{line}行目：文字として読めません"),
    "E_LOG_CUT": ("Log line {line}: cut off", "ログ{line}行目：途中で切れています"),
    "E_LOG_NO_CRC": ("Log line {line}: no CRC", "ログ{line}行目：CRCがありません"),
    "E_LOG_CRC": ("Log line {line}: bad CRC", "ログ{line}行目：CRCが合いません"),
    "E_LOG_JSON": ("Log line {line}: bad JSON", "ログ{line}行目：JSONが壊れています"),
    "E_LOG_NO_HEADER": ("Log line {line}: no header", "ログ{line}行目：ヘッダーがありません"),
    "E_LOG_HEADER_FIELD": ("Log line {line}: header lacks {field}", "ログ{line}行目：ヘッダーに{field}がありません"),
    "E_LOG_SCHEMA": ("Log line {line}: newer format {schema}", "ログ{line}行目：新しい形式{schema}です"),
    "E_LOG_GAME": ("Log line {line}: another game", "ログ{line}行目：別のゲームです"),
    "E_LOG_SEQ": ("Log line {line}: step {want} missing", "ログ{line}行目：{want}手目が抜けています"),
    "E_LOG_KIND": ("Log line {line}: unknown event", "ログ{line}行目：不明な記録です"),
    "E_LOG_HEADER": ("Log header: {why}", "ログのヘッダー：{why}"),
    "E_LOG_EMPTY": ("The log is empty", "ログが空です"),
    "E_LOG_REFUSED": ("Log line {line}: against the rules ({why})", "ログ{line}行目：ルール違反（{why}）"),
    "E_LOG_UNDO_EMPTY": ("Log: undo with nothing to undo", "ログ：取り消す操作がないのに取り消し"),
    "E_LOG_REDO_EMPTY": ("Log: redo with nothing undone", "ログ：やり直す操作がないのにやり直し"),
    "E_SNAP_GAME": ("Snapshot of another game", "別のゲームのスナップショットです"),
    "E_STORAGE_FULL": ("Flash full: not saved", "保存領域が満杯で保存できません"),
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
    if info and "setting" in info:    # a setting's label id (core/settings.py): its label
        info = dict(info)
        info["setting"] = text(info["setting"], lang, None, game_tables)
    from core.errors import fill
    return fill(s, info)
