# The export command's words, English and 日本語 (--lang): every message it prints, by id. A message
# is a Said: a str holding its English text (what export-report.txt and .json keep, and what a
# caller comparing strings sees) that can say itself in Japanese too.

# id: (English, 日本語). {names} are filled from the message's info; an info value that is a Said
# is said in the same language.
WORDS = {
    # the command line
    "failed": ("export failed: {why}", "エクスポートできませんでした：{why}"),
    "failed_url": ("export failed: {why}; nothing was archived",
                   "エクスポートできませんでした：{why}。アーカイブは元のままです"),
    "cannot_write": ("export: cannot write the archive under {dest}: {why}",
                     "エクスポート：{dest}にアーカイブを書けません：{why}"),
    "bad_args": ("{why}", "コマンドの引数が正しくありません：{why}"),
    "url_and_cable": ("--url reads the board over Wi-Fi: --delete and --port are for the cable",
                      "--urlはWi-Fiでボードを読みます：--deleteと--portはケーブルのときだけです"),
    "bad_date": ("--date {date}: an archive folder name is letters, digits, '.', '_' and '-' (not starting with '.')",
                 "--date {date}：アーカイブのフォルダー名は英字・数字・「.」「_」「-」だけです（「.」で始まらない）"),
    "archive": ("archive: {path}", "アーカイブ：{path}"),
    # the device (the cable)
    "at_port": (" at {port}", "：{port}"),
    "no_board": ("no board answered{at} (is the Pico plugged in? `{again}` names its port); nothing was "
                 "changed (mpremote: {said})",
                 "ボードが答えません{at}（Picoはつながっていますか？ポートは`{again}`で指定できます）。"
                 "何も変えていません（mpremote：{said}）"),
    "bad_folder": ("bad archive folder name {name}", "アーカイブのフォルダー名が使えません：{name}"),
    "no_root": ("no {root} on the device (nothing exported)", "デバイスに{root}がありません（何もエクスポートしていません）"),
    "refused_entry": ("{path}: refused ({why}), not copied", "{path}：コピーしませんでした（{why}）"),
    "unsafe name": ("unsafe name", "使えない名前"),
    "folder nested too deep": ("folder nested too deep", "フォルダーが深すぎます"),
    "not_copied": ("{path}: not copied ({why})", "{path}：コピーできませんでした（{why}）"),
    "not_stored": ("{path}: not stored ({why})", "{path}：アーカイブに書けませんでした（{why}）"),
    "ahead_left": ("{path}: the board's write-ahead block holds lines this file lacks; start the board "
                   "once (it folds them) and export again",
                   "{path}：ボードの先書き領域に、このファイルにない行があります。ボードを一度起動して"
                   "（行がファイルに移ります）からもう一度エクスポートしてください"),
    # where each file went, and why one stays on the device
    "new": ("new", "新規"),
    "unchanged": ("unchanged", "変更なし"),
    "grew": ("grew", "続きを追加"),
    "kept_both": ("kept both (differs from the archived copy)", "両方を保存（アーカイブのものと違います）"),
    "not_verified": ("copy not verified (SHA-256)", "コピーを確かめられません（SHA-256）"),
    "refused_lines": ("{n} line(s) refused", "拒否した行{n}"),
    "in_progress": ("game in progress", "途中のゲーム"),
    "in_block": ("its last lines are still in the board's write-ahead block",
                 "最後の行がまだボードの先書き領域にあります"),
    "companion": ("companion file not verified: {paths}", "付属のファイルを確かめられません：{paths}"),
    "belongs": ("belongs to {name} ({why})", "{name}のファイル（{why}）"),
    "not_a_game": ("not a game's file", "ゲームのファイルではありません"),
    # over Wi-Fi (--url)
    "not_page": ("{url}: not the page's address (http://<board>/?k=<key>, as the panel's 「スマホで見る」 shows it)",
                 "{url}：ページのアドレスではありません（パネルの「スマホで見る」に出るhttp://<ボード>/?k=<鍵>）"),
    "no_key": ("{url}: the address has no table key (?k=...; the panel's 「スマホで見る」 shows it)",
               "{url}：アドレスに卓の鍵（?k=…）がありません（パネルの「スマホで見る」に出ます）"),
    "key_refused": ("{base} refused the table key (403): copy the address again from the panel's "
                    "「スマホで見る」 (its second QR code)",
                    "{base}がこの卓の鍵を受け付けません（403）：パネルの「スマホで見る」の2つ目のQRコードから"
                    "アドレスを読み直してください"),
    "not_scoreboard": ("{base} is not a scoreboard ({path} answered {code})",
                       "{base}はスコアボードではありません（{path}の答えが{code}）"),
    "not_a_list": ("{base} is not a scoreboard (its /files is not a games list: {why})",
                   "{base}はスコアボードではありません（/filesがゲームの一覧ではありません：{why}）"),
    "not_http": ("{base} is not a scoreboard ({path}: {why})", "{base}はスコアボードではありません（{path}：{why}）"),
    "answered": ("{base}: {path} answered {code}", "{base}：{path}の答えが{code}です"),
    "no_answer": ("no answer from {base} ({why})", "{base}から答えがありません（{why}）"),
    "busy": ("{base} stayed busy (another phone downloading); try again",
             "{base}はほかのスマホのダウンロードで使用中です。もう一度試してください"),
    "not_over_wifi": ("{cmd}: not done over the network (only over USB)", "{cmd}：Wi-Fiではできません（USBだけ）"),
    "dropped": ("the connection to {base} dropped while {doing} ({cut})", "{doing}中に{base}との接続が切れました（{cut}）"),
    "doing_list": ("listing the files (/files)", "ファイル一覧（/files）の読み込み"),
    "doing_copy": ("copying {path}", "{path}のコピー"),
    "doing_digests": ("reading the board's SHA-256 of every file (/files)", "ボードのSHA-256（/files）の読み込み"),
    "cut_before": ("before the answer", "答えの前"),
    "cut_status": ("in the status line", "ステータス行の途中"),
    "cut_headers": ("in the headers", "ヘッダーの途中"),
    "cut_body": ("{got} of {want} bytes", "{want}バイト中{got}バイト"),
    "cut_why": ("{cut}: {why}", "{cut}：{why}"),
}


class Said(str):
    """One message: str() is its English text; text(lang) says it in `lang`."""

    def __new__(cls, msg_id, **info):
        self = str.__new__(cls, _fill(msg_id, "en", info))
        self.msg_id, self.info = msg_id, info
        return self

    def text(self, lang="en"):
        return _fill(self.msg_id, lang, self.info)


def text_of(thing, lang):
    """A Said in `lang`; any other text (a reason from mpremote or the system) as it is."""
    return thing.text(lang) if isinstance(thing, Said) else str(thing)


def reason(why):
    """A reason files.py gives in English ("unsafe name"), as a Said when it has Japanese words."""
    return Said(why) if why in WORDS else why


def _fill(msg_id, lang, info):
    en, ja = WORDS[msg_id]
    return (ja if lang == "ja" else en).format(**dict((k, text_of(v, lang)) for k, v in info.items()))
