"""English plurals: a word's candidate singulars, read by the grammar, the edits and the place knowledge."""

from __future__ import annotations

from tools.knowledge import wordnet

SIBILANT_ENDS = ("ch", "sh", "x", "z", "ss", "o")  # a plural's stem that takes "-es"
IRREGULAR_PLURALS = {
    "cacti": "cactus", "shelves": "shelf", "people": "person", "children": "child", "men": "man",
    "women": "woman", "mice": "mouse", "geese": "goose", "feet": "foot", "teeth": "tooth", "knives": "knife",
    "leaves": "leaf", "wolves": "wolf", "calves": "calf", "sheep": "sheep", "deer": "deer", "fish": "fish",
    "buses": "bus", "glasses": "glass", "dice": "die", "oxen": "ox", "fungi": "fungus", "bookshelves": "bookshelf",
}


def singular_forms(word: str) -> list[str]:
    """Candidate singulars of ``word``, most likely first ('benches' -> ['bench', 'benche']); [] if none."""
    if word in IRREGULAR_PLURALS:
        return [IRREGULAR_PLURALS[word]]
    known = wordnet.base_forms(word)  # [] without the WordNet files (a stat per call would cost most of this)
    if known:  # WordNet's own: "canes" are canes, not cans; "series" and "grass" are no plurals
        plain = [f for f in known if f == word[:-1]]  # "cookies" -> cookie before cooky (a ship's cook too)
        return [f.replace("_", " ") for f in plain + [f for f in known if f not in plain] if f != word]
    forms = []
    if word.endswith("ies") and len(word) > 4:
        forms.append(word[:-3] + "y")
    if word.endswith("ves"):
        forms += [word[:-3] + "f", word[:-3] + "fe"]
    if word.endswith("es") and len(word) > 3:
        # "-es" is a plural ending after a hiss or an "o" ("benches", "boxes", "tomatoes"); else only the "s" is
        # ("cases", "places", "tables")
        stem = word[:-2]
        forms += [stem, word[:-1]] if stem.endswith(SIBILANT_ENDS) else [word[:-1], stem]
    elif word.endswith("s") and not word.endswith(("ss", "us", "is")) and len(word) > 2:
        forms.append(word[:-1])
    return forms


def plural(name: str) -> str:
    """``name`` with its last word in the plural ("bookshelf" -> "bookshelves", "box" -> "boxes", "fire pit" ->
    "fire pits")."""
    *rest, word = name.split(" ")
    irregular = {single: many for many, single in IRREGULAR_PLURALS.items()}
    if word in irregular:
        word = irregular[word]
    elif word.endswith(("s", "x", "z", "ch", "sh")):
        word += "es"
    elif word.endswith("y") and word[-2:-1] not in ("a", "e", "i", "o", "u"):
        word = word[:-1] + "ies"
    else:
        word += "s"
    return " ".join([*rest, word])
