"""What every CLI command prints: exit codes, progress lines and the scene summary.

Only app/ knows about exit codes. 0 scene written and verified; 1 scene written but checks still fail
after repairs; 2 bad input (the message says what to change); 3 the machine could not do the work
(browser missing, storage down).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tools.core.report import Report

EXIT_OK, EXIT_CHECKS_FAILED, EXIT_BAD_INPUT, EXIT_ENVIRONMENT = 0, 1, 2, 3


def progress_printer(started: float):
    """A progress callback that prints each stage's message to stderr with the seconds since `started`."""
    def report(stage: str, message: str) -> None:
        print(f"[{time.perf_counter() - started:6.1f}s] {stage:<8} {message}", file=sys.stderr, flush=True)

    return report


def summary(state: Mapping[str, Any], out: Path, seconds: float) -> str:
    """The text a finished run prints: pass/fail, counts, failed checks, stand-ins and where the files are."""
    report = Report.model_validate(state["report"])
    lines = [
        f"{'OK' if report.passed else 'CHECKS FAILED'}: {len(state['placements'])} objects, "
        f"{report.checks_passed()}/{len(report.checks)} checks, "
        f"{report.requirements_met()}/{len(report.requirements)} requirements met, {seconds:.1f} s",
    ]
    lines += [f"  failed {c.name}: {c.evidence}" for c in report.failed()]
    lines += [f"  stand-in: '{u.noun}' shown as {u.mapped_to.replace('_', ' ')} ({u.reason})" for u in report.unknown_nouns]
    lines += [f"  scene:  {out / 'index.html'}", f"  report: {out / 'report.json'}", f"  view:   diorama view {out}"]
    if state.get("scene", {}).get("urls"):
        lines.append(f"  published: {state['scene']['urls']['index']}")
    return "\n".join(lines)
