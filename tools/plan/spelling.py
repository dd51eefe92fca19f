"""Misspelt names of things and places, put right before a prompt is parsed ("a tiolet", "a bathtubb"), a
list's multipliers read as counts ("nightstand x2"), and a wall or an arrangement named by the things it is made of
read as made of them ("an acoustic panel wall", "a hay bale stack": a wall of acoustic panels, a stack of hay bales).

A word is taken for a misspelling only when no dictionary the parser uses knows it (spaCy's WordNet lemma lists
for nouns, verbs and adjectives with their endings, WordNet's noun index with its plural forms, the stop words,
every word of a kind's or place's name), it is written in
lower case (a capitalised word may be a name), and one name of a kind or a place (one word, or its plural) is one
edit away by the likeliest slip that reaches any: a letter left out or two neighbours swapped, then a letter added,
then one changed (two names at the same step: none). A four-letter word is put
right only by a letter left out or two swapped ("towl", "chiar"), since a change or an addition there reaches too
many words ("xbox" is no box). The planner and the independent judge both read the prompt through this, so what
was asked and what was made are the same words.
"""

from __future__ import annotations

import re
from functools import lru_cache

from tools.knowledge import wordnet
from tools.knowledge.categories import CATEGORIES, lookup
from tools.knowledge.places import PLACES
from tools.knowledge.plurals import plural

WORD_RE = re.compile(r"(?<![\w'-])[a-z]+(?![\w'-])")
MIN_LENGTH = 4  # shorter words are too near too many others to put right
SHORT = 4  # at this length only a left-out letter or a swap counts
LETTERS = "abcdefghijklmnopqrstuvwxyz"
# Endings a known word may carry that the lemma lists hold without ("crosses", "stamping", "quickly").
_ENDINGS = (("ies", "y"), ("es", ""), ("s", ""), ("ed", ""), ("ed", "e"), ("d", ""), ("ing", ""), ("ing", "e"),
            ("ly", ""), ("ily", "y"), ("er", ""), ("er", "e"), ("est", ""), ("ers", ""), ("ers", "e"))


def _all_names(with_placeholder: bool) -> set[str]:
    """Every name and synonym of the kinds (the placeholder's only when asked) and of the places."""
    names = {n for kind in CATEGORIES.values() if with_placeholder or kind.name != "placeholder"
             for n in (kind.name.replace("_", " "), *kind.synonyms)}
    return names | {n for place in PLACES.values() for n in (place.name.replace("_", " "), *place.phrases)}


@lru_cache(maxsize=1)
def _names() -> frozenset[str]:
    """The one-word names of kinds and places, and their plurals."""
    words = {w for w in _all_names(with_placeholder=False) if w.isalpha() and w.islower()}
    return frozenset(words | {w + ("es" if w.endswith(("s", "x", "ch", "sh")) else "s") for w in words})


@lru_cache(maxsize=1)
def _name_words() -> frozenset[str]:
    """Every word of the kinds' and places' names, one-word or not ("ferris" of "ferris wheel")."""
    return frozenset(w for n in _all_names(with_placeholder=True) for w in n.lower().split()) | _names()


def _known(word: str) -> bool:
    from tools.plan.sentence_lex import lemma_index, nlp  # spaCy loads lazily

    tables = lemma_index()
    if word in nlp().Defaults.stop_words or word in _name_words() or wordnet.base_forms(word):
        return True
    stems = {word[:-len(end)] + new for end, new in _ENDINGS if word.endswith(end) and len(word) > len(end) + 2}
    stems |= {stem[:-1] for stem in stems if len(stem) > 2 and stem[-1] == stem[-2]}  # "bobbing": bob
    return any(stem in table for stem in (word, *stems) for table in tables.values())


def _edits(word: str, short: bool) -> list[set[str]]:
    """The words one edit from ``word``, likeliest typing slip first: a left-out letter put back or neighbours
    swapped; then, for longer words, an extra letter dropped; then a letter changed."""
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    tiers = [{a + c + b for a, b in splits for c in LETTERS} | {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1}]
    if not short:
        tiers.append({a + b[1:] for a, b in splits if b})
        tiers.append({a + c + b[1:] for a, b in splits if b for c in LETTERS})
    return [tier - {word} for tier in tiers]


