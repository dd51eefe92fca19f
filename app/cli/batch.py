"""`diorama batch PROMPTS --out DIR --jobs N`: many scenes in worker processes, resumable, for pipelines.

PROMPTS is a .txt file (one prompt per line; blank lines and '#' comments skipped) or a .jsonl
file (per line {"prompt", "seed"?, "id"?, "options"?}, options as the REST API's). Scene k goes
to DIR/<line>-<slug>/; DIR/results.jsonl gets one object per scene, rewritten whole after each
scene so a reader never sees half a file.

Resuming: a scene is finished when the results file says ok/checks_failed and its report.json
agrees (same scene id and verdict); a rerun skips those and resumes the others from their
checkpoint. A folder being written holds an UNFINISHED marker until its scene is done, so a
scene cut off by Ctrl-C or a crash never looks finished.

Workers run in their own process group: Ctrl-C reaches only this process, which stops them
(SIGTERM: each closes its Chromium) and exits 130.
"""

from __future__ import annotations

import argparse
import json
import logging
import multiprocessing
import os
import queue
import re
import signal
import statistics
import sys
import time
from collections import deque
from dataclasses import dataclass, field
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from app.cli.eval import slug
from tools.core.report import CheckName, Report

if TYPE_CHECKING:
    from multiprocessing.context import SpawnContext, SpawnProcess
    from multiprocessing.queues import Queue

    from tools.core.settings import Settings
    from graph.context import LazyBrowser

EXIT_OK, EXIT_CHECKS_FAILED, EXIT_ENVIRONMENT, EXIT_INTERRUPTED = 0, 1, 3, 130
UNFINISHED_MARKER = "UNFINISHED"
FINISHED_STATUSES = ("ok", "checks_failed")
RENDER_CHECKS = (CheckName.READY, CheckName.NOT_BLANK)
POLL_S = 0.2  # how often the coordinator looks at its workers while waiting for results
MAX_RESTARTS_PER_JOB = 3  # a worker that dies more often than this is broken, not unlucky
STOP_GRACE_S = 20.0  # how long a stopped worker may take to close its browser
log = logging.getLogger("diorama.batch")


@dataclass(frozen=True)
class BatchItem:
    line: int
    prompt: str
    seed: int
    scene_id: str | None = None
    options: dict = field(default_factory=dict)

    @property
    def name(self) -> str:
        """The scene's folder: stable across reruns of the same file."""
        return f"{self.line:03d}-{slug(self.prompt)}"


# --- input ---------------------------------------------------------------------------------------

def read_batch(path: Path, default_seed: int) -> list[BatchItem]:
    """Every prompt of a .txt or .jsonl file; InputError naming each bad line (nothing runs then)."""
    from tools.core.errors import InputError

    if not path.is_file():
        raise InputError(f"prompt file {path} does not exist")
    jsonl = path.suffix.lower() in (".jsonl", ".ndjson")
    items, problems = [], []
    for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not text.strip() or text.lstrip().startswith("#"):
            continue
        try:
            items.append(_jsonl_item(number, text, default_seed) if jsonl else _text_item(number, text, default_seed))
        except ValueError as problem:
            problems.append(f"line {number}: {problem}")
    first_line_of: dict[str, int] = {}
    for item in items:
        if item.scene_id and first_line_of.setdefault(item.scene_id, item.line) != item.line:
            problems.append(f"line {item.line}: id {item.scene_id!r} is already used on line "
                            f"{first_line_of[item.scene_id]} (one id, one scene)")
    if problems:
        raise InputError(f"{path} has bad lines (nothing was run):\n  " + "\n  ".join(problems))
    if not items:
        raise InputError(f"{path} holds no prompt")
    return items


def _text_item(number: int, text: str, default_seed: int) -> BatchItem:
    from app.api.models import SceneCreate

    try:
        SceneCreate(prompt=text.strip())  # the API's limits, so a file that runs here would run there
    except ValueError as e:
        raise ValueError(_first_problem(e)) from None
    return BatchItem(number, text.strip(), default_seed)


