"""The compound probe: how the planner shows two-word compounds a user writes (bench/prompts/probe-compounds.txt).

    python bench/probe_compounds.py [FILE]

Each line "place|compound" is planned as "a PLACE with a COMPOUND"; the line printed is the compound, then each
requested object the plan makes (its noun -> kind, fit, how, score), so a person can count the wrong "exact" ones
(a kind that is another thing, called the thing itself) and the wrong kinds. Plan only, no assets or browser.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tools.plan.planner import plan_prompt  # noqa: E402


def main() -> int:
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent / "prompts" / "probe-compounds.txt"
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        place, compound = line.split("|")
        plan = plan_prompt(f"a {place} with a {compound}")
        shown = [f"{s.noun} -> {s.category} {s.grounding.fit} {s.grounding.how} {s.grounding.score:.2f}"
                 if s.grounding else f"{s.noun} -> {s.category}" for s in plan.objects if s.requested]
        print(f"{compound:18s} | {'; '.join(shown) or 'NOTHING'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
