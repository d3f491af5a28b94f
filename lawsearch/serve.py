"""``lawsearch serve``: the built site over http on this machine, as a static host would serve
it, so a browser can install it and keep it offline (a service worker needs https or
localhost; from ``file://`` the site works as it always has, without one).

    serve(Path("build/site"), port=8000)     # http://127.0.0.1:8000/ until Ctrl-C
"""

from __future__ import annotations

import functools
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Callable

HOST = "127.0.0.1"  # this machine only: a reading room of one, never the network


class SiteHandler(SimpleHTTPRequestHandler):
    """Files of the site, with the types a web app manifest and a service worker need and
    no log line per request (the command says once where it serves)."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, ".webmanifest": "application/manifest+json",
                      ".js": "text/javascript", ".svg": "image/svg+xml"}

    def log_message(self, format: str, *args) -> None:  # noqa: A002 -- the base class's name
        pass


def server(site: Path, port: int = 8000, host: str = HOST) -> ThreadingHTTPServer:
    """An http server over ``site`` (not yet serving). The folder is looked up on every
    request, so ``build/site``, a link to the current build, serves a new build once it
    is switched in. Raises OSError when the port is taken."""
    handler = functools.partial(SiteHandler, directory=str(site))
    return ThreadingHTTPServer((host, port), handler)


def serve(site: Path, port: int = 8000, host: str = HOST, ready: Callable[[str], None] = lambda url: None) -> None:
    """Serve ``site`` until interrupted; ``ready`` gets the address once it listens."""
    with server(site, port, host) as httpd:
        ready(f"http://{host}:{httpd.server_address[1]}/")
        httpd.serve_forever()
