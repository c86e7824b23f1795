"""The scoreboard in a browser (make web): builds build/web/ and serves it on this machine.

  python -m host_tools.web                  build, then serve on http://127.0.0.1:8000/
  python -m host_tools.web --port 8080      another port
  python -m host_tools.web --host 0.0.0.0   also to the local network (a phone on the same Wi-Fi)
  python -m host_tools.web --build-only     only build (the page is static: any web server will do)
"""
import argparse
import functools
import http.server
import sys

from host_tools.web import build as web_build


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map,
                          **{".mjs": "text/javascript", ".js": "text/javascript",
                             ".wasm": "application/wasm", ".webmanifest": "application/manifest+json",
                             ".svg": "image/svg+xml", ".py": "text/plain",
                             ".fnt": "application/octet-stream", ".bin": "application/octet-stream"})

    def log_message(self, fmt, *args):   # one line per page load is enough: no per-file noise
        if self.path in ("/", "/index.html"):
            sys.stderr.write("%s %s\n" % (self.address_string(), fmt % args))


def serve(folder, host="127.0.0.1", port=8000):
    """An HTTP server for `folder` on host:port (port 0: any free one), not yet running."""
    handler = functools.partial(Handler, directory=folder)
    return http.server.ThreadingHTTPServer((host, port), handler)


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m host_tools.web", description=__doc__.split("\n")[0])
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1: this machine only)")
    p.add_argument("--build-only", action="store_true")
    a = p.parse_args(argv)
    try:
        out = web_build.build()
    except (web_build.BuildError, OSError) as e:
        sys.stderr.write("make web: %s\n" % e)
        return 2
    if a.build_only:
        return 0
    try:
        server = serve(out, host=a.host, port=a.port)
    except OSError as e:
        sys.stderr.write("make web: cannot listen on %s:%d (%s): try --port\n" % (a.host, a.port, e.strerror or e))
        return 2
    shown = "127.0.0.1" if a.host in ("0.0.0.0", "") else a.host
    print("The scoreboard: http://%s:%d/   (Ctrl-C stops)" % (shown, server.server_address[1]))
    if a.host != "127.0.0.1":
        print("Also served to the network on %s (the page only: build/web/, read-only)." % a.host)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
