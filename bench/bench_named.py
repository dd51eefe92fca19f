"""How many named things the planner shows as a fitting kind, judged from the parse: plan only (no assets, layout
or browser), so a whole prompt set takes under a minute.

    python bench/bench_named.py FILE [--half odd|even] [-v]

FILE holds one prompt a line; --half reads the odd- or even-numbered prompts after a first comment line (tune on
odd, measure on even). Each prompt is planned; its objects are given the names and ``stand_in_for`` marks
compose would write, and the independent judge (tools/evaluate/named.py) rates every thing the parse names as
fitting, stand-in, placeholder or missing (a phenomenon the parse sets aside as the air or the weather, "rain",
"candlelight", counts too: present only when a kind or the plan's look draws it), and counts junk objects. The misses are also counted by class (what
shows them, and whether WordNet knows the noun as a thing at all), which is fit for either half; -v lists what
is not fitting one by one (never use it on the measurement half). ``diorama eval`` measures the same on rendered scenes.
A last line counts the bare plurals ("balloons") the plan shows and those it makes one object of a kind that is no
set (a count the verdicts do not see).
"""

from __future__ import annotations

import argparse
import collections
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tools.evaluate.named import PLACEHOLDER, default_similarity, judge_named, junk_objects  # noqa: E402
from tools.knowledge import wordnet  # noqa: E402
from tools.knowledge.categories import CATEGORIES  # noqa: E402
from tools.page.compose import _display_name  # noqa: E402
from tools.plan.ground import is_archetype, is_set_kind  # noqa: E402
from tools.plan.look import apply_look  # noqa: E402
from tools.plan.planner import plan_prompt  # noqa: E402
from tools.plan.sentence import parse_prompt  # noqa: E402


def prompts_of(path: Path, half: str | None) -> list[tuple[int, str]]:
    lines = path.read_text(encoding="utf-8").splitlines()
    if half is None:
        return [(k, t) for k, t in enumerate(lines, 1) if t.strip() and not t.startswith("#")]
    return [(k, t) for k, t in enumerate(lines[1:], 1) if k % 2 == (1 if half == "odd" else 0)]


def scene_objects(plan) -> list[dict]:
    """The objects as scene.json names them, one per instance."""
    objects = []
    for spec in plan.objects:
        for i in range(spec.count):
            obj = {"id": f"{spec.key}_{i + 1}", "category": spec.category, "requested": spec.requested,
                   "name": _display_name(spec, spec.category)}
            if spec.grounding is not None and spec.grounding.fit == "stand-in":
                obj["stand_in_for"] = spec.grounding.noun
            objects.append(obj)
    return objects


def miss_class(judged: dict, objects: list[dict]) -> str:
    """The class of a named thing that is not fitting: what shows it, and for a stand-in whether WordNet holds
    the noun as a kind of the kind shown ("a rocking chair" by a chair) or holds no physical sense of it at all
    (a word the parse should not have taken for a thing)."""
    noun = judged["name"]
    if wordnet.available() and wordnet.senses(noun) and not wordnet.physical_senses(noun):
        return "not a thing (WordNet)"
    if judged["verdict"] != "stand-in":
        return judged["verdict"]
    shown = next(o for o in objects if o["id"] == judged["object"])
    entry = CATEGORIES.get(shown.get("category", ""))
    if entry is None or shown.get("category") == PLACEHOLDER:
        return "stand-in"
    if is_archetype(entry):
        return "stand-in: archetype"
    kind_senses = [s for n in (entry.name, *entry.synonyms) for s in wordnet.physical_senses(n.replace("_", " "), 2)]
    if any(wordnet.related(s, k, 0) for s in wordnet.physical_senses(noun) for k in kind_senses):
        return "stand-in: a kind it is a kind of"
    return "stand-in: another kind"


def bare_plurals(parsed, plan) -> tuple[int, int]:
    """(bare plurals the plan shows, those it makes one object of a kind that is no set): "balloons" as one balloon
    is a count the judge's verdicts do not see."""
    shown = single = 0
    for mention in parsed.mentions:
        if not mention.plural or mention.count is not None:
            continue
        spec = next((s for s in plan.objects if s.requested and s.grounding
                     and s.grounding.noun in (mention.name, mention.head)), None)
        if spec is not None:
            shown += 1
            single += spec.count == 1 and not is_set_kind(CATEGORIES[spec.category])
    return shown, single


def junk_class(why: str) -> str:
    """A junk object's class: the parse's reason for rejecting its word (without the word), or the judge's why."""
    if why.startswith("the parse rejects"):
        return "parse rejects: " + why.split("(", 1)[-1].split("(")[0].rstrip(") ").strip()
    return why


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", type=Path)
    parser.add_argument("--half", choices=("odd", "even"))
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    similarity = default_similarity()
    verdicts: collections.Counter[str] = collections.Counter()
    classes: collections.Counter[str] = collections.Counter()
    junk_classes: collections.Counter[str] = collections.Counter()
    junk, failures, started = 0, [], time.perf_counter()
    plurals = [0, 0]
    prompts = prompts_of(args.file, args.half)
    for number, text in prompts:
        try:
            plan = apply_look(plan_prompt(text, 0))  # as graph/plan.py: the look the judge reads phenomena against
        except Exception as error:  # a crash is a figure here, not the end of the run
            failures.append(f"{number}: {type(error).__name__}")
            continue
        objects = scene_objects(plan)
        parsed = parse_prompt(text)
        assert plan.look is not None
        env = plan.environment
        look = {**plan.look.model_dump(), "outdoor": env.kind == "outdoor"}
        surfaces = {"walls": env.walls, "floor": env.floor} if env.kind == "indoor" else {}
        named = judge_named(parsed, objects, similarity, look, surfaces)
        found_junk = junk_objects(parsed, objects)
        plurals = [a + b for a, b in zip(plurals, bare_plurals(parsed, plan))]
        junk += len(found_junk)
        junk_classes.update(junk_class(j["why"]) for j in found_junk)
        verdicts.update(n["verdict"] for n in named)
        classes.update(miss_class(n, objects) for n in named if n["verdict"] not in ("fitting", "scene"))
        if args.verbose:
            for n in named:
                if n["verdict"] not in ("fitting", "scene"):
                    print(f"  {number:4} {n['verdict']:11} {n['name']!r:30} {n['why']}")
            for j in found_junk:
                print(f"  {number:4} {'junk':11} {j['noun']!r:30} {j['why']}")
    scene = verdicts.pop("scene", 0)
    total = sum(verdicts.values()) or 1
    shares = ", ".join(f"{v} {verdicts[v]} ({100 * verdicts[v] / total:.1f}%)"
                       for v in ("fitting", "stand-in", "placeholder", "missing"))
    print(f"{len(prompts)} prompts, {time.perf_counter() - started:.0f} s; named things {total}: {shares}; "
          f"the scene itself (places, room parts, weather) {scene}; junk objects {junk}; planner failures {len(failures)} {failures}")
    print("misses by class: " + ", ".join(f"{c} {n}" for c, n in classes.most_common()))
    print("junk by class: " + ", ".join(f"{c} {n}" for c, n in junk_classes.most_common()))
    print(f"bare plurals shown {plurals[0]}, made as one object of a kind that is no set {plurals[1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
