"""A tiny static file server for one scene folder (the verifier and `diorama view` use it).

It binds 127.0.0.1 on a free port, serves only the given folder, logs nothing,
and sends the content types ES modules and glTF need (browsers refuse a module
script served as text/plain).
"""

from __future__ import annotations

import functools
import socket
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

CONTENT_TYPES: dict[str, str] = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".glb": "model/gltf-binary",
    ".gltf": "model/gltf+json",
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".wasm": "application/wasm",
}


class _QuietFolderHandler(SimpleHTTPRequestHandler):
    """Serves one folder, no request log, no caching (a re-verified scene must be re-read)."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **CONTENT_TYPES}

    def log_message(self, format: str, *args: object) -> None:
        return

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-store")
        super().end_headers()


SHUTDOWN_POLL_S = 0.02


class _QuietServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: socket.socket | tuple[bytes, socket.socket], client_address: object) -> None:
        # A browser closing a connection mid-transfer is normal; anything else still prints.
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


@contextmanager
def serve_folder(path: str | Path, port: int = 0) -> Iterator[str]:
    """Serve `path` over HTTP on 127.0.0.1; yields the base URL ending in '/'.

    port: 0 picks a free port (the verifier); a fixed one suits `diorama view`.
    """
    folder = Path(path)
    if not folder.is_dir():
        raise ValueError(f"serve_folder needs an existing folder, got {folder}")
    if not 0 <= port <= 65535:
        raise ValueError(f"port must be in 0..65535, got {port}")
    handler = functools.partial(_QuietFolderHandler, directory=str(folder.resolve()))
    host = "127.0.0.1"
    server = _QuietServer((host, port), handler)
    # shutdown() waits for serve_forever's next poll: a short interval keeps each verification from idling
    # up to the default half second at its end.
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": SHUTDOWN_POLL_S},
                              name=f"serve:{folder.name}", daemon=True)
    thread.start()
    try:
        bound_port = server.server_address[1]
        yield f"http://{host}:{bound_port}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()