@lru_cache(maxsize=4096)
def correction(word: str) -> str | None:
    """The name of a kind or place ``word`` misspells, or None (a known word, a short one, or no single name):
    of the likeliest slips that reach any name, the one name they reach ("toster" is a toaster by a left-out
    letter before it is a poster by a changed one)."""
    if len(word) < MIN_LENGTH or not wordnet.available() or _known(word):
        return None
    for tier in _edits(word, len(word) <= SHORT):
        found = tier & _names()
        if found:
            return next(iter(found)) if len(found) == 1 else None
    return None


# A list item counted by a multiplier after it, as a shopping list writes it: "bed, nightstand x2, lamp".
_ITEM_WORD = r"(?!(?:with|and|or|of|in|on|at|for|by|to)\b)[a-z][a-z'-]*"
TIMES_RE = re.compile(r"(^|[,;:]\s*|\band\s+|\bwith\s+)(?:(?:an?|the)\s+)?((?:" + _ITEM_WORD + r"\s+){0,2}" + _ITEM_WORD
                      + r")\s*[x\u00d7]\s*(\d{1,2})(?=\s*(?:[,;.]|$|\band\b))", re.I)


def respell(text: str) -> str:
    """``text`` with each misspelt name of a kind or place put right (``correction``), and a list item's
    multiplier written as its number ("nightstand x2" -> "2 nightstand"); else unchanged."""
    text = TIMES_RE.sub(lambda m: f"{m.group(1)}{m.group(3)} {m.group(2)}", text)
    text = WORD_RE.sub(lambda m: correction(m.group(0)) or m.group(0), text)
    return _gathered_re().sub(_gathered, text)


# A wall or an arrangement named by the things it is made of: "an acoustic panel wall", "a hay bale stack", "a fence
# post row" are "a wall of acoustic panels", "a stack of hay bales", "a row of fence posts", as the parser reads them.
GATHERING_WORD = "wall"
SHAPED_BY_A_CENTRE = ("ring", "pair", "group")  # "a fire pit ring" rings a fire pit; a pair or a group is counted
COVERING_WIDTH = 1.3  # metres: a kind at most this wide covers a wall in numbers; a wider one (a fireplace, a
                      # chalkboard) is the one thing on that wall


@lru_cache(maxsize=1)
def _gathered_re() -> re.Pattern:
    from tools.plan.sentence_lex import T  # spaCy loads lazily

    heads = sorted({GATHERING_WORD, *T["arrangement_nouns"]} - set(SHAPED_BY_A_CENTRE))
    return re.compile(r"\b((?i:an?|one|the))\s+((?:[a-z]+\s+){0,2}[a-z]+)\s+(" + "|".join(heads) + r")\b(?!\s+of\b)")


def _gathered(match: re.Match) -> str:
    """"a row of Xs" for "a X row" when X names a kind and "X row" is no thing of its own (a curtain wall, a
    climbing wall, an assembly line); a wall only of things few enough metres wide to cover it in numbers, and
    never of its own material (a brick wall)."""
    from tools.plan.sentence_lex import T

    words, head = match.group(2).split(), match.group(3)
    for start in range(len(words)):
        name = " ".join(words[start:])
        kind = lookup(name)
        if kind is None:
            continue
        whole = f"{name} {head}"
        if lookup(whole) or wordnet.base_forms(whole):
            return match.group(0)
        if head == GATHERING_WORD and (kind.family == "nature" or kind.size[0] > COVERING_WIDTH or any(
                w in T["materials"] or w in T["colours"] for w in words[start:])):
            return match.group(0)
        article = match.group(1)[0] if match.group(1).lower() == "an" else match.group(1)
        return f"{article} {head} of {' '.join(words[:start] + [plural(name)])}"
    return match.group(0)
