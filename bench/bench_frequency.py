"""Which everyday things no kind shows yet, ranked by how often English uses their names (a second ranking beside
bench/bench_coverage.py, whose SemCor tag counts are old and small: "laptop", "air fryer", "yoga mat" are never
tagged there).

Every WordNet noun lemma of one or two words, one of whose commonest senses (tools/knowledge/wordnet.py
COMMON_SENSES) is an artifact, animal, food or plant (lexicographer files 6, 5, 13, 20), a kind of physical_entity and no
place (a building, room, road, facility or system: places.toml's business), is scored by its word frequency (Zipf
scale, the ``wordfreq`` package) and checked against the kinds: covered when it grounds as the thing itself
(tools/plan/ground.py ground_noun gives fit "exact"). A lemma SemCor tagged mostly in other senses ("two" the
number, not the playing card) is left out: its concrete sense must hold a third of its tags; so is a word English
uses mostly as another part of speech (an adjective or adverb: "still", "blue"; a verb of more senses than the
noun: "release", "settle"), whose frequency is not the thing's. wordfreq
estimates a two-word name from its two words' own frequencies, which over-rates it ("line block" as often as "laptop"), so a two-word
name scores COMPOUND_PENALTY lower: a rough correction, enough to rank. Prints how many of the first N by
frequency are covered, then the uncovered ones best first; which of those a scene can show is a judgement
(kinds.toml's frequency blocks hold the ones taken).

``wordfreq`` is a tool of this script only, never a dependency of the project: install it in a throwaway venv
(python -m venv /tmp/wf && /tmp/wf/bin/pip install wordfreq) and run the script with PYTHONPATH pointing there
or from a venv holding both. Without it the script says so and exits 0 (make bench runs every script).

    python bench/bench_frequency.py [--top 200] [--min-zipf 2.5] [--show 150] [--only animal plant]
"""

from __future__ import annotations

import argparse
import collections
import functools
import importlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_coverage import tagged_senses  # noqa: E402

from tools.knowledge import wordnet  # noqa: E402
from tools.plan.ground import ground_noun  # noqa: E402

CONCRETE_FILES = {5: "animal", 6: "artifact", 13: "food", 20: "plant"}
PLACES = ("structure.n.01", "facility.n.01", "way.n.06", "system.n.01")  # places.toml shows these, not kinds
COMPOUND_PENALTY = 1.0  # Zipf points off a two-word name


def index_lemmas() -> list[str]:
    """Every noun lemma of one or two plain words in WordNet's index.noun."""
    folder = wordnet.wordnet_dir()
    if folder is None:
        raise SystemExit("WordNet is not installed (make setup installs Debian's wordnet-base)")
    lemmas = []
    for line in (folder / "index.noun").read_text(encoding="utf-8").splitlines():
        if line.startswith(" "):
            continue
        lemma = line.split(" ", 1)[0]
        if lemma.count("_") <= 1 and lemma.replace("_", "").isalpha():
            lemmas.append(lemma)
    return lemmas


def other_word(lemma: str) -> bool:
    """Whether ``lemma`` is an adjective or adverb, or a verb of more senses than its noun, in WordNet."""
    folder = wordnet.wordnet_dir()
    assert folder is not None
    return (lemma in other_lemmas(folder / "index.adj") or lemma in other_lemmas(folder / "index.adv")
            or len(wordnet._verb_index().get(lemma)) > len(wordnet._index().get(lemma)))


@functools.lru_cache(maxsize=None)
def other_lemmas(path: Path) -> frozenset[str]:
    return frozenset(line.split(" ", 1)[0] for line in path.read_text(encoding="utf-8").splitlines()
                     if not line.startswith(" "))


def is_place(sense: wordnet.Synset) -> bool:
    above = {a.offset for a, _ in wordnet.ancestors(sense)}
    return any((place := wordnet.named(name)) is not None and place.offset in above for name in PLACES)


def concrete_sense(lemma: str, tags: dict[int, collections.Counter[str]]) -> wordnet.Synset | None:
    """The commonest of ``lemma``'s common senses that is an artifact, animal, food or plant thing and no place, holding a
    third of the lemma's SemCor tags when it has any, else None."""
    offsets = wordnet._index().get(lemma, ())
    total = sum(tags[o][lemma] for o in offsets if o in tags)
    for offset in offsets[:wordnet.COMMON_SENSES]:
        sense = wordnet.synset(offset)
        share = tags[offset][lemma] if offset in tags else 0
        if (sense.lexfile in CONCRETE_FILES and wordnet._is_thing(sense) and not is_place(sense)
                and 3 * share >= total):
            return sense
    return None


def ranked(zipf, min_zipf: float) -> list[tuple[float, str, wordnet.Synset]]:
    """(frequency, name, sense) for every concrete lemma at least ``min_zipf`` frequent, most frequent first."""
    tags = tagged_senses()
    scored = ((zipf(lemma.replace("_", " "), "en") - COMPOUND_PENALTY * ("_" in lemma), lemma)
              for lemma in index_lemmas() if len(lemma) > 2)
    found = [(z, lemma.replace("_", " "), sense) for z, lemma in scored
             if z >= min_zipf and not other_word(lemma) and (sense := concrete_sense(lemma, tags)) is not None]
    return sorted(found, key=lambda t: (-t[0], t[1]))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--top", type=int, default=200, help="the first N by frequency counted as covered or not")
    parser.add_argument("--min-zipf", type=float, default=2.5)
    parser.add_argument("--show", type=int, default=150, help="uncovered names printed")
    parser.add_argument("--only", nargs="+", choices=sorted(CONCRETE_FILES.values()), help="only these classes of noun")
    args = parser.parse_args()
    try:
        zipf = importlib.import_module("wordfreq").zipf_frequency
    except ImportError:
        print("wordfreq is not installed (a tool of this script only, not of the project): skipped")
        return 0
    shown = covered_top = 0
    rows = [row for row in ranked(zipf, args.min_zipf) if not args.only or CONCRETE_FILES[row[2].lexfile] in args.only]
    for rank, (z, name, sense) in enumerate(rows, 1):
        if ground_noun(name).fit == "exact":
            covered_top += rank <= args.top
            continue
        shown += 1
        if shown <= args.show:
            print(f"{rank:5d} {z:4.2f} {CONCRETE_FILES[sense.lexfile]:8s} {name:24s} {sense.gloss[:80]}")
        if rank >= args.top and shown >= args.show:
            break
    top = min(args.top, len(rows))
    print(f"{covered_top} of the first {top} concrete names by frequency ground exactly ({covered_top / max(top, 1):.1%}); "
          f"{len(rows)} names at Zipf >= {args.min_zipf}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
