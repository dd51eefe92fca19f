"""The compound probe: how the planner shows two-word compounds a user writes (bench/prompts/probe-compounds.txt).

    python bench/probe_compounds.py [FILE]

Each line "place|compound" is planned as "a PLACE with a COMPOUND"; the line printed is the compound, then each
requested object the plan makes (its noun -> kind, fit, how, score), so a person can count the wrong "exact" ones
(a kind that is another thing, called the thing itself) and the wrong kinds. A line "place|noun|kind,kind" also
names the kinds that show the noun rightly (bench/prompts/probe-senses.txt): the line is marked ok or WRONG and
the right ones are counted. Plan only, no assets or browser.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tools.plan.planner import plan_prompt  # noqa: E402


def main() -> int:
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent / "prompts" / "probe-compounds.txt"
    lines = [line.split("|") for line in path.read_text(encoding="utf-8").splitlines()
             if line.strip() and not line.startswith("#")]
    right = judged = 0
    for place, compound, *expected in lines:
        plan = plan_prompt(f"a {place} with a {compound}")
        asked = [s for s in plan.objects if s.requested]
        shown = [f"{s.noun} -> {s.category} {s.grounding.fit} {s.grounding.how} {s.grounding.score:.2f}"
                 + (f" via {s.grounding.via}" if s.grounding.via else "")
                 if s.grounding else f"{s.noun} -> {s.category}" for s in asked]
        verdict = ""
        if expected:  # a third field lists the kinds that show the noun rightly
            judged += 1
            ok = any(s.category in expected[0].split(",") for s in asked if compound.split()[-1] in s.noun)
            right += ok
            verdict = "ok    " if ok else "WRONG "
        print(f"{verdict}{compound:18s} | {'; '.join(shown) or 'NOTHING'}")
    if judged:
        print(f"right {right}/{judged}")
    return 0

if __name__ == "__main__":
    raise SystemExit(main())
