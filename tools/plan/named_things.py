"""What one thing the parse names is, read once: the names it may be shown by and whether a thing shows it.

The planner (tools/plan/read.py) keeps a thing of the word grammar only when it shows a thing the parse names, and
the judge (tools/evaluate/named.py) counts an object as junk when it shows none: both decide it here, so they
cannot disagree about where one named thing ends ("a floor-to-ceiling bookcase" is one, no floor or ceiling).
"""

from __future__ import annotations

from collections.abc import Iterable

from tools.knowledge import wordnet
from tools.knowledge.categories import CATEGORIES
from tools.plan.sentence_lex import Mention


def noun_forms(noun: str) -> set[str]:
    """``noun`` lower-cased and its plausible singulars ('boxes' -> 'box', 'shelves' -> 'shelf', 'teeth' -> 'tooth')."""
    noun = " ".join(noun.lower().replace("_", " ").split())
    *rest, last = noun.split(" ") if noun else [""]
    singulars = {last}
    if last.endswith("ies"):
        singulars.add(last[:-3] + "y")
    if last.endswith("ves"):
        singulars |= {last[:-3] + "f", last[:-3] + "fe"}
    if last.endswith("es"):
        singulars.add(last[:-2])
    if last.endswith("s") and not last.endswith("ss"):
        singulars.add(last[:-1])
    if wordnet.available():  # irregular plurals WordNet lists: "teeth" -> tooth, "mice" -> mouse
        singulars |= {form for form in wordnet.base_forms(last) if "_" not in form}
    return {" ".join([*rest, s]) for s in singulars if s}


def kind_names(category: str) -> set[str]:
    """The names people use for the kind ``category`` ({} for a name kinds.toml does not hold)."""
    entry = CATEGORIES.get(category)
    return {entry.name.replace("_", " "), *entry.synonyms} if entry else set()


def names_of(mention: Mention) -> tuple[str, ...]:
    """The names a thing the parse names may be shown by: its name, its head word, and the whole "X of Y" phrase it
    is in ("a chest of gold": a treasure chest shows the chest and the gold)."""
    return (mention.name, mention.head, *mention.of_names)


def called(noun: str, forms: set[str]) -> bool:
    """Whether a thing called ``noun`` is called one of the noun ``forms``: by it, or by it last ("green
    trunks" shows "trunk", "a corner bench" a bench)."""
    return any(name == form or name.endswith(" " + form) for name in noun_forms(noun) for form in forms)


def shows_named(noun: str, category: str, names: Iterable[str]) -> bool:
    """Whether a thing called ``noun`` of the kind ``category`` shows one of ``names`` (see ``names_of``): by its
    own words, or by a name of its kind."""
    return any(called(noun, forms) or kind_names(category) & forms for forms in map(noun_forms, names))
