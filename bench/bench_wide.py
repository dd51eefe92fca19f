"""The wide-set figures of issue #12: `diorama eval` on one half of dev-wide, against the issue's targets.

    .venv/bin/python bench/bench_wide.py [--half even|odd|all] [--limit N] [--prompts FILE] [--out DIR]

Tune on the odd half, measure on the even half (the default). Scenes and eval.json go to a fresh folder
under /tmp unless --out says where. Prints each figure beside its target; the full even half takes about
25 minutes on a loaded two-core machine, so no test runs it.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WIDE_PROMPTS = ROOT.parent / "shared" / "prompts" / "dev-wide.txt"

# (aggregate key, how it is shown, target in words, met?) in the order.
FIGURES = (
    ("fitting_share", "pct", ">= 95%", lambda v: v is not None and v >= 0.95),
    ("stand_in_share", "pct", "-", None),
    ("placeholder_share", "pct", "-", None),
    ("missing_share", "pct", "-", None),
    ("junk_objects", "n", "0", lambda v: v == 0),
    ("crashes", "n", "0", lambda v: v == 0),
    ("input_errors", "n", "-", None),
    ("median_density_per_10m2", "n", ">= 5", lambda v: v is not None and v >= 5),
    ("p10_density_per_10m2", "n", "-", None),
    ("colliding_object_share", "pct", "0%", lambda v: not v),
    ("out_of_bounds_share", "pct", "0%", lambda v: not v),
    ("floating_share", "pct", "0%", lambda v: not v),
    ("median_seconds", "n", "<= 10 s", lambda v: v is not None and v <= 10),
    ("p90_seconds", "n", "-", None),
    ("median_navigability", "n", ">= 0.95", lambda v: v is not None and v >= 0.95),
    ("navigable_scene_share", "pct", "-", None),
    ("unreachable_usable_objects", "n", "-", None),
)


def show(value, how: str) -> str:
    if value is None:
        return "-"
    return f"{100 * value:.1f}%" if how == "pct" else str(value)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--prompts", type=Path, default=WIDE_PROMPTS)
    parser.add_argument("--half", choices=("odd", "even", "all"), default="even")
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--out", type=Path, default=None, help="default: a new folder under /tmp")
    args = parser.parse_args()
    out = args.out or Path(tempfile.mkdtemp(prefix=f"bench-wide-{args.half}-", dir="/tmp"))
    command = [sys.executable, "-m", "app.cli", "eval", str(args.prompts), "--half", args.half,
               "--limit", str(args.limit), "--out", str(out)]
    code = subprocess.run(command, cwd=ROOT).returncode
    if not (out / "eval.json").is_file():
        print(f"diorama eval exited {code} without eval.json")
        return code or 1
    data = json.loads((out / "eval.json").read_text(encoding="utf-8"))
    totals = data["aggregate"]
    print(f"\nwide set, {args.half} half: {totals['scenes']} scenes evaluated, "
          f"{len(data['failures'])} not (exit {code}); {out}")
    print(f"{'measure':<30} {'value':>10}  {'target':<9} met")
    for key, how, target, met in FIGURES:
        value = totals.get(key)
        verdict = "" if met is None else ("yes" if met(value) else "NO")
        print(f"{key:<30} {show(value, how):>10}  {target:<9} {verdict}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