def _jsonl_item(number: int, text: str, default_seed: int) -> BatchItem:
    from app.api.models import SCENE_ID_PATTERN, SceneCreate

    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise ValueError(f"not JSON ({e.msg} at column {e.colno})") from None
    if not isinstance(data, dict):
        raise ValueError('expected an object like {"prompt": "a bedroom with a bed", "seed": 1}')
    scene_id = data.pop("id", None)
    if scene_id is not None and not (isinstance(scene_id, str) and re.match(SCENE_ID_PATTERN, scene_id)):
        raise ValueError(f"id {scene_id!r} must be 1-64 lower-case letters, digits, '-' or '_'")
    data.setdefault("seed", default_seed)
    try:
        request = SceneCreate.model_validate(data)
    except ValueError as e:
        raise ValueError(_first_problem(e)) from None
    options = request.options.model_dump(exclude_none=True)
    return BatchItem(number, request.prompt.strip(), request.seed, scene_id, options)


def _first_problem(error: ValueError) -> str:
    errors = getattr(error, "errors", None)
    if callable(errors):
        first = errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        return f"{where}: {first['msg']}" if where else first["msg"]
    return str(error)


# --- one scene, in a worker --------------------------------------------------------------------

def run_item(item: BatchItem, out_root: Path, settings: Settings, browser: LazyBrowser,
             progress: Callable[[str, str], None]) -> dict:
    """Generate one scene into out_root/<name>/; the results-file record, never an exception for a
    scene that failed on purpose (bad prompt, browser or storage down)."""
    from graph.context import RunContext
    from graph.runner import default_scene_id, generate_scene
    from tools.core.errors import DioramaError, InputError

    out = out_root / item.name
    scene_id = item.scene_id or default_scene_id(item.prompt, item.seed, out)
    out.mkdir(parents=True, exist_ok=True)
    (out / UNFINISHED_MARKER).write_text("this scene was cut off; rerun the batch to finish it\n")
    run_settings = settings.model_copy(update=item.options) if item.options else settings
    started = time.perf_counter()
    record = {"line": item.line, "prompt": item.prompt, "seed": item.seed, "id": scene_id, "out": str(out)}
    try:
        state = generate_scene(item.prompt, out, RunContext(run_settings, browser, progress),
                               seed=item.seed, scene_id=scene_id)
    except DioramaError as error:
        kind = "input" if isinstance(error, InputError) else "environment"
        return {**record, "status": "error", "passed": False, "checks": None, "requirements": None,
                "render_ok": False, "seconds": round(time.perf_counter() - started, 3), "timings": {},
                "error": str(error), "error_kind": kind}
    report = Report.model_validate(state["report"])
    (out / UNFINISHED_MARKER).unlink()
    return {**record, "status": "ok" if report.passed else "checks_failed",
            "passed": report.passed,
            "checks": {"passed": report.checks_passed(), "total": len(report.checks)},
            "requirements": {"met": report.requirements_met(), "total": len(report.requirements)},
            "render_ok": all(c.passed for c in report.checks if c.name in RENDER_CHECKS),
            "seconds": round(time.perf_counter() - started, 3), "timings": report.timings,
            "error": None, "error_kind": None}


def _raise_interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def worker_main(tasks: Queue, results: Queue, json_logs: bool, log_level: str | None, out_root: str) -> None:
    """A worker process: one warm Chromium for every scene it is given, until it reads None."""
    os.setpgrp()  # the terminal's Ctrl-C goes to the coordinator only; it stops us with SIGTERM
    signal.signal(signal.SIGTERM, _raise_interrupt)
    from app.logs import configure_logging, log_progress
    from tools.core.settings import get_settings
    from graph.context import LazyBrowser

    configure_logging(json=json_logs, level=log_level)
    settings = get_settings()
    browser = LazyBrowser(settings.chromium, settings.render_timeout_s)
    parent = os.getppid()
    try:
        while os.getppid() == parent:  # an orphaned worker (coordinator killed) stops after its scene
            try:
                item = tasks.get(timeout=1.0)
            except queue.Empty:
                continue
            if item is None:
                break
            results.put(("started", item.name, os.getpid()))
            results.put(("done", run_item(item, Path(out_root), settings, browser, log_progress)))
    except KeyboardInterrupt:
        pass  # stopped by the coordinator: the scene keeps its UNFINISHED marker
    finally:
        browser.close()


