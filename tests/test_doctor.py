"""`diorama doctor`: all OK on this machine; each broken part is a FAIL line with its fix."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from seaweed import running_seaweed

from app.cli.doctor import check_chromium, check_data_dir, check_model, check_optional_services, check_storage
from tools.core.settings import Settings

REPO = Path(__file__).resolve().parents[1]


def refused_url() -> str:
    """A URL on 127.0.0.1 where nothing listens (a port just freed)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return f"http://127.0.0.1:{port}"


def doctor(tmp_path: Path, **env: str) -> tuple[int, dict[str, dict]]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("DIORAMA_")}
    clean.update({"DIORAMA_DATA_DIR": str(tmp_path / "data"), **env})
    result = subprocess.run([sys.executable, "-m", "app.cli", "doctor", "--json"], cwd=REPO, env=clean,
                            capture_output=True, text=True, timeout=300)
    return result.returncode, {c["name"]: c for c in json.loads(result.stdout)}


@pytest.mark.browser
@pytest.mark.slow
def test_this_machine_is_ready(tmp_path):
    code, checks = doctor(tmp_path)
    assert code == 0, checks
    assert {c["status"] for c in checks.values()} == {"OK"}
    assert "WebGL" in checks["chromium"]["detail"]
    assert checks["model"]["detail"] == "not configured: grounded planner"
    assert {"python packages", "three.js", "data dir", "storage"} <= set(checks)


def test_missing_chromium_dead_storage_and_refused_model_fail_with_fixes(tmp_path):
    code, checks = doctor(
        tmp_path, DIORAMA_CHROMIUM="/nonexistent/chromium", DIORAMA_LLM_BASE_URL=refused_url() + "/v1",
        DIORAMA_STORAGE="s3", DIORAMA_S3_ENDPOINT=refused_url(), DIORAMA_S3_ACCESS_KEY="k",
        DIORAMA_S3_SECRET_KEY="s", DIORAMA_THREE_DIR=str(tmp_path / "no-three"))
    assert code == 3
    for name, fix_words in [("chromium", "apt-get install chromium"), ("storage", "DIORAMA_S3_ENDPOINT"),
                            ("model", "unset DIORAMA_LLM_BASE_URL"), ("three.js", "npm install")]:
        assert checks[name]["status"] == "FAIL", checks[name]
        assert fix_words in checks[name]["fix"]
    assert "unreachable" in checks["storage"]["detail"]
    assert "Connect" in checks["model"]["detail"]
    assert checks["data dir"]["status"] == "OK"


def test_a_chromium_that_will_not_launch_fails():
    check = check_chromium(Settings(chromium="/bin/false", _env_file=None), set())
    assert check.status == "FAIL" and "does not launch" in check.detail and "DIORAMA_CHROMIUM" in check.fix


class _FakeOpenAI(BaseHTTPRequestHandler):
    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        body = json.dumps({"object": "list", "data": [{"id": "tiny", "object": "model"}]}).encode()
        self.send_response(200 if self.path == "/v1/models" else 404)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def models_server():
    server = ThreadingHTTPServer(("127.0.0.1", 0), _FakeOpenAI)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_model_endpoint_that_answers_is_ok_and_a_wrong_model_fails(models_server):
    ok = check_model(Settings(llm_base_url=models_server + "/v1", _env_file=None))
    assert ok.status == "OK" and "tiny" in ok.detail
    wrong = check_model(Settings(llm_base_url=models_server + "/v1", llm_model="big", _env_file=None))
    assert wrong.status == "FAIL" and "'big'" in wrong.detail


def test_optional_services_warn_only_when_configured(models_server):
    assert check_optional_services(Settings(_env_file=None)) == []
    down, up = check_optional_services(Settings(remote3d_url=models_server, searxng_url=refused_url(),
                                                _env_file=None))
    assert (up.name, up.status) == ("remote 3D", "OK")  # it answered (404 for the probe task): it is up
    assert (down.name, down.status) == ("searxng", "WARN") and "DIORAMA_SEARXNG_URL" in down.fix


def test_a_data_dir_that_cannot_be_made_fails(tmp_path):
    (tmp_path / "a-file").write_text("")
    check = check_data_dir(Settings(data_dir=tmp_path / "a-file" / "data", _env_file=None))
    assert check.status == "FAIL" and "DIORAMA_DATA_DIR" in check.fix


@pytest.mark.slow
def test_s3_storage_that_answers_is_ok(tmp_path):
    with running_seaweed() as seaweed:
        settings = Settings(data_dir=tmp_path, storage="s3", s3_endpoint=seaweed.endpoint, s3_bucket="doctor",
                            s3_access_key=seaweed.access_key, s3_secret_key=seaweed.secret_key, _env_file=None)
        check = check_storage(settings)
    assert check.status == "OK" and seaweed.endpoint in check.detail
