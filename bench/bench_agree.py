"""Where the planner and the judge disagree, by class, over prompt files (plan only, as bench_named.py plans).

    python bench/bench_agree.py FILE... [--half odd|even] [-v]

A disagreement is a requested object the judge (tools/evaluate/named.py) counts as junk, a named thing it finds
nothing for (missing), or one it calls a stand-in or placeholder while the object showing it was planned as the
thing itself (grounding fit "exact"). Stand-ins both call so are counted, not disagreements. -v lists each one with
its prompt: for tune sets and the odd half only, never the measurement half.
"""

from __future__ import annotations

import argparse
import collections
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.bench_named import junk_class, prompts_of, scene_objects  # noqa: E402
from tools.evaluate.named import default_similarity, judge_named, junk_objects  # noqa: E402
from tools.plan.look import apply_look  # noqa: E402
from tools.plan.planner import plan_prompt  # noqa: E402
from tools.plan.sentence import parse_prompt  # noqa: E402


def spec_of(plan, object_id: str):
    """The plan's ObjectSpec whose instance scene_objects calls ``object_id``."""
    return next((s for s in plan.objects for i in range(s.count) if f"{s.key}_{i + 1}" == object_id), None)


def disagreements(text: str, similarity) -> list[tuple[str, str]]:
    """[(class, what)] for one prompt."""
    plan = apply_look(plan_prompt(text, 0))
    objects, parsed, env = scene_objects(plan), parse_prompt(text), plan.environment
    assert plan.look is not None
    look = {**plan.look.model_dump(), "outdoor": env.kind == "outdoor"}
    surfaces = {"walls": env.walls, "floor": env.floor} if env.kind == "indoor" else {}
    found = [("junk: " + junk_class(j["why"]), repr(j["noun"])) for j in junk_objects(parsed, objects)]
    for named in judge_named(parsed, objects, similarity, look, surfaces):
        if named["verdict"] in ("fitting", "scene"):
            continue
        spec = spec_of(plan, named["object"]) if named["object"] else None
        fit = spec.grounding.fit if spec is not None and spec.grounding is not None else "-"
        shown = f" -> {spec.category} (planned {fit})" if spec is not None else ""
        found.append((named["verdict"] if spec is None else f"{named['verdict']}: planner {fit}",
                      f"{named['name']!r}{shown}"))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--half", choices=("odd", "even"))
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    similarity = default_similarity()
    classes: collections.Counter[str] = collections.Counter()
    for path in args.files:
        for number, text in prompts_of(path, args.half):
            try:
                found = disagreements(text, similarity)
            except Exception as error:  # a crash is a figure here, not the end of the run
                found = [("planner failure", type(error).__name__)]
            classes.update(c for c, _ in found)
            for cls, what in found if args.verbose else ():
                if not cls.endswith("planner stand-in"):
                    print(f"  {cls:34} {path.name}:{number:<4} {what:50} | {text[:120]}")
    print(" | ".join(f"{c} {n}" for c, n in sorted(classes.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
