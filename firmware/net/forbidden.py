# A request without the table key (docs/phones.md): 403 and one small page in the phone's language
# saying to scan the table's code, whatever it asked for. Imported at the first such request only
# (net/server.py decides it on the request line, before microdot is loaded).
FORBIDDEN = {
    "ja": ("この卓の鍵がないか、違います", "パネルのメニュー「スマホで見る」のQRコードを読み取ってください"),
    "en": ("This table's key is missing or wrong", "Scan the QR code under \u201cPhones\u201d in the panel's menu"),
}


async def answer(rd, writer, max_line):
    """403 and the page, in the Accept-Language's language (Japanese when it names none): the
    headers are read only for that, never the body. `rd`: the server's _Request; max_line: its
    MAX_LINE."""
    lang = "ja"
    more = 0                     # bytes the client said it sends after its headers
    try:
        while True:
            line = await rd.readline()
            if line.strip() == b"":
                break
            low = line[:16].lower()
            if low == b"accept-language:":
                lang = "ja" if line[16:].strip()[:2].lower() == b"ja" else "en"
            elif low[:15] == b"content-length:":
                more = int(line[15:]) if line[15:].strip().isdigit() else -1
    except OSError:          # a header too long, the deadline: the answer is 403 all the same
        more = -1
    head, text = FORBIDDEN[lang]
    body = ('<!DOCTYPE html><html lang="%s"><meta charset="utf-8"><meta name="viewport" '
            'content="width=device-width,initial-scale=1"><title>%s</title><body style="margin:30vh '
            '16px 0;text-align:center;font:21px/1.4 system-ui,sans-serif;background:#f4f1ea">'
            '<h1 style="font-size:22px">%s</h1><p>%s</p></body></html>' % (lang, head, head, text)).encode()
    await writer.awrite(b"HTTP/1.0 403 Forbidden\r\nContent-Type: text/html; charset=UTF-8\r\n"
                        b"Content-Length: %d\r\nCache-Control: no-store\r\n\r\n" % len(body) + body)
    # what it still sends is read and dropped (up to the deadline): a socket closed with bytes
    # unread answers with a reset, and the phone might lose the answer to it
    more -= len(rd.buf)
    rd.buf = b""
    try:
        while more:
            data = await rd._more(max_line)
            if not data:
                break
            more -= len(data) if more > 0 else 0
            rd.buf = b""
    except OSError:
        pass