# --- results file -----------------------------------------------------------------------------

def load_results(path: Path) -> dict[int, dict]:
    """The records of an earlier run by line number (a torn last line, from a crash, is ignored)."""
    records = {}
    if path.is_file():
        for text in path.read_text(encoding="utf-8").splitlines():
            try:
                record = json.loads(text)
            except json.JSONDecodeError:
                continue
            if isinstance(record, dict) and isinstance(record.get("line"), int):
                records[record["line"]] = record
    return records


def is_finished(item: BatchItem, record: dict | None, out_root: Path) -> bool:
    """The results file and the scene's own report.json agree that this scene is done."""
    if not record or record.get("status") not in FINISHED_STATUSES or record.get("prompt") != item.prompt:
        return False
    if record.get("seed") != item.seed or (item.scene_id and record.get("id") != item.scene_id):
        return False
    folder = out_root / item.name
    if (folder / UNFINISHED_MARKER).exists() or not (folder / "report.json").is_file():
        return False
    try:
        report = json.loads((folder / "report.json").read_text(encoding="utf-8"))
    except json.JSONDecodeError:
        return False
    return report.get("scene_id") == record.get("id") and report.get("passed") == record.get("passed")


def write_results(path: Path, records: dict[int, dict]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text("".join(json.dumps(records[line], ensure_ascii=False) + "\n" for line in sorted(records)),
                   encoding="utf-8")
    tmp.replace(path)


# --- progress on stderr -----------------------------------------------------------------------

class ProgressLine:
    """done/total, running, failed, elapsed, ETA: one updating line on a TTY, plain lines otherwise."""

    def __init__(self, total: int, done: int, enabled: bool = True) -> None:
        self.total, self.done, self.done_before, self.running, self.failed = total, done, done, 0, 0
        self.started = time.perf_counter()
        self.tty, self.enabled, self.shown = sys.stderr.isatty(), enabled, ""

    def text(self) -> str:
        elapsed = time.perf_counter() - self.started
        finished_now = self.done - self.done_before
        eta = f"{elapsed / finished_now * (self.total - self.done):.0f} s" if finished_now else "?"
        return (f"[{self.done}/{self.total}] running {self.running}, failed {self.failed}, "
                f"elapsed {elapsed:.0f} s, ETA {eta}")

    def show(self, force: bool = False) -> None:
        """Redraw the TTY line (cheap, call often); off a TTY only ``force`` prints (after each scene)."""
        if not self.enabled:
            return
        text = self.text()
        if self.tty and (force or text != self.shown):
            print(f"\r\x1b[2K{text}", end="", file=sys.stderr, flush=True)
        elif force and not self.tty:
            print(text, file=sys.stderr, flush=True)
        self.shown = text

    def say(self, line: str) -> None:
        """A result line on stdout, with the TTY progress line cleared first and redrawn after."""
        if self.enabled and self.tty:
            print("\r\x1b[2K", end="", file=sys.stderr, flush=True)
        print(line, flush=True)
        self.show(force=True)

    def close(self) -> None:
        if self.enabled and self.tty:
            print(file=sys.stderr, flush=True)


def result_line(record: dict) -> str:
    head = f"{record['line']:4d} {record['seconds']:6.1f} s  {record['status']:<13}"
    if record["status"] == "error":
        return f"{head} {record['error']}  ({record['prompt'][:50]})"
    return (f"{head} checks {record['checks']['passed']}/{record['checks']['total']}  "
            f"req {record['requirements']['met']}/{record['requirements']['total']}  {record['out']}")


# --- the coordinator --------------------------------------------------------------------------

@dataclass
class Batch:
    """Hands items to worker processes one at a time (so --fail-fast can stop scheduling) and collects results."""

    items: list[BatchItem]
    out_root: Path
    results_path: Path
    jobs: int
    fail_fast: bool
    json_logs: bool
    log_level: str | None
    records: dict[int, dict] = field(default_factory=dict)
    interrupted: bool = False
    restarts: int = 0
    stopped: str | None = None  # why no new scene is started: --fail-fast, or the machine cannot make scenes

    def run(self) -> dict[int, dict]:
        earlier = load_results(self.results_path)
        self.records = {item.line: earlier[item.line] for item in self.items
                        if is_finished(item, earlier.get(item.line), self.out_root)}
        todo = deque(item for item in self.items if item.line not in self.records)
        progress = ProgressLine(len(self.items), len(self.records), enabled=not self.json_logs)
        if self.records:
            progress.say(f"skipping {len(self.records)} finished scene(s) of an earlier run")
        if todo:
            self._work(todo, progress)
        progress.close()
        return self.records

    def _work(self, todo: deque[BatchItem], progress: ProgressLine) -> None:
        ctx = multiprocessing.get_context("spawn")  # no fork of a process holding threads or a browser
        tasks, results = ctx.Queue(), ctx.Queue()
        args = (tasks, results, self.json_logs, self.log_level, str(self.out_root))
        workers = [ctx.Process(target=worker_main, args=args, daemon=True) for _ in range(min(self.jobs, len(todo)))]
        for worker in workers:
            worker.start()
        running: dict[int, BatchItem] = {}  # worker pid -> its item
        queued: dict[str, BatchItem] = {}  # name -> item handed out, not yet started
        try:
            while True:
                while todo and not self.stopped and len(queued) + len(running) < len(workers):
                    item = todo.popleft()
                    queued[item.name] = item
                    tasks.put(item)
                if not queued and not running:
                    break
                try:
                    kind, *payload = results.get(timeout=POLL_S)
                except queue.Empty:
                    self._reap_dead(workers, running, progress, args, ctx)
                    progress.show()
                    continue
                if kind == "started":
                    name, pid = payload
                    running[pid] = queued.pop(name)
                else:
                    record = payload[0]
                    running.pop(next((pid for pid, i in running.items() if i.line == record["line"]), None), None)
                    progress.running = len(running)
                    self._finish(record, progress)
                progress.running = len(running)
        except KeyboardInterrupt:
            self.interrupted = True
        finally:
            _stop_workers(workers, tasks, self.interrupted)

    def _finish(self, record: dict, progress: ProgressLine) -> None:
        """Record a finished scene; a failure stops scheduling under --fail-fast, a machine problem always."""
        self.records[record["line"]] = record
        write_results(self.results_path, self.records)
        failed = record["status"] != "ok"
        if failed and self.fail_fast:
            self.stopped = "after the first failure (--fail-fast)"
        elif record.get("error_kind") == "environment":
            self.stopped = f"by a machine problem (fix it, then rerun): {record['error']}"
        progress.done += 1
        progress.failed += failed
        log.info("scene %s: %s", record["line"], record["status"],
                 extra={"scene_id": record["id"], "line": record["line"], "status": record["status"]})
        progress.say(result_line(record))

    def _reap_dead(self, workers: list[SpawnProcess], running: dict[int, BatchItem], progress: ProgressLine,
                   args: tuple, ctx: SpawnContext) -> None:
        """A worker that died (crash, OOM kill) fails its scene and is replaced, a few times at most."""
        from tools.core.errors import DioramaError

        for index, worker in enumerate(workers):
            if worker.is_alive():
                continue
            self.restarts += 1
            if self.restarts > MAX_RESTARTS_PER_JOB * self.jobs:
                raise DioramaError(f"batch worker processes keep dying (last exit code {worker.exitcode}); "
                                   "see the errors above, and run `diorama doctor`")
            item = running.pop(worker.pid, None)
            if item is not None:
                self._finish({"line": item.line, "prompt": item.prompt, "seed": item.seed, "id": item.scene_id,
                              "out": str(self.out_root / item.name), "status": "error", "passed": False,
                              "checks": None, "requirements": None, "render_ok": False, "seconds": 0.0,
                              "timings": {}, "error": f"worker process died (exit code {worker.exitcode})",
                              "error_kind": "environment"}, progress)
            workers[index] = ctx.Process(target=worker_main, args=args, daemon=True)
            workers[index].start()


def _stop_workers(workers: list[SpawnProcess], tasks: Queue, interrupted: bool) -> None:
    """Normal end: each worker reads None and leaves; interrupted: SIGTERM, so each closes its browser now."""
    if interrupted:
        tasks.cancel_join_thread()  # items no worker will read must not hold up our exit
    for worker in workers:
        if interrupted:
            worker.terminate()
        else:
            tasks.put(None)
    for worker in workers:
        worker.join(STOP_GRACE_S)
        if worker.is_alive():
            worker.kill()
            worker.join()


# --- summary ----------------------------------------------------------------------------------

def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def summary_table(records: list[dict]) -> str:
    """Render success, checks, requirements, and median/p90 seconds per stage over the scenes."""
    scored = [r for r in records if r["status"] != "error"]
    by_status = {s: sum(r["status"] == s for r in records) for s in ("ok", "checks_failed", "error")}
    checks = [sum(r["checks"][k] for r in scored) for k in ("passed", "total")]
    reqs = [sum(r["requirements"][k] for r in scored) for k in ("met", "total")]
    lines = [
        f"scenes              {len(records)}: {by_status['ok']} ok, {by_status['checks_failed']} checks failed, "
        f"{by_status['error']} errors",
        f"render success      {sum(r['render_ok'] for r in records)}/{len(records)}",
        f"checks passed       {checks[0]}/{checks[1]}",
        f"requirements met    {reqs[0]}/{reqs[1]}",
    ]
    stages: dict[str, list[float]] = {}
    for record in scored:
        for stage, seconds in record["timings"].items():
            stages.setdefault(stage, []).append(seconds)
    stages["scene (total)"] = [r["seconds"] for r in scored]
    if scored:
        lines.append(f"{'seconds':<19} {'median':>8} {'p90':>8}")
    for stage, values in stages.items():
        if values:
            lines.append(f"  {stage:<17} {statistics.median(values):8.2f} {_percentile(values, 0.9):8.2f}")
    return "\n".join(lines)


def exit_code(records: list[dict]) -> int:
    if any(r.get("error_kind") == "environment" for r in records):
        return EXIT_ENVIRONMENT
    return EXIT_OK if all(r["status"] == "ok" for r in records) else EXIT_CHECKS_FAILED


def cmd_batch(args: argparse.Namespace) -> int:
    from app.logs import json_logging_enabled
    from tools.core.settings import get_settings
    from tools.core.errors import InputError

    if args.jobs < 1:
        raise InputError(f"--jobs must be at least 1, got {args.jobs}")
    items = read_batch(args.prompts, args.seed)
    settings = get_settings()  # bad DIORAMA_* values fail here, before any worker starts
    batch = Batch(items, args.out.resolve(), args.results or args.out / "results.jsonl", args.jobs, args.fail_fast,
                  json_logging_enabled(), settings.log_level)
    args.out.mkdir(parents=True, exist_ok=True)
    records = batch.run()
    if batch.interrupted:
        print(f"interrupted: {len(records)}/{len(items)} scenes finished; rerun the same command to finish the rest",
              file=sys.stderr)
        return EXIT_INTERRUPTED
    done = [records[line] for line in sorted(records)]
    print("\n" + summary_table(done))
    if len(done) < len(items):
        print(f"{len(items) - len(done)} scene(s) not run: stopped {batch.stopped}")
    print(f"results: {batch.results_path}")
    return exit_code(done) if len(done) == len(items) else max(exit_code(done), EXIT_CHECKS_FAILED)


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("batch", help="generate every prompt of a .txt or .jsonl file in worker processes")
    p.add_argument("prompts", type=Path, help=".txt (one prompt per line) or .jsonl ({prompt, seed?, id?, options?})")
    p.add_argument("--out", type=Path, required=True, help="folder for the scenes and results.jsonl")
    p.add_argument("--jobs", type=int, default=1, help="worker processes, each with its own Chromium (default 1)")
    p.add_argument("--seed", type=int, default=0, help="seed for lines that give none (default 0)")
    p.add_argument("--fail-fast", action="store_true", help="start no new scene after the first failure")
    p.add_argument("--results", type=Path, help="JSONL results file (default: OUT/results.jsonl)")
    p.set_defaults(func=cmd_batch)
