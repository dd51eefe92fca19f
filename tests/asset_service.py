"""Diorama's own text-to-3D service: the procedural generator behind a submit-then-poll HTTP API.

The protocol is the one hosted generators use (Hunyuan3D-2's api_server, Meshy, Tripo), so
``tools.catalog.remote3d.RemoteGenerator`` can talk to either:

    POST /v1/tasks                  {"prompt": str, "category": str}  -> 202 {"id": str}
                                    unknown category or bad body      -> 400 {"error": str}
    GET  /v1/tasks/{id}             {"id", "status": "running" | "succeeded" | "failed",
                                     "result_url" (when succeeded), "error" (when failed)}
    GET  /v1/tasks/{id}/result.glb  the GLB bytes (model/gltf-binary) once succeeded

Generation runs in a worker thread per task, so a poll never waits on it.
Run it with ``python tests/asset_service.py --port N``; tests use ``serve_assets()``.
"""

from __future__ import annotations

import argparse
import json
import re
import threading
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from tools.core.colors import COLORS, color_word
from tools.core.errors import AssetError
from tools.knowledge.categories import CATEGORIES

MakeGlb = Callable[[str, str], bytes]  # (prompt, category) -> GLB bytes; raises to fail the task
MAX_BODY_BYTES = 64 * 1024
TASK_PATH = re.compile(r"^/v1/tasks/([0-9a-f]{32})(/result\.glb)?$")


def procedural_glb(prompt: str, category: str) -> bytes:
    """The built-in generator's GLB of ``category``, coloured by the first colour word of ``prompt``."""
    from tools.assets.generate import generate

    color = next((COLORS[name] for word in prompt.lower().split() if (name := color_word(word))), None)
    return generate(category, color=color).glb


@dataclass
class Task:
    id: str
    prompt: str
    category: str
    status: str = "running"
    error: str | None = None
    glb: bytes | None = field(default=None, repr=False)


class AssetService:
    """The tasks of one running service; ``tasks_created`` counts POSTs that made a task."""

    def __init__(self, make_glb: MakeGlb = procedural_glb) -> None:
        self.make_glb = make_glb
        self.tasks: dict[str, Task] = {}
        self.lock = threading.Lock()

    @property
    def tasks_created(self) -> int:
        with self.lock:
            return len(self.tasks)

    def submit(self, prompt: str, category: str) -> Task:
        task = Task(uuid.uuid4().hex, prompt, category)
        with self.lock:
            self.tasks[task.id] = task
        threading.Thread(target=self._run, args=(task,), name=f"asset-task-{task.id[:8]}", daemon=True).start()
        return task

    def _run(self, task: Task) -> None:
        try:
            glb = self.make_glb(task.prompt, task.category)
        except (AssetError, KeyError, ValueError, RuntimeError) as e:  # a generator failure fails this task only
            with self.lock:
                task.status, task.error = "failed", f"{type(e).__name__}: {e}"
            return
        with self.lock:
            task.status, task.glb = "succeeded", glb

    def get(self, task_id: str) -> Task | None:
        with self.lock:
            return self.tasks.get(task_id)


def _handler(service: AssetService) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:  # quiet: tests and the CLI own stdout
            pass

        def _send(self, status: int, body: bytes, content_type: str = "application/json") -> None:
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def _json(self, status: int, payload: dict) -> None:
            self._send(status, json.dumps(payload).encode())

        def do_POST(self) -> None:
            if self.path != "/v1/tasks":
                return self._json(404, {"error": f"no such endpoint {self.path}"})
            length = int(self.headers.get("Content-Length") or 0)
            if not 0 < length <= MAX_BODY_BYTES:
                return self._json(400, {"error": f"body must be 1..{MAX_BODY_BYTES} bytes of JSON"})
            try:
                body = json.loads(self.rfile.read(length))
            except (json.JSONDecodeError, UnicodeDecodeError) as e:
                return self._json(400, {"error": f"body is not JSON: {e}"})
            prompt, category = (body.get("prompt"), body.get("category")) if isinstance(body, dict) else (None, None)
            if not isinstance(prompt, str) or not prompt.strip():
                return self._json(400, {"error": "'prompt' must be a non-empty string"})
            if category not in CATEGORIES:
                return self._json(400, {"error": f"unknown category {category!r}"})
            self._json(202, {"id": service.submit(prompt, category).id})

        def do_GET(self) -> None:
            match = TASK_PATH.match(self.path)
            task = service.get(match.group(1)) if match else None
            if task is None:
                return self._json(404, {"error": f"no such task or endpoint {self.path}"})
            if match.group(2):
                if task.glb is None:
                    return self._json(409, {"error": f"task {task.id} is {task.status}, it has no result"})
                return self._send(200, task.glb, "model/gltf-binary")
            payload = {"id": task.id, "status": task.status}
            if task.status == "succeeded":
                payload["result_url"] = f"/v1/tasks/{task.id}/result.glb"
            if task.error:
                payload["error"] = task.error
            self._json(200, payload)

    return Handler


@contextmanager
def serve_assets(make_glb: MakeGlb = procedural_glb, port: int = 0) -> Iterator[str]:
    """Run the service on 127.0.0.1 (a free port by default); yields its base URL, stops it on exit.

    The running AssetService is reachable as ``running_service(url)`` while the block lasts.
    """
    service = AssetService(make_glb)
    server = ThreadingHTTPServer(("127.0.0.1", port), _handler(service))
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, name="asset-service", daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{server.server_address[1]}"
    _RUNNING[url] = service
    try:
        yield url
    finally:
        _RUNNING.pop(url, None)
        server.shutdown()
        server.server_close()
        thread.join()


_RUNNING: dict[str, AssetService] = {}


def running_service(url: str) -> AssetService:
    """The AssetService behind a ``serve_assets`` URL of this process (its task counter, its tasks)."""
    return _RUNNING[url]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Diorama's procedural generator as a text-to-3D task service")
    parser.add_argument("--port", type=int, default=8765, help="port on 127.0.0.1 (0: a free one)")
    args = parser.parse_args(argv)
    with serve_assets(port=args.port) as url:
        print(f"asset service on {url}/v1/tasks", flush=True)
        threading.Event().wait()  # until interrupted


if __name__ == "__main__":
    main()
