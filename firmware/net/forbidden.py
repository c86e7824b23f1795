# The answers made before or beside microdot (docs/phones.md): 403 without the table key, one small
# page in the phone's language saying to scan the table's code, whatever it asked for; with the key
# 414, 431 or 413 for a line or a body over the bound. Imported at the first such request only
# (net/server.py decides on the request line, before microdot is loaded).
import json

from net.reader import TooLong

FORBIDDEN = {
    "ja": ("この卓の鍵がないか、違います", "パネルのメニュー「スマホで見る」のQRコードを読み取ってください"),
    "en": ("This table's key is missing or wrong", "Scan the QR code under \u201cPhones\u201d in the panel's menu"),
}
TOO_LONG = {
    "ja": "リクエストが長すぎます。ページを読み込み直してください",
    "en": "The request is too long: reload the page",
}
STATUS = {403: b"403 Forbidden", 413: b"413 Content Too Large", 414: b"414 URI Too Long",
          431: b"431 Request Header Fields Too Large"}


async def skip_head(rd, cut):
    """Reads the rest of the request's head and drops it (the Reader `rd` notes the language and
    the body's length on the way); a line over the bound is dropped as it comes (cut:
    the line being read is one). The body is never read here."""
    try:
        if cut:
            await rd.skip_line()
        while True:
            try:
                line = await rd.readline()
            except TooLong:
                await rd.skip_line()
                continue
            if line.strip() == b"":
                return
    except OSError:          # the deadline, a reset: the answer is the same
        pass


async def answer(rd, writer, code, lang, head):
    """`code`'s answer in `lang` (None: the Accept-Language's, else Japanese), no body for a HEAD
    request; then what the client still sends is read and dropped (Reader.drop)."""
    lang = lang or rd.lang or "ja"
    if code == 403:
        kind = b"text/html; charset=UTF-8"
        title, text = FORBIDDEN[lang]
        body = ('<!DOCTYPE html><html lang="%s"><meta charset="utf-8"><meta name="viewport" '
                'content="width=device-width,initial-scale=1"><title>%s</title><body style="margin:30vh '
                '16px 0;text-align:center;font:21px/1.4 system-ui,sans-serif;background:#f4f1ea">'
                '<h1 style="font-size:22px">%s</h1><p>%s</p></body></html>' % (lang, title, title, text)).encode()
    else:
        kind = b"application/json"
        body = json.dumps({"error": TOO_LONG[lang]}).encode()
    await writer.awrite(b"HTTP/1.0 %s\r\nContent-Type: %s\r\nContent-Length: %d\r\n"
                        b"Cache-Control: no-store\r\n\r\n" % (STATUS[code], kind, len(body))
                        + (b"" if head else body))
    await rd.drop(rd.more)
