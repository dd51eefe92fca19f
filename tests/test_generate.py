"""End to end through the graph in real Chromium: dev prompts, hostile text, resume, CLI exit codes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from graph.runner import generate_scene
from tools.core.errors import PromptError

DEV_PROMPTS = Path(__file__).resolve().parents[2] / "shared" / "prompts" / "dev.txt"
FALLBACK_PROMPTS = [  # the same lines as ../shared/prompts/dev.txt 1, 3, 6, 12, 26, should that file be absent
    "a cozy living room with a grey sofa facing a TV, a wooden coffee table in front of the sofa and a floor lamp in the corner; 5m x 4m",
    "a home office with a desk, an office chair, two bookshelves against the wall and a potted plant",
    "a forest clearing with 8 pine trees, a campfire in the middle surrounded by 4 logs, and a tent",
    "a bathroom with a bathtub, a toilet and a sink with a mirror above it; 3m x 2.5m",
    "three red cubes stacked on top of each other",
]


def dev_prompts() -> list[str]:
    if DEV_PROMPTS.is_file():
        lines = [line.strip() for line in DEV_PROMPTS.read_text().splitlines() if line.strip()]
        return [lines[i] for i in (0, 2, 5, 11, 25)]
    return FALLBACK_PROMPTS


def assert_output_folder(out: Path) -> dict:
    for name in ("index.html", "viewer.js", "ui.css", "scene.json", "scene.glb", "report.json"):
        assert (out / name).is_file(), name
    assert list((out / "assets").glob("*.glb")) and list((out / "screenshots").glob("*.png"))
    scene = json.loads((out / "scene.json").read_text())
    assert scene["version"] == 1 and scene["units"] == "m" and scene["up"] == "+Y"
    for obj in scene["objects"]:
        assert (out / obj["asset"]).is_file()
    return scene


@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.parametrize("prompt", dev_prompts())
def test_dev_prompt_scene_passes_verification(prompt, tmp_path, run_context):
    out = tmp_path / "scene"
    state = generate_scene(prompt, out, run_context, seed=1)
    scene = assert_output_folder(out)
    report = json.loads((out / "report.json").read_text())
    failed = [c for c in report["checks"] if not c["passed"]]
    assert report["passed"], failed
    assert len(scene["objects"]) == len(state["placements"]) > 0


@pytest.mark.browser
@pytest.mark.slow
def test_hostile_prompt_runs_no_script(tmp_path, run_context):
    out = tmp_path / "hostile"
    prompt = "</script><script>alert(1)</script> a red chair"
    state = generate_scene(prompt, out, run_context)
    assert "<script>alert" not in (out / "index.html").read_text()
    assert state["verification"]["dialogs"] == 0
    assert state["report"]["passed"], state["report"]["checks"]
    assert json.loads((out / "scene.json").read_text())["prompt"] == prompt


@pytest.mark.browser
@pytest.mark.slow
def test_run_stopped_after_assets_resumes_without_regenerating(tmp_path, run_context, monkeypatch):
    out = tmp_path / "resume"
    prompt = "a bedroom with a double bed, two nightstands with lamps on them and a wardrobe; 4m x 4m"
    first = generate_scene(prompt, out, run_context, scene_id="resume-test", interrupt_after=["assets"])
    assert "assets" in first and "placements" not in first
    mtimes = {p.name: p.stat().st_mtime_ns for p in (out / "assets").glob("*.glb")}

    import tools.supply.make

    def must_not_run(*args, **kwargs):
        raise AssertionError("assets were generated again on resume")

    monkeypatch.setattr(tools.supply.make, "generate", must_not_run)
    final = generate_scene(prompt, out, run_context, scene_id="resume-test")
    assert final["report"]["passed"], final["report"]["checks"]
    assert {p.name: p.stat().st_mtime_ns for p in (out / "assets").glob("*.glb")} == mtimes


def test_empty_prompt_is_bad_input(tmp_path, run_context):
    with pytest.raises(PromptError):
        generate_scene("   ", tmp_path / "x", run_context)


def run_cli(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "app.cli", *args], capture_output=True, text=True, cwd=cwd,
                          env={**os.environ, "DIORAMA_DATA_DIR": str(cwd / "data")}, timeout=300)


@pytest.mark.parametrize("prompt", ["", "a kitchen; 0m x 4m", "forty sofas in a room; 2m x 2m"])
def test_cli_bad_input_exits_2_with_a_message(prompt, tmp_path):
    result = run_cli("generate", prompt, "--out", str(tmp_path / "o"), cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    last = result.stderr.strip().splitlines()[-1]
    assert last.startswith("error: ") and len(last) > 30, result.stderr


@pytest.mark.browser
@pytest.mark.slow
def test_cli_generate_prints_progress_and_summary(tmp_path):
    result = run_cli("generate", "a table", "--out", str(tmp_path / "t"), cwd=tmp_path)
    assert result.returncode == 0, result.stderr + result.stdout
    for stage in ("plan", "assets", "layout", "compose", "verify"):
        assert f"] {stage}" in result.stderr
    assert result.stdout.startswith("OK: ") and "diorama view" in result.stdout


def test_cli_bad_setting_exits_2_naming_the_variable(tmp_path):
    result = subprocess.run([sys.executable, "-m", "app.cli", "generate", "a table", "--out", str(tmp_path / "o")],
                            capture_output=True, text=True, cwd=tmp_path, timeout=120,
                            env={**os.environ, "DIORAMA_DATA_DIR": str(tmp_path / "d"), "DIORAMA_MAX_REPAIRS": "many"})
    assert result.returncode == 2
    assert "DIORAMA_MAX_REPAIRS" in result.stderr
