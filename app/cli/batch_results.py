"""What `diorama batch` reports: results.jsonl (one record per scene), the progress line, the summary.

A record: line, prompt, seed, id, out, status (ok, checks_failed, error), passed, checks {passed,
total}, requirements {met, total}, render_ok, seconds, timings, error, error_kind (input or
environment). It is made from the scene's job (how it ended) and its report.json (what it checked).
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from tools.core.files import write_whole
from tools.core.report import CheckName, Report

if TYPE_CHECKING:
    from app.cli.batch_input import BatchItem
    from app.jobs.queue import Job

EXIT_OK, EXIT_CHECKS_FAILED, EXIT_ENVIRONMENT = 0, 1, 3
FINISHED_STATUSES = ("ok", "checks_failed")
RENDER_CHECKS = (CheckName.READY, CheckName.NOT_BLANK)
INPUT_ERROR_CODES = ("invalid_input",)  # the worker's code for a scene its prompt cannot make; others: the machine


# --- one record -------------------------------------------------------------------------------

def report_outcome(folder: Path) -> dict:
    """The verdict, checks, requirements and timings in ``folder/report.json`` (the one reader of reports)."""
    report = Report.model_validate_json((folder / "report.json").read_text(encoding="utf-8"))
    return {"passed": report.passed,
            "checks": {"passed": report.checks_passed(), "total": len(report.checks)},
            "requirements": {"met": report.requirements_met(), "total": len(report.requirements)},
            "render_ok": all(c.passed for c in report.checks if c.name in RENDER_CHECKS),
            "timings": report.timings}


def job_record(item: BatchItem, job: Job) -> dict:
    """The results-file record of a scene whose job ended (succeeded or failed)."""
    finished = job.finished_at or time.time()
    record = {"line": item.line, "prompt": item.prompt, "seed": item.seed, "id": job.id, "out": job.out_dir}
    seconds = round(finished - (job.started_at or finished), 3)
    if job.status == "succeeded":
        assert job.out_dir is not None  # a batch submits every job with its own folder
        outcome = report_outcome(Path(job.out_dir))
        return {**record, "status": "ok" if outcome["passed"] else "checks_failed", "passed": outcome["passed"],
                "checks": outcome["checks"], "requirements": outcome["requirements"],
                "render_ok": outcome["render_ok"], "seconds": seconds, "timings": outcome["timings"],
                "error": None, "error_kind": None}
    return {**record, "status": "error", "passed": False, "checks": None, "requirements": None,
            "render_ok": False, "seconds": seconds, "timings": {}, "error": job.error_message,
            "error_kind": "input" if job.error_code in INPUT_ERROR_CODES else "environment"}


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
    if not (folder / "report.json").is_file():  # a scene folder appears only once its scene is written
        return False
    try:
        report = json.loads((folder / "report.json").read_text(encoding="utf-8"))
    except json.JSONDecodeError:
        return False
    return report.get("scene_id") == record.get("id") and report.get("passed") == record.get("passed")


def write_results(path: Path, records: dict[int, dict]) -> None:
    """Write the records, ordered by line, to a JSONL file (via a temporary file so a crash leaves the old one)."""
    write_whole(path, "".join(json.dumps(records[line], ensure_ascii=False) + "\n" for line in sorted(records)))


# --- progress on stderr -----------------------------------------------------------------------

class ProgressLine:
    """done/total, running, failed, elapsed, ETA: one updating line on a TTY, plain lines otherwise."""

    def __init__(self, total: int, done: int, enabled: bool = True) -> None:
        self.total, self.done, self.done_before, self.running, self.failed = total, done, done, 0, 0
        self.started = time.perf_counter()
        self.tty, self.enabled, self.shown = sys.stderr.isatty(), enabled, ""

    def text(self) -> str:
        """The progress line: done, running, failed, elapsed time and an estimate of the time left."""
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
        """End the progress line so the next output starts on its own line."""
        if self.enabled and self.tty:
            print(file=sys.stderr, flush=True)


def result_line(record: dict) -> str:
    """One line of a batch's summary for a record."""
    head = f"{record['line']:4d} {record['seconds']:6.1f} s  {record['status']:<13}"
    if record["status"] == "error":
        return f"{head} {record['error']}  ({record['prompt'][:50]})"
    return (f"{head} checks {record['checks']['passed']}/{record['checks']['total']}  "
            f"req {record['requirements']['met']}/{record['requirements']['total']}  {record['out']}")


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
    """The batch's exit status: environment failure first, then whether every scene passed."""
    if any(r.get("error_kind") == "environment" for r in records):
        return EXIT_ENVIRONMENT
    return EXIT_OK if all(r["status"] == "ok" for r in records) else EXIT_CHECKS_FAILED
