"""`diorama eval PROMPTS --out DIR`: generate every prompt of a file and measure each scene independently.

One warm browser serves every scene (generation's verifier and the evaluator's
re-render alike). Each scene goes to DIR/<nn>-<slug>/; DIR gets eval.json,
summary.md and contact_sheet.png. A scene whose prompt is refused (bad
input) is reported and skipped; the exit code is 0 when every scene was
generated and evaluated, 1 when some were skipped.
"""

from __future__ import annotations

import argparse
import re
import time
from pathlib import Path

SLUG_WORDS = 6


def slug(prompt: str) -> str:
    """'A cozy living room, 5m x 4m' -> 'a-cozy-living-room-5m-x'."""
    words = re.findall(r"[a-z0-9]+", prompt.lower())[:SLUG_WORDS]
    return "-".join(words) or "scene"


def read_prompts(path: Path, limit: int) -> list[str]:
    """Non-empty, non-comment lines of ``path``; the first ``limit`` when limit > 0."""
    prompts = [line.strip() for line in path.read_text(encoding="utf-8").splitlines()
               if line.strip() and not line.lstrip().startswith("#")]
    return prompts[:limit] if limit > 0 else prompts


def _line(index: int, record: dict) -> str:
    met = sum(req["passed"] for req in record["requirements"])
    return (f"{index:3d} {record['seconds']:6.1f} s  {'pass' if record['generator_passed'] else 'FAIL'}  "
            f"render {'ok' if record['render_ok'] else 'FAIL'}  {record['objects']:3d} obj  "
            f"coll {len(record['collisions'])}  oob {len(record['out_of_bounds'])}  "
            f"float {len(record['floating'])}  vis {100 * record['visible_share']:.0f}%  "
            f"req {met}/{len(record['requirements'])}  disagree {len(record['disagreements'])}  "
            f"{record['prompt'][:60]}")


def cmd_eval(args: argparse.Namespace) -> int:
    from tools.core.settings import get_settings
    from graph.context import LazyBrowser, RunContext
    from graph.runner import generate_scene
    from tools.core.errors import InputError
    from tools.evaluate.run import evaluate_scene, write_summary

    if not args.prompts.is_file():
        raise InputError(f"prompt file {args.prompts} does not exist")
    prompts = read_prompts(args.prompts, args.limit)
    if not prompts:
        raise InputError(f"{args.prompts} holds no prompt")
    settings = get_settings()
    browser = LazyBrowser(settings.chromium, settings.render_timeout_s)
    context = RunContext(settings, browser)
    records, skipped = [], []
    try:
        for index, prompt in enumerate(prompts, 1):
            folder = args.out / f"{index:02d}-{slug(prompt)}"
            started = time.perf_counter()
            try:
                generate_scene(prompt, folder, context, seed=args.seed)
            except InputError as error:
                skipped.append(prompt)
                print(f"{index:3d} skipped: {error} ({prompt[:60]})", flush=True)
                continue
            seconds = time.perf_counter() - started
            record = evaluate_scene(folder, browser.get(), seed=args.seed, seconds=seconds)
            records.append(record)
            print(_line(index, record), flush=True)
        totals = write_summary(args.out, records, browser.get())
    finally:
        browser.close()
    _print_aggregate(totals, args.out)
    return 0 if not skipped else 1


def _print_aggregate(totals: dict, out: Path) -> None:
    print("\naggregate")
    for key, value in totals.items():
        if key != "targets":
            shown = f"{100 * value:.1f}%" if key.endswith(("_share", "_rate")) and value is not None else value
            print(f"  {key:<28} {shown}")
    print("targets")
    for name, target in totals["targets"].items():
        print(f"  {name:<34} {target['value']!s:<14} {'met' if target['met'] else 'NOT met'}")
    print(f"written: {out / 'eval.json'}, {out / 'summary.md'}, {out / 'contact_sheet.png'}")


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("eval", help="generate every prompt of a file and measure each scene independently")
    p.add_argument("prompts", type=Path, help="text file, one prompt per line (e.g. ../shared/prompts/dev.txt)")
    p.add_argument("--out", type=Path, required=True, help="folder for the scenes, eval.json, summary.md")
    p.add_argument("--limit", type=int, default=0, help="only the first N prompts (default: all)")
    p.add_argument("--seed", type=int, default=0, help="seed for every scene (default 0)")
    p.set_defaults(func=cmd_eval)
