"""Asset generation speed: assets per second per generator family, the cost of a cache hit, sheet render time.

A cache hit is tools/supply/make.py make_asset on a key whose file already exists:
the generator still runs (the key is a hash of its parameters, the bytes are
checked) but nothing is written. ``--sheet`` also renders the full contact
sheet in Chromium (minutes on a software renderer).

Run: .venv/bin/python bench/bench_assets.py [--sheet]
"""

from __future__ import annotations

import functools
import json
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tools.assets.generate import clear_memo, generate  # noqa: E402
from tools.core.schema import ObjectSpec  # noqa: E402
from tools.evaluate.sheet import render_sheet, sheet_tiles  # noqa: E402
from tools.supply.make import make_asset  # noqa: E402

CACHE_CATEGORIES = ("chair", "sofa", "house", "oak_tree", "car", "table")
REPEATS = 3


def per_family() -> None:
    seconds, counts = defaultdict(float), defaultdict(int)
    for _ in range(REPEATS):
        for tile in sheet_tiles():
            clear_memo()
            started = time.perf_counter()
            generate(tile.category, variant=tile.variant)
            seconds[tile.family] += time.perf_counter() - started
            counts[tile.family] += 1
    print(f"{'family':<20} {'assets/s':>9} {'ms/asset':>9}")
    for family in sorted(seconds, key=lambda f: counts[f] / seconds[f]):
        print(f"{family:<20} {counts[family] / seconds[family]:9.1f} {1000 * seconds[family] / counts[family]:9.1f}")
    total_s, total_n = sum(seconds.values()), sum(counts.values())
    print(f"{'all':<20} {total_n / total_s:9.1f} {1000 * total_s / total_n:9.1f}")


def _timed(action) -> float:
    started = time.perf_counter()
    action()
    return time.perf_counter() - started


def _without_memo(make) -> None:
    clear_memo()
    make()


def cache_hit() -> None:
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        print(f"\nmake_asset, ms  {'miss':>7} {'file hit':>9} {'memo hit':>9}   (file hit: new process, file exists)")
        for category in CACHE_CATEGORIES:
            spec = ObjectSpec(key=category, category=category)
            make = functools.partial(make_asset, spec, 0, out)
            clear_memo()
            miss = _timed(make)
            file_hit = sum(_timed(functools.partial(_without_memo, make)) for _ in range(REPEATS)) / REPEATS
            memo_hit = sum(_timed(make) for _ in range(REPEATS)) / REPEATS
            print(f"{category:<15} {1000 * miss:7.1f} {1000 * file_hit:9.1f} {1000 * memo_hit:9.2f}")


def sheet() -> None:
    from tools.verify.browser import Browser

    with tempfile.TemporaryDirectory() as folder, Browser(timeout_s=60) as browser:
        started = time.perf_counter()
        written = render_sheet(Path(folder), browser)
        report = json.loads((Path(folder) / "sheet-report.json").read_text())
        print(f"\ncontact sheet: {report['tiles']} tiles, {len(written)} PNGs, {time.perf_counter() - started:.1f} s in all; "
              f"drawing {report['render_ms'] / 1000:.1f} s, drawing + screenshots {report['seconds']:.1f} s")


if __name__ == "__main__":
    per_family()
    cache_hit()
    if "--sheet" in sys.argv:
        sheet()
