"""Which things of indoor trades, hobbies, sports, crafts, services, studios, labs, clinics and shops no kind shows
yet: a third ranking beside bench/bench_coverage.py (SemCor tags) and bench/bench_frequency.py (word frequency),
whose top had reached abstract words. bench/activities.txt lists about 80 activities, each with the things a person
would name there; every thing is grounded as the prompt would (tools/plan/ground.py ground_noun, the activity as
context) and counts as covered when it grounds as the thing itself (fit "exact").

    python bench/bench_activities.py [FILE] [-v]

Prints the covered count of all things and, with -v, each miss with the kind that would stand in.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tools.plan.ground import ground_noun  # noqa: E402

ACTIVITIES = Path(__file__).resolve().parent / "activities.txt"


def activities(path: Path) -> list[tuple[str, list[str]]]:
    """(activity, its things) from lines "activity: thing, thing"; # starts a comment."""
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            place, things = line.split(":", 1)
            rows.append((place.strip(), [t.strip() for t in things.split(",") if t.strip()]))
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file", nargs="?", type=Path, default=ACTIVITIES)
    parser.add_argument("-v", action="store_true", help="list every miss")
    args = parser.parse_args()
    rows = activities(args.file)
    total = covered = 0
    for place, things in rows:
        for thing in things:
            found = ground_noun(thing, thing.split()[-1], context=f"a {place} with a {thing}", counted=True)
            total += 1
            covered += found.fit == "exact"
            if args.v and found.fit != "exact":
                print(f"{place:28} {thing:26} {found.fit:9} {found.kind} ({found.how} {found.score})")
    print(f"{len(rows)} activities, {total} things: exact {covered} of {total} ({100 * covered / max(total, 1):.1f}%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
