"""The scoreboard in a browser (make web): builds build/web/ and serves it on this machine.

  python -m host_tools.dev.web                  build, then serve on http://127.0.0.1:8000/
  python -m host_tools.dev.web --port 8080      another port
  python -m host_tools.dev.web --host 0.0.0.0   also to the local network (a phone on the same Wi-Fi)
  python -m host_tools.dev.web --build-only     only build (the page is static: any web server will do)
"""
import argparse
import functools
import http.server
import os
import socket
import sys

from host_tools.dev.web import build as web_build


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


def lan_address():
    """This machine's address on the local network (what a phone on the same Wi-Fi opens), or
    None: the address of the interface the default route leaves by (a UDP socket sends nothing)."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("192.0.2.1", 9))     # TEST-NET-1: never reached, only routed
        ip = s.getsockname()[0]
    except OSError:
        return None
    finally:
        s.close()
    return None if ip.startswith("127.") or ip == "0.0.0.0" else ip


def other_port(port):
    """The way to ask for another port: through make (WEB_PORT=) or this module (--port)."""
    nxt = port + 1 if port else 8001
    return ("make web WEB_PORT=%d" % nxt) if os.environ.get("MAKELEVEL") else ("--port %d" % nxt)


def addresses(host, port):
    """The lines that say where to open the page: this machine, and a phone when served to it."""
    lines = ["The scoreboard: http://127.0.0.1:%d/   (Ctrl-C stops)" % port if host in ("0.0.0.0", "", "127.0.0.1")
             else "The scoreboard: http://%s:%d/   (Ctrl-C stops)" % (host, port)]
    if host in ("0.0.0.0", ""):
        ip = lan_address()
        if ip:
            lines.append("On a phone on the same network: http://%s:%d/" % (ip, port))
        else:
            lines.append("On a phone on the same network: http://<this machine's address>:%d/ "
                         "(no network address found here)" % port)
    elif host != "127.0.0.1":
        lines.append("On a phone on the same network: http://%s:%d/" % (host, port))
    if host != "127.0.0.1":
        lines.append("Served to the network (the page only: build/web/, read-only). The offline copy "
                     "(after one visit the page starts without the network) works only on localhost "
                     "or over https: from the phone's http:// address the page needs this server running.")
    else:
        via = "make web WEB_HOST=0.0.0.0" if os.environ.get("MAKELEVEL") else "--host 0.0.0.0"
        lines.append("Only this machine can open it; for a phone on the same Wi-Fi: %s" % via)
    return lines


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m host_tools.dev.web", description=__doc__.split("\n")[0])
    p.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000; make: WEB_PORT=)")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1: this machine only; 0.0.0.0: "
                        "the local network too; make: WEB_HOST=)")
    p.add_argument("--build-only", action="store_true", help="build build/web/ and stop")
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
        busy = getattr(e, "errno", None) == 98 or "in use" in str(e).lower()
        sys.stderr.write("make web: cannot listen on %s:%d (%s): %s\n" % (
            a.host, a.port, e.strerror or e, ("another program has that port: try " + other_port(a.port))
            if busy else "try " + other_port(a.port)))
        return 2
    for line in addresses(a.host, server.server_address[1]):
        print(line)
    sys.stdout.flush()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    from host_tools.cli_io import run_command
    sys.exit(run_command(main))
