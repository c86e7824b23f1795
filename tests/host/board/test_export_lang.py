"""`export --lang ja` says everything in Japanese, `--lang en` (the default) in English: its errors over
the cable (no board, a bad --date) and over Wi-Fi (a refused key; a dropped connection:
tests/host/board/test_export_url_drops.py), and the report it prints (where each file went, why one stays on
the device, each log's summary)."""
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from host_tools.__main__ import main as host_main
from host_tools.board import export
from export_device import device_with_games
from folder_runner import FolderRunner

def no_english_sentence(text):
    """No run of three English words: paths, addresses and mpremote's own words aside."""
    import re
    return not re.search(r"\b[a-z]{2,} [a-z]{2,} [a-z]{2,}\b", text)


def test_no_board_in_both_languages(tmp_path, capsys):
    quiet = tmp_path / "mpremote.py"
    quiet.write_text("import sys\nsys.stderr.write('mpremote: no device found\\n')\nsys.exit(1)\n")
    said = {}
    for lang in ("en", "ja"):
        rc = host_main(["export", "--mpremote", "%s %s" % (sys.executable, quiet), "--lang", lang,
                        "--dest", str(tmp_path / "a")])
        said[lang] = capsys.readouterr().err
        assert rc == 3, said[lang]
    assert said["en"].startswith("export failed: no board answered (is the Pico plugged in? "
                                 "`make export PORT=/dev/ttyACM0` names its port)"), said["en"]
    assert said["ja"].startswith("エクスポートできませんでした：ボードが答えません（Picoはつながっていますか？"
                                 "ポートは`make export PORT=/dev/ttyACM0`で指定できます）。何も変えていません"), said["ja"]
    assert not (tmp_path / "a").exists()


def test_a_bad_date_in_both_languages(tmp_path, capsys):
    said = {}
    for lang in ("en", "ja"):
        with pytest.raises(SystemExit) as e:
            host_main(["export", "--dest", str(tmp_path / "a"), "--date", "../x", "--lang", lang])
        assert e.value.code == 2
        said[lang] = capsys.readouterr().err
    assert "error: --date '../x': an archive folder name is letters, digits" in said["en"], said["en"]
    assert "エラー：--date '../x'：アーカイブのフォルダー名は英字・数字・「.」「_」「-」だけです" in said["ja"], said["ja"]
    with pytest.raises(SystemExit):
        host_main(["export", "--no-such-option", "--lang", "ja"])
    assert "エラー：コマンドの引数が正しくありません：" in capsys.readouterr().err


class Refusing(BaseHTTPRequestHandler):
    """A board whose table key is another: 403 to everything."""

    def do_GET(self):
        self.send_response(403)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *a):
        pass


def test_a_refused_key_in_both_languages(tmp_path, capsys):
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Refusing)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    url = "http://127.0.0.1:%d/?k=0123456789ab" % httpd.server_address[1]
    said = {}
    try:
        for lang in ("en", "ja"):
            assert host_main(["export", "--url", url, "--lang", lang, "--dest", str(tmp_path / "a")]) == 2
            said[lang] = capsys.readouterr().err
    finally:
        httpd.shutdown()
        httpd.server_close()
    base = url.split("/?")[0]
    assert said["en"] == ("export failed: %s refused the table key (403): copy the address again from the panel's "
                          "「スマホで見る」 (its second QR code); nothing was archived\n" % base)
    assert said["ja"] == ("エクスポートできませんでした：%sがこの卓の鍵を受け付けません（403）：パネルの「スマホで見る」の"
                          "2つ目のQRコードからアドレスを読み直してください。アーカイブは元のままです\n" % base)
    assert not (tmp_path / "a").exists()


def test_the_printed_report_in_both_languages(tmp_path, monkeypatch, capsys):
    said = {}
    for lang in ("en", "ja"):
        dev = device_with_games(tmp_path / lang)
        monkeypatch.setattr(export, "mpremote_runner", lambda port, exe=None: FolderRunner(str(dev)))
        assert host_main(["export", "--dest", str(tmp_path / "a"), "--date", "n", "--delete", "--lang", lang]) == 1
        said[lang] = capsys.readouterr().out
    en, ja = said["en"], said["ja"]
    assert "aaaa0001.log (new)" in en and "kept on the device: belongs to bbbb0002.log (1 line(s) refused)" in en
    assert "8/8 lines kept, seq 7, finished" in en
    assert "aaaa0001.log (変更なし)" in ja and "デバイスから削除しました" in ja
    assert "デバイスに残しました：bbbb0002.logのファイル（拒否した行1）" in ja and "8行中8行が有効、7手目まで、終了" in ja
    assert "アーカイブ：" in ja and no_english_sentence(ja), ja
