"""Which everyday concrete English nouns no kind shows yet, ranked by how often English uses the word.

A second ranking beside bench/bench_coverage.py, whose SemCor tag counts are old and few, so everyday nouns
("skateboard", "trampoline", "scooter") rank low there. Here every lemma (a single word or a two-word compound)
of a WordNet noun whose most frequent sense is an artifact, animal, food or plant (lexicographer files 6, 5, 13,
20) and a kind of physical_entity, and that is no adjective or adverb too ("still", "down"), is scored by its word frequency in the `wordfreq` package (Zipf scale: 6 is
one word in a thousand, 3 one in a million). A lemma is covered when it grounds as the thing itself
(tools/plan/ground.py ground_noun gives fit "exact"). Printed: how many of the top N are covered, then the
uncovered ones best first with their gloss.

`wordfreq` is NOT a dependency of the project (it is a measuring aid only): install it in a throwaway
environment and put its site-packages on PYTHONPATH; without it this script says so and exits 0.

    PYTHONPATH=$PWD:/tmp/venv/lib/python3.11/site-packages python bench/bench_coverage_freq.py [--top 300] [--only animal plant]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tools.knowledge import wordnet  # noqa: E402

CONCRETE_FILES = {5: "animal", 6: "artifact", 13: "food", 20: "plant"}
MIN_ZIPF = 2.5  # rarer words than about three in a billion are not what users name
COMPOUND_DISCOUNT = 1.5  # wordfreq holds no phrase counts: a compound is scored as its rarer word, 1.5 Zipf less


def score(lemma: str, zipf) -> float:
    """The Zipf frequency of a lemma; for a two-word compound an estimate (wordfreq's own estimate of a phrase
    assumes its words always occur together, so "way out" would outrank "tree")."""
    words = lemma.split()
    return zipf(lemma, "en") if len(words) == 1 else min(zipf(w, "en") for w in words) - COMPOUND_DISCOUNT


def concrete_lemmas() -> dict[str, wordnet.Synset]:
    """Lemma (spaces, one or two words) -> its most frequent noun sense, for lemmas whose most frequent sense
    is a concrete thing of CONCRETE_FILES."""
    folder = wordnet.wordnet_dir()
    if folder is None:
        raise SystemExit("WordNet is not installed (make setup installs Debian's wordnet-base)")
    other_uses = [wordnet._SortedIndex((folder / f"index.{pos}").read_bytes()) for pos in ("adj", "adv")]
    found: dict[str, wordnet.Synset] = {}
    for line in (folder / "data.noun").read_text(encoding="utf-8").splitlines():
        if line.startswith(" ") or int(line.split(maxsplit=2)[1]) not in CONCRETE_FILES:
            continue
        sense = wordnet.synset(int(line.split(maxsplit=1)[0]))
        for lemma in sense.lemmas:
            words = lemma.split("_")
            if len(words) > 2 or not all(w.isalpha() for w in words) or lemma in found:
                continue
            if any(lemma in index for index in other_uses):  # "still", "down", "local": mostly not a thing
                continue
            first = wordnet.synset(wordnet._index()[lemma][0])
            if first.lexfile in CONCRETE_FILES and wordnet._is_thing(first):
                found[lemma.replace("_", " ")] = first
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--top", type=int, default=300, help="how many of the most frequent lemmas to judge")
    parser.add_argument("--show", type=int, default=150, help="how many uncovered ones to print")
    parser.add_argument("--only", nargs="+", choices=sorted(CONCRETE_FILES.values()), help="only these classes of noun")
    args = parser.parse_args()
    try:
        from wordfreq import zipf_frequency
    except ImportError:
        print("wordfreq is not installed: this ranking is skipped (see the docstring)")
        return 0
    from tools.plan.ground import ground_noun  # late: loading the kinds is not needed to skip

    scored = sorted(((score(lemma, zipf_frequency), lemma, sense) for lemma, sense in concrete_lemmas().items()),
                    key=lambda t: (-t[0], t[1]))
    wanted = set(args.only or CONCRETE_FILES.values())
    ranked = [t for t in scored if t[0] >= MIN_ZIPF and CONCRETE_FILES[t[2].lexfile] in wanted][:args.top]
    exact = [ground_noun(lemma).fit == "exact" for _, lemma, _ in ranked]
    uncovered = [t for t, ok in zip(ranked, exact) if not ok]
    for shown, (zipf, lemma, sense) in enumerate(uncovered[:args.show], 1):
        print(f"{shown:4d} {zipf:4.2f} {CONCRETE_FILES[sense.lexfile]:8s} {lemma:22s} {sense.gloss[:80]}")
    for n in (100, 200, 300, 500, 1000):
        if n <= len(ranked):
            print(f"top {n} by frequency: {sum(exact[:n])} exact ({100 * sum(exact[:n]) / n:.1f}%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
