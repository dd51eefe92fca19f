"""Coverage of the things people name in outdoor settings: every thing of bench/outdoor-settings.txt (one setting a
line, "setting: thing, thing, ...") grounded by tools/plan/ground.py ground_noun; covered when the grounding shows
the thing itself (fit "exact"). Prints the uncovered ones with what grounding gives instead, then the share.

    python bench/bench_settings.py [FILE]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tools.plan.ground import ground_noun  # noqa: E402


def settings(path: Path) -> list[tuple[str, list[str]]]:
    rows = [line.split(":", 1) for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")]
    return [(name.strip(), [t.strip() for t in things.split(",") if t.strip()]) for name, things in rows]


def main() -> None:
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).with_name("outdoor-settings.txt")
    total = covered = 0
    for setting, things in settings(path):
        for thing in things:
            grounding = ground_noun(thing, thing.split()[-1])
            total += 1
            covered += grounding.fit == "exact"
            if grounding.fit != "exact":
                print(f"{setting:20} {thing:28} {grounding.fit:9} {grounding.kind}")
    print(f"{len(settings(path))} settings, {total} things: {covered} shown as themselves ({100 * covered / total:.1f}%)")


if __name__ == "__main__":
    main()
