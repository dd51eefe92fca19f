"""The output folder is the only place written (app/cli/out_folder.py, app/jobs/scene_folder.py): files, the root
and other people's folders are refused with exit 2; a scene is written into a hidden sibling and renamed into
place, so a failed run leaves nothing that looks finished, and a rerun resumes there or replaces an earlier scene
whole."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from app.cli.out_folder import claim_folder
from app.jobs.scene_folder import SCENE_MARKER, put_in_place, staging_folder
from graph.runner import generate_scene
from tools.core.errors import InputError

REPO = Path(__file__).resolve().parents[1]


def cli(tmp_path: Path, *args: str, **env: str) -> subprocess.CompletedProcess:
    base = {k: v for k, v in os.environ.items() if not k.startswith("DIORAMA_")}
    return subprocess.run([sys.executable, "-m", "app.cli", *args], cwd=REPO, capture_output=True, text=True,
                          env={**base, "DIORAMA_DATA_DIR": str(tmp_path / "data"), **env}, timeout=900)


def finished_staging(out: Path, *names: str) -> Path:
    staging = staging_folder(out, "s-1")
    staging.mkdir(parents=True)
    for name in names:
        (staging / name).write_text(f"new {name}")
    return staging


# --- which folders may be written -------------------------------------------------------------

def test_a_new_an_empty_and_a_scene_folder_are_claimed(tmp_path):
    assert claim_folder(tmp_path / "new" / "deeper", (SCENE_MARKER,), force=False) == tmp_path / "new" / "deeper"
    (tmp_path / "empty").mkdir()
    assert claim_folder(tmp_path / "empty", (SCENE_MARKER,), force=False) == tmp_path / "empty"
    (tmp_path / "scene").mkdir()
    (tmp_path / "scene" / "index.html").write_text("")
    (tmp_path / "scene" / SCENE_MARKER).write_text("")
    assert claim_folder(tmp_path / "scene", (SCENE_MARKER,), force=False) == tmp_path / "scene"
    assert not (tmp_path / "new").exists()  # claiming writes nothing


def test_files_the_root_and_foreign_folders_are_refused(tmp_path):
    (tmp_path / "file.txt").write_text("mine")
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "notes.txt").write_text("mine")
    for path, words in ((tmp_path / "file.txt", "is a file"), (tmp_path / "file.txt" / "sub", "which is a file"),
                        (Path("/"), "root of the file system"), (tmp_path / "mine", "pass --force")):
        with pytest.raises(InputError, match=words):
            claim_folder(path, (SCENE_MARKER,), force=False)
    assert claim_folder(tmp_path / "mine", (SCENE_MARKER,), force=True) == tmp_path / "mine"
    with pytest.raises(InputError, match="root"):
        claim_folder(Path("/"), (SCENE_MARKER,), force=True)


# --- putting a finished scene in place --------------------------------------------------------

def test_a_new_folder_is_the_staging_folder_renamed(tmp_path):
    out = tmp_path / "scene"
    staging = finished_staging(out, "index.html")
    put_in_place(staging, out)
    assert sorted(p.name for p in out.iterdir()) == [SCENE_MARKER, "index.html"] and not staging.exists()


def test_an_earlier_scene_is_replaced_whole_and_cut_off_runs_are_cleared(tmp_path):
    out = tmp_path / "scene"
    out.mkdir()
    for name in (SCENE_MARKER, "index.html", "plan.json"):  # plan.json: an earlier edit's, stale now
        (out / name).write_text("old")
    cut_off = staging_folder(out, "s-other")
    cut_off.mkdir()
    put_in_place(finished_staging(out, "index.html"), out)
    assert sorted(p.name for p in out.iterdir()) == [SCENE_MARKER, "index.html"]
    assert (out / "index.html").read_text() == "new index.html"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["scene"]


def test_a_forced_folder_keeps_its_other_files(tmp_path):
    out = tmp_path / "mine"
    (out / "assets").mkdir(parents=True)
    (out / "notes.txt").write_text("mine")
    (out / "assets" / "old.glb").write_text("old")
    staging = finished_staging(out, "index.html", "scene.json")
    (staging / "assets").mkdir()
    put_in_place(staging, out)
    assert (out / "notes.txt").read_text() == "mine" and (out / "index.html").read_text() == "new index.html"
    assert not (out / "assets" / "old.glb").exists() and (out / SCENE_MARKER).is_file() and not staging.exists()


# --- the CLI ----------------------------------------------------------------------------------

def test_cli_refuses_a_file_the_root_and_a_foreign_folder_with_exit_2(tmp_path):
    (tmp_path / "file.txt").write_text("mine")
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "notes.txt").write_text("mine")
    for out, words in ((tmp_path / "file.txt", "is a file"), ("/", "root of the file system"),
                       (tmp_path / "mine", "--force")):
        result = cli(tmp_path, "generate", "a table", "--out", str(out))
        assert result.returncode == 2 and words in result.stderr, result.stderr
        assert "Traceback" not in result.stderr
    assert sorted(p.name for p in (tmp_path / "mine").iterdir()) == ["notes.txt"]
    assert (tmp_path / "file.txt").read_text() == "mine" and not (tmp_path / "data").exists()


def test_cli_batch_refuses_a_foreign_folder_but_takes_its_own(tmp_path):
    prompts = tmp_path / "p.txt"
    prompts.write_text("a table\n")
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "notes.txt").write_text("mine")
    refused = cli(tmp_path, "batch", str(prompts), "--out", str(tmp_path / "mine"))
    assert refused.returncode == 2 and "has no .batch" in refused.stderr, refused.stderr
    assert sorted(p.name for p in (tmp_path / "mine").iterdir()) == ["notes.txt"]
    assert claim_folder(tmp_path / "mine", (".batch",), force=True)
    (tmp_path / "mine" / ".batch").mkdir()
    assert claim_folder(tmp_path / "mine", (".batch",), force=False) == tmp_path / "mine"


def test_a_run_resumes_only_in_the_folder_it_was_writing(tmp_path, run_context):
    """The checkpoint's state names its folder: the same id into another folder starts over there."""
    said: list[str] = []
    run_context.progress = lambda stage, message: said.append(stage)
    first = tmp_path / "a"
    generate_scene("a table", first, run_context, scene_id="s-where", interrupt_after=["plan"])
    (first / "stray.txt").write_text("left by someone else")
    other = tmp_path / "b"
    state = generate_scene("a table", other, run_context, scene_id="s-where", interrupt_after=["plan"],
                           fresh_out_dir=True)
    assert "resume" not in said and state["out_dir"] == str(other)
    (other / "stray.txt").write_text("left by an earlier run")
    generate_scene("a table", other, run_context, scene_id="s-where", interrupt_after=["assets"], fresh_out_dir=True)
    assert said.count("resume") == 1 and (other / "stray.txt").is_file()  # a resume keeps what it wrote


@pytest.mark.slow
@pytest.mark.browser
def test_cli_generate_appears_only_when_finished_then_reruns_replace_it(tmp_path):
    out = tmp_path / "scene"
    failed = cli(tmp_path, "generate", "a table", "--out", str(out), DIORAMA_CHROMIUM="/bin/false")
    assert failed.returncode == 3, failed.stderr  # the browser never starts: after assets, before any page
    (partial,) = tmp_path.glob(".scene.*.partial")
    assert not out.exists() and list((partial / "assets").glob("*.glb"))

    resumed = cli(tmp_path, "generate", "a table", "--out", str(out))
    assert resumed.returncode == 0, resumed.stderr + resumed.stdout
    assert "resuming" in resumed.stderr and not partial.exists()
    assert (out / SCENE_MARKER).is_file() and (out / "index.html").is_file() and (out / "report.json").is_file()

    (out / "plan.json").write_text("an earlier edit's plan")
    again = cli(tmp_path, "generate", "a table", "--out", str(out))
    assert again.returncode == 0, again.stderr
    assert not (out / "plan.json").exists() and (out / "index.html").is_file()
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []
