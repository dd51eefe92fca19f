"""Which common concrete English nouns no kind shows yet: the ranking new kinds are chosen from.

English decides, not a prompt set: WordNet's cntlist.rev counts how often each noun sense was tagged in its
sense-tagged corpora (SemCor). Every noun sense that is an artifact, animal, food or plant (WordNet's
lexicographer files 6, 5, 13, 20) and a kind of physical_entity is scored by its tag count, summed over the
lemmas that name it; a sense is covered when one of its lemmas grounds to a kind as the thing itself
(tools/plan/ground.py ground_noun gives fit "exact"). The uncovered senses are printed best first with their
lemmas and gloss; which of them a scene can show is then a judgement (kinds.toml's last block holds the ones
taken).

    python bench/bench_coverage.py [--top 150] [--min-count 3]
"""

from __future__ import annotations

import argparse
import collections
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tools.knowledge import wordnet  # noqa: E402
from tools.plan.ground import ground_noun  # noqa: E402

CONCRETE_FILES = {5: "animal", 6: "artifact", 13: "food", 20: "plant"}


def tagged_senses() -> dict[int, collections.Counter[str]]:
    """Synset offset -> tag count per lemma, for every tagged noun sense in cntlist.rev."""
    folder = wordnet.wordnet_dir()
    if folder is None:
        raise SystemExit("WordNet is not installed (make setup installs Debian's wordnet-base)")
    counts: dict[int, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    for line in (folder / "cntlist.rev").read_text(encoding="utf-8").splitlines():
        key, number, tags = line.split()
        lemma, _, rest = key.partition("%")
        if not rest.startswith("1:"):  # nouns only
            continue
        offsets = wordnet._index().get(lemma, ())
        if int(number) <= len(offsets):
            counts[offsets[int(number) - 1]][lemma] += int(tags)
    return counts


def concrete(offset: int) -> bool:
    sense = wordnet.synset(offset)
    return sense.lexfile in CONCRETE_FILES and wordnet._is_thing(sense)


def covered(lemmas: list[str]) -> str | None:
    """The kind one of ``lemmas`` grounds to as the thing itself, else None."""
    for lemma in lemmas:
        found = ground_noun(lemma.replace("_", " "))
        if found.fit == "exact":
            return found.kind
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--top", type=int, default=150)
    parser.add_argument("--min-count", type=int, default=3)
    args = parser.parse_args()
    ranked = sorted(((sum(c.values()), o, c) for o, c in tagged_senses().items()
                     if sum(c.values()) >= args.min_count and concrete(o)), key=lambda t: (-t[0], t[1]))
    shown = total = 0
    for count, offset, by_lemma in ranked:
        sense = wordnet.synset(offset)
        lemmas = list(dict.fromkeys([*sorted(by_lemma, key=lambda lemma: -by_lemma[lemma]), *sense.lemmas]))
        total += 1
        if covered(lemmas) is not None:
            continue
        shown += 1
        print(f"{shown:4d} {count:4d} {CONCRETE_FILES[sense.lexfile]:8s} {', '.join(lemmas[:4]):40s} {sense.gloss[:70]}")
        if shown >= args.top:
            break
    print(f"{shown} uncovered of the first {total} concrete senses tagged at least {args.min_count} times")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
