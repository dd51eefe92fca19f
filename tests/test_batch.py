"""`diorama batch`: input parsing, resume bookkeeping, and real runs through the job queue's workers (Ctrl-C,
a killed run, rerun, fail-fast)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from app.cli.batch import JOB_DB
from app.cli.batch_input import BatchItem, read_batch
from app.cli.batch_results import exit_code, is_finished, job_record, load_results, summary_table, write_results
from app.jobs.queue import SqliteJobQueue
from app.jobs.scene_folder import SCENE_MARKER, staging_folder
from tools.core.errors import InputError

REPO = Path(__file__).resolve().parents[1]
CHEAP_PROMPTS = ["a bedroom with a bed", "a bathroom with a sink", "a kitchen with a table"]
RUN_LIMIT_S = 900  # a watchdog for a hung run, not a speed assertion


def batch_env(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DIORAMA_")}
    env["DIORAMA_DATA_DIR"] = str(tmp_path / "data")
    return env


def run_batch(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "app.cli", "batch", *args], cwd=REPO, env=batch_env(tmp_path),
                          capture_output=True, text=True, timeout=RUN_LIMIT_S)


def record(line: int, status: str = "ok", **extra) -> dict:
    base = {"line": line, "prompt": f"p{line}", "seed": 0, "id": f"s-{line}", "out": f"/x/{line}", "status": status,
            "passed": status == "ok", "checks": {"passed": 9, "total": 9}, "requirements": {"met": 1, "total": 1},
            "render_ok": True, "seconds": float(line), "timings": {"plan": 0.1, "verify": float(line)},
            "error": None, "error_kind": None}
    return {**base, **extra}


# --- input ------------------------------------------------------------------------------------

def test_text_file_skips_blank_lines_and_comments(tmp_path):
    prompts = tmp_path / "p.txt"
    prompts.write_text("# scenes for the demo\na bedroom with a bed\n\n   \n  # another comment\na sunny park\n")
    items = read_batch(prompts, default_seed=7)
    assert [(i.line, i.prompt, i.seed) for i in items] == [(2, "a bedroom with a bed", 7), (6, "a sunny park", 7)]
    assert items[0].name == "002-a-bedroom-with-a-bed"


def test_jsonl_lines_carry_seed_id_and_options(tmp_path):
    prompts = tmp_path / "p.jsonl"
    prompts.write_text('{"prompt": "a bedroom with a bed", "seed": 3, "id": "bed-1", "options": {"max_repairs": 0}}\n'
                       '{"prompt": "a sunny park"}\n')
    first, second = read_batch(prompts, default_seed=5)
    assert (first.seed, first.scene_id, first.options) == (3, "bed-1", {"max_repairs": 0})
    assert (second.line, second.seed, second.scene_id, second.options) == (2, 5, None, {})


def test_every_bad_line_is_named_before_anything_runs(tmp_path):
    prompts = tmp_path / "p.jsonl"
    prompts.write_text('{"prompt": "a bedroom"}\nnot json\n{"seed": 1}\n{"prompt": "x", "options": {"colour": 1}}\n'
                       '{"prompt": "a park", "id": "Bad Id!"}\n["a list"]\n'
                       '{"prompt": "a park", "id": "p-1"}\n{"prompt": "a yard", "id": "p-1"}\n')
    with pytest.raises(InputError) as caught:
        read_batch(prompts, default_seed=0)
    message = str(caught.value)
    for number in (2, 3, 4, 5, 6, 8):
        assert f"line {number}:" in message
    assert "line 1:" not in message and "line 7:" not in message
    assert "already used on line 7" in message


def test_bad_input_exits_2_and_writes_nothing(tmp_path):
    prompts = tmp_path / "p.jsonl"
    prompts.write_text('{"prompt": "a bedroom with a bed"}\n{"prompt": ""}\n')
    result = run_batch(tmp_path, str(prompts), "--out", str(tmp_path / "out"))
    assert result.returncode == 2
    assert "line 2:" in result.stderr
    assert not (tmp_path / "out").exists()
    missing = run_batch(tmp_path, str(tmp_path / "nope.txt"), "--out", str(tmp_path / "out"))
    assert missing.returncode == 2 and "does not exist" in missing.stderr


# --- bookkeeping ------------------------------------------------------------------------------

def test_a_scene_is_finished_only_when_results_and_report_agree(tmp_path):
    item = BatchItem(4, "p4", 0)
    folder = tmp_path / item.name
    folder.mkdir()
    done = record(4)
    assert not is_finished(item, done, tmp_path)  # no report.json yet
    (folder / "report.json").write_text(json.dumps({"scene_id": "s-4", "passed": True}))
    assert is_finished(item, done, tmp_path)
    assert not is_finished(item, record(4, "error"), tmp_path)  # errors are retried
    assert not is_finished(BatchItem(4, "p4 changed", 0), done, tmp_path)  # the line now asks for another scene
    assert not is_finished(item, {**done, "id": "s-other"}, tmp_path)


def test_results_file_is_rewritten_whole_and_survives_a_torn_line(tmp_path):
    path = tmp_path / "results.jsonl"
    write_results(path, {5: record(5), 2: record(2)})
    assert [json.loads(line)["line"] for line in path.read_text().splitlines()] == [2, 5]
    path.write_text(path.read_text() + '{"line": 9, "pro')
    assert sorted(load_results(path)) == [2, 5]


def test_a_record_is_made_from_the_job_and_its_report(tmp_path):
    queue = SqliteJobQueue(tmp_path / "jobs.sqlite")
    folder = tmp_path / "001-p1"
    folder.mkdir()
    (folder / "report.json").write_text(json.dumps({
        "scene_id": "s-1", "passed": False, "timings": {"plan": 0.5},
        "checks": [{"name": "ready", "passed": True, "evidence": "ready"},
                   {"name": "no_collisions", "passed": False, "evidence": "collisions: a, b"}],
        "requirements": [{"id": f"count:{n}", "kind": "count", "description": n, "passed": passed}
                         for n, passed in (("a", True), ("b", False), ("c", None))]}))
    for job_id in ("s-1", "s-2"):
        queue.submit(job_id, "batch", "p1", 0, {}, out_dir=folder)
        queue.claim("w", lease_s=60, owner="batch")
    queue.finish("s-1", "w", "succeeded", passed=False)
    queue.finish("s-2", "w", "failed", error=("invalid_input", "could not place 60 beds"))
    item = BatchItem(1, "p1", 0)
    made = job_record(item, queue.get("s-1"))
    assert list(made) == list(record(1))  # the results file keeps its fields, in order
    assert made["status"] == "checks_failed" and made["out"] == str(folder) and made["render_ok"]
    assert made["checks"] == {"passed": 1, "total": 2} and made["requirements"] == {"met": 1, "total": 3}
    failed = job_record(item, queue.get("s-2"))
    assert failed["status"] == "error" and failed["error_kind"] == "input" and failed["checks"] is None
    assert "could not place" in failed["error"]


def test_summary_and_exit_codes():
    records = [record(1), record(2, "checks_failed", passed=False), record(3, "error", checks=None, requirements=None,
                                                                           render_ok=False, error="no fit",
                                                                           error_kind="input")]
    table = summary_table(records)
    assert "3: 1 ok, 1 checks failed, 1 errors" in table
    assert "render success      2/3" in table and "checks passed       18/18" in table
    assert "verify" in table and "scene (total)" in table
    assert exit_code(records[:1]) == 0
    assert exit_code(records) == 1
    assert exit_code([*records, record(4, "error", error_kind="environment")]) == 3


# --- real runs --------------------------------------------------------------------------------

def _results(out: Path) -> list[dict]:
    return [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]


@pytest.mark.slow
def test_fail_fast_stops_scheduling_after_the_first_failure(tmp_path):
    prompts = tmp_path / "p.txt"
    prompts.write_text("a bedroom with 60 beds; 2m x 2m\n" + "\n".join(CHEAP_PROMPTS) + "\n")
    out = tmp_path / "out"
    result = run_batch(tmp_path, str(prompts), "--out", str(out), "--jobs", "1", "--fail-fast")
    assert result.returncode == 1, result.stderr
    (only,) = _results(out)
    assert only["line"] == 1 and only["status"] == "error" and "could not place" in only["error"]
    assert "--fail-fast" in result.stdout
    assert not (out / "002-a-bedroom-with-a-bed").exists()


@pytest.mark.slow
def test_a_machine_problem_exits_3_and_stops_scheduling(tmp_path):
    prompts = tmp_path / "p.txt"
    prompts.write_text("\n".join(CHEAP_PROMPTS) + "\n")
    out = tmp_path / "out"
    result = subprocess.run([sys.executable, "-m", "app.cli", "batch", str(prompts), "--out", str(out)], cwd=REPO,
                            env={**batch_env(tmp_path), "DIORAMA_CHROMIUM": "/bin/false"},  # exists, never launches
                            capture_output=True, text=True, timeout=RUN_LIMIT_S)
    assert result.returncode == 3, result.stdout + result.stderr
    (only,) = _results(out)
    assert only["error_kind"] == "environment" and "Chromium" in only["error"]
    assert "2 scene(s) not run: stopped by a machine problem" in result.stdout
    assert not Path(only["out"]).exists()  # cut off after its assets: only the hidden staging sibling holds them
    assert staging_folder(Path(only["out"]), only["id"]).is_dir()


@pytest.mark.slow
@pytest.mark.browser
def test_ctrl_c_then_rerun_finishes_every_scene_once(tmp_path):
    prompts = tmp_path / "p.txt"
    # More scenes than workers: when the first result comes, some are still queued.
    lines = [*CHEAP_PROMPTS, "a hallway with a bench", "an office with a desk"]
    prompts.write_text("\n".join(lines) + "\n")
    out = tmp_path / "out"
    command = [sys.executable, "-m", "app.cli", "batch", str(prompts), "--out", str(out), "--jobs", "2"]
    # Its own session, so the SIGINT below reaches it the way a terminal's Ctrl-C reaches a foreground job; and
    # SIGINT's default action, as a terminal's foreground job has it: a suite started in the background by a
    # shell without job control inherits SIGINT ignored, and Python then never raises KeyboardInterrupt.
    proc = subprocess.Popen(command, cwd=REPO, env=batch_env(tmp_path), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    watchdog = threading.Timer(RUN_LIMIT_S, lambda: os.killpg(proc.pid, signal.SIGKILL))
    watchdog.start()
    try:
        for line in proc.stdout:
            if line[:4].strip().isdigit():  # the first result line: one scene done, another one running
                os.killpg(proc.pid, signal.SIGINT)
                break
        _, stderr = proc.communicate()
    finally:
        watchdog.cancel()
    assert proc.returncode == 130, stderr
    assert "rerun the same command" in stderr
    finished = {r["line"] for r in _results(out)}
    assert 1 <= len(finished) < len(lines)
    for number in range(1, len(lines) + 1):
        folder = next(out.glob(f"{number:03d}-*"), None)
        if number not in finished:  # a scene cut off lives in its hidden staging sibling, never in its folder
            assert folder is None, f"{folder} looks finished but is not in the results"

    rerun = run_batch(tmp_path, str(prompts), "--out", str(out), "--jobs", "2")
    # Resuming is the point here, not the verdict: a scene may fail a check (exit 1), never error.
    assert rerun.returncode in (0, 1), rerun.stdout + rerun.stderr
    assert f"skipping {len(finished)} finished" in rerun.stdout
    records = _results(out)
    assert [r["line"] for r in records] == list(range(1, len(lines) + 1))
    assert all(r["status"] in ("ok", "checks_failed") for r in records)
    folders = sorted(p.name for p in out.iterdir() if p.is_dir() and p.name != JOB_DB.parent.name)
    assert len(folders) == len(lines) and not list(out.glob(".*.partial"))
    assert all((out / name / SCENE_MARKER).is_file() for name in folders)
    for r in records:
        report = json.loads((Path(r["out"]) / "report.json").read_text())
        assert report["scene_id"] == r["id"]
        tools = {call["tool"] for call in report["tool_calls"]}
        assert {"generate_asset", "solve_layout", "compose_write", "render", "storage_put_bundle"} <= tools
        assert all(call["ok"] and call["seconds"] >= 0 for call in report["tool_calls"])

    again = run_batch(tmp_path, str(prompts), "--out", str(out))
    # Nothing left to run: the verdict is the finished results' verdict, the same as the rerun's.
    assert again.returncode == rerun.returncode and f"skipping {len(lines)} finished" in again.stdout
    assert _results(out) == records


def asset_mtimes(folder: Path) -> dict[str, int]:
    return {p.name: p.stat().st_mtime_ns for p in sorted((folder / "assets").glob("*.glb"))}


def wait_for_stage(job_db: Path, stage: str, proc: subprocess.Popen) -> None:
    """Until some job of the batch has recorded ``stage`` (the batch's own job database shows it)."""
    deadline = time.monotonic() + RUN_LIMIT_S
    while time.monotonic() < deadline and proc.poll() is None:
        if job_db.is_file() and any(e.data.get("stage") == stage for e in SqliteJobQueue(job_db).follow(0)):
            return
        time.sleep(0.2)
    raise AssertionError(f"no job reached {stage}; the batch exited with {proc.poll()}")


@pytest.mark.slow
@pytest.mark.browser
def test_a_killed_batch_is_reclaimed_and_resumed_from_its_checkpoint(tmp_path):
    """SIGKILL (no hand-back): the rerun's workers reclaim the job when its lease runs out and resume it."""
    prompts = tmp_path / "p.txt"
    prompts.write_text(CHEAP_PROMPTS[0] + "\n")
    out = tmp_path / "out"
    env = {**batch_env(tmp_path), "DIORAMA_JOB_LEASE_S": "2"}
    command = [sys.executable, "-m", "app.cli", "batch", str(prompts), "--out", str(out)]
    proc = subprocess.Popen(command, cwd=REPO, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    try:
        wait_for_stage(out / JOB_DB, "verify", proc)
    finally:
        os.killpg(proc.pid, signal.SIGKILL)  # its workers, in their own groups, die with it
        proc.wait()
    folder = out / "001-a-bedroom-with-a-bed"
    (stale,) = SqliteJobQueue(out / JOB_DB).list(None, 10, None)
    assert stale.status == "running"  # as the killed worker left it: only its lease running out frees it
    staging = staging_folder(folder, stale.id)
    before = asset_mtimes(staging)
    assert before and not folder.exists()

    rerun = subprocess.run(command, cwd=REPO, env=env, capture_output=True, text=True, timeout=RUN_LIMIT_S)
    assert rerun.returncode == 0, rerun.stdout + rerun.stderr
    (only,) = _results(out)
    assert only["status"] == "ok" and only["id"] == stale.id
    assert asset_mtimes(folder) == before  # resumed after assets: nothing made again
    assert not staging.exists()
    queue = SqliteJobQueue(out / JOB_DB)
    assert queue.get(stale.id).attempts == 2
    assert any(e.data.get("stage") == "resume" for e in queue.events(stale.id, 1))


@pytest.mark.slow
@pytest.mark.browser
def test_a_batch_on_postgres_killed_and_rerun_makes_every_scene_exactly_once(postgres_server, tmp_path):
    """With DIORAMA_DATABASE_URL the batch's jobs are in the shared database (no .batch/jobs.sqlite), under an
    owner of its own; SIGKILL it after its first scene, rerun: each scene ended exactly once, the cut-off one
    reclaimed (or, killed before it was queued, queued anew), the finished one skipped."""
    from app.cli.batch import batch_owner
    from app.jobs.postgres import PostgresJobQueue
    from tools.core.settings import Settings

    url = postgres_server.fresh_database()
    prompts = tmp_path / "p.txt"
    prompts.write_text("\n".join(CHEAP_PROMPTS[:2]) + "\n")
    out = tmp_path / "out"
    env = {**batch_env(tmp_path), "DIORAMA_DATABASE_URL": url, "DIORAMA_JOB_LEASE_S": "2"}
    command = [sys.executable, "-m", "app.cli", "batch", str(prompts), "--out", str(out)]
    proc = subprocess.Popen(command, cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            text=True, start_new_session=True)
    watchdog = threading.Timer(RUN_LIMIT_S, lambda: os.killpg(proc.pid, signal.SIGKILL))
    watchdog.start()
    try:
        for line in proc.stdout:
            if line[:4].strip().isdigit():  # the first result line: scene 1 done, scene 2 queued or running
                break
    finally:
        os.killpg(proc.pid, signal.SIGKILL)  # its workers, in their own groups, die with it
        proc.wait()
        watchdog.cancel()
    assert [r["line"] for r in _results(out)] == [1]
    assert not (out / JOB_DB).exists()

    rerun = subprocess.run(command, cwd=REPO, env=env, capture_output=True, text=True, timeout=RUN_LIMIT_S)
    assert rerun.returncode in (0, 1), rerun.stdout + rerun.stderr
    assert "skipping 1 finished" in rerun.stdout
    records = _results(out)
    assert [r["line"] for r in records] == [1, 2] and all(r["status"] in ("ok", "checks_failed") for r in records)
    queue = PostgresJobQueue(url)
    try:
        owner = batch_owner(Settings(database_url=url, _env_file=None), out)
        jobs = {job.id: job for job in queue.list(owner, 10, None)}
        assert set(jobs) == {r["id"] for r in records} and all(j.status == "succeeded" for j in jobs.values())
        for job_id in jobs:
            ends = [e for e in queue.events(job_id, 1) if e.event == "done"]
            assert len(ends) == 1, f"{job_id} ended {len(ends)} times"
    finally:
        queue.close()
    assert sorted(p.name for p in out.iterdir() if p.is_dir() and not p.name.startswith(".")) == \
        sorted(Path(r["out"]).name for r in records)
