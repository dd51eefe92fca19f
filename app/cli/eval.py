"""`diorama eval PROMPTS --out DIR`: generate every prompt of a file and measure each scene independently.

Prompts are numbered from 1 over the file's non-empty, non-comment lines; ``--half odd`` or ``even`` keeps
those numbers only (the wide set tunes on odd prompts and measures on even ones), ``--limit N`` the first N
kept. One warm browser serves every scene (generation's verifier and the evaluator's re-render alike).
Each scene goes to DIR/<number>-<slug>/; DIR gets eval.json, summary.md and contact_sheet.png. A prompt
refused as bad input is counted apart; a prompt whose generation or evaluation raised anything else is
recorded as a crash (error type and first line) and the run goes on with the next. The exit code is 0
when every prompt was generated and evaluated, 1 when some were refused or crashed.
"""

from __future__ import annotations

import argparse
import re
import time
from pathlib import Path

from app.cli.arguments import seed_argument

SLUG_WORDS = 6


def slug(prompt: str) -> str:
    """'A cozy living room, 5m x 4m' -> 'a-cozy-living-room-5m-x'."""
    words = re.findall(r"[a-z0-9]+", prompt.lower())[:SLUG_WORDS]
    return "-".join(words) or "scene"


def read_prompts(path: Path, limit: int = 0, half: str = "all") -> list[tuple[int, str]]:
    """(number, prompt) of the non-empty, non-comment lines of ``path``, numbered from 1; only odd or even
    numbers for ``half`` 'odd' / 'even'; the first ``limit`` of those when limit > 0."""
    lines = [line.strip() for line in path.read_text(encoding="utf-8").splitlines()]
    numbered = list(enumerate((line for line in lines if line and not line.startswith("#")), 1))
    if half != "all":
        numbered = [(n, prompt) for n, prompt in numbered if n % 2 == (1 if half == "odd" else 0)]
    return numbered[:limit] if limit > 0 else numbered


def failure(number: int, prompt: str, kind: str, error: BaseException) -> dict:
    """What eval.json keeps of a prompt that was not evaluated: its error's type and first line."""
    first_line = (str(error).strip().splitlines() or [""])[0]
    return {"number": number, "prompt": prompt, "kind": kind, "type": type(error).__name__, "message": first_line[:300]}


def _line(index: int, record: dict) -> str:
    met = sum(req["passed"] for req in record["requirements"])
    return (f"{index:3d} {record['seconds']:6.1f} s  {'pass' if record['generator_passed'] else 'FAIL'}  "
            f"render {'ok' if record['render_ok'] else 'FAIL'}  {record['objects']:3d} obj  "
            f"coll {len(record['collisions'])}  oob {len(record['out_of_bounds'])}  "
            f"float {len(record['floating'])}  vis {100 * record['visible_share']:.0f}%  "
            f"req {met}/{len(record['requirements'])}  named {record['named_counts']['fitting']}/"
            f"{len(record['named'])}  junk {len(record['junk'])}  "
            f"{_space(record)}disagree {len(record['disagreements'])}  "
            f"{record['prompt'][:60]}")


def _space(record: dict) -> str:
    if not record["indoor"]:
        return ""
    openings = record["doors"] + record["windows"]
    obstructed = sum(bool(o["blocked_by"]) or o.get("reached") is False for o in openings)
    return (f"dens {record['density_per_10m2']}  nav {record['navigability']}  "
            f"openings {len(openings) - obstructed}/{len(openings)} clear  ")


def cmd_eval(args: argparse.Namespace) -> int:
    """`diorama eval`: generate each prompt of a file, measure each scene and write eval.json and summary.md."""
    from graph.context import LazyBrowser, RunContext
    from graph.runner import generate_scene
    from tools.core.errors import InputError
    from tools.core.settings import get_settings
    from tools.evaluate.run import evaluate_scene
    from tools.evaluate.summary import write_summary

    if not args.prompts.is_file():
        raise InputError(f"prompt file {args.prompts} does not exist")
    prompts = read_prompts(args.prompts, args.limit, args.half)
    if not prompts:
        raise InputError(f"{args.prompts} holds no prompt" + ("" if args.half == "all" else f" in its {args.half} half"))
    settings = get_settings()
    browser = LazyBrowser(settings.chromium, settings.render_timeout_s)
    context = RunContext(settings, browser)
    records, failures = [], []
    try:
        for number, prompt in prompts:
            folder = args.out / f"{number:02d}-{slug(prompt)}"
            started = time.perf_counter()
            try:
                generate_scene(prompt, folder, context, seed=args.seed)
                seconds = time.perf_counter() - started
                record = evaluate_scene(folder, browser.get(), seed=args.seed, seconds=seconds, number=number)
            except InputError as error:
                failures.append(failure(number, prompt, "input_error", error))
                print(f"{number:3d} refused: {error} ({prompt[:60]})", flush=True)
                continue
            except Exception as error:  # noqa: BLE001 - a benchmark records a crash and goes on with the next prompt
                failures.append(failure(number, prompt, "crash", error))
                print(f"{number:3d} CRASH {type(error).__name__}: {failures[-1]['message']} ({prompt[:60]})", flush=True)
                continue
            records.append(record)
            print(_line(number, record), flush=True)
        totals = write_summary(args.out, records, browser.get(), failures)
    finally:
        browser.close()
    _print_aggregate(totals, args.out)
    return 0 if not failures else 1


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
    """Add the `eval` command to the CLI."""
    p = subparsers.add_parser("eval", help="generate every prompt of a file and measure each scene independently")
    p.add_argument("prompts", type=Path, help="text file, one prompt per line (e.g. ../shared/prompts/dev.txt)")
    p.add_argument("--out", type=Path, required=True, help="folder for the scenes, eval.json, summary.md")
    p.add_argument("--half", choices=("odd", "even", "all"), default="all",
                   help="only odd- or even-numbered prompts (default: all)")
    p.add_argument("--limit", type=int, default=0, help="only the first N prompts kept (default: all)")
    p.add_argument("--seed", type=seed_argument, default=0, help="seed for every scene, 0 to 2147483647 (default 0)")
    p.set_defaults(func=cmd_eval)
