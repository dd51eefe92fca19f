"""Noun phrases of a prompt: quantity, attributes and head (an object category, a place, or an unknown noun).

The grammar is deliberately small: ``[quantity] [the] (attribute | modifier)* head``,
where the head is the longest known phrase (plural forms included) and, in a
compound like 'beach towel', the last noun wins.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import lru_cache

from tools.core.colors import parse_color
from tools.knowledge.categories import CATEGORIES
from tools.knowledge.places import FLOOR_WORDS, GROUND_WORDS, place_phrases
from tools.knowledge.plurals import singular_forms
from tools.plan.text import MEASURE_PREFIX, tokenize
from tools.plan.words import (
    CLAUSE_BREAKS,
    CONJUNCTIONS,
    DEFINITE,
    EMPTY_WORDS,
    FLOOR_HEADS,
    IGNORED_ADJECTIVES,
    MANY_RANGE,
    MATERIAL_WORDS,
    NON_NOUN_WORDS,
    NON_OBJECT_NOUNS,
    NUMBER_WORDS,
    PRONOUNS,
    QUANTITY_PHRASES,
    RELATION_STARTS,
    SHAPE_WORDS,
    SIZE_WORDS,
    TENS,
    VAGUE_RANGE,
    VERB_ENDING_NOUNS,
    VERB_ENDINGS,
    WALL_HEADS,
    WINDOW_HEADS,
    WITH_WORDS,
)

MAX_PHRASE_WORDS = 4
_STOPS = CLAUSE_BREAKS | CONJUNCTIONS | WITH_WORDS | PRONOUNS | {","}


@dataclass
class Head:
    """What a noun phrase names. kind: 'category', 'place', 'window', 'floor', 'wall', 'none', 'unknown'."""

    kind: str
    name: str
    words: tuple[str, ...]
    plural: bool = False
    alternatives: tuple[tuple[str, str], ...] = ()  # other (kind, name) readings of the same words


@dataclass
class NounPhrase:
    """A noun phrase: its head, where it ends, its count and arrangement, attributes and modifiers."""

    head: Head | None
    end: int
    count: int | None = None  # None: not stated
    vague: bool = False  # 'some', 'many': count drawn from the seed
    arrangement: str | None = None  # 'stacked' / 'row' / 'grid' from "a stack of", "a row of"
    definite: bool = False
    attrs: dict[str, str] = field(default_factory=dict)  # color, color_name, material, size, shape
    modifiers: list[str] = field(default_factory=list)
    places: list[str] = field(default_factory=list)  # places named as modifiers ('the kitchen table')
    ground: str | None = None
    empty: bool = False


@lru_cache(maxsize=1)
def phrase_index() -> dict[tuple[str, ...], tuple[tuple[str, str], ...]]:
    """Every category and place phrase as a token tuple -> its (kind, name) readings, categories first."""
    index: dict[tuple[str, ...], list[tuple[str, str]]] = {}
    for category in CATEGORIES.values():
        for name in (category.name.replace("_", " "), *category.synonyms):
            readings = index.setdefault(tuple(tokenize(name)), [])
            if not any(kind == "category" for kind, _ in readings):
                readings.append(("category", category.name))
    for words, place in place_phrases().items():
        index.setdefault(words, []).append(("place", place))
    return {words: tuple(readings) for words, readings in index.items()}


def match_head(tokens: list[str], start: int) -> Head | None:
    """The longest category or place phrase at ``tokens[start:]``, plural forms included."""
    index = phrase_index()
    for length in range(min(MAX_PHRASE_WORDS, len(tokens) - start), 0, -1):
        span = tuple(tokens[start:start + length])
        if not all(word[0].isalpha() for word in span):
            continue
        readings = index.get(span)
        plural = False
        if readings is None:
            for form in singular_forms(span[-1]):
                readings = index.get((*span[:-1], form))
                if readings:
                    plural = True
                    break
        elif any(index.get((*span[:-1], form)) == readings for form in singular_forms(span[-1])):
            plural = True
        if readings:
            (kind, name), *rest = readings
            if kind == "category" and name == "window":
                kind = "window"
            return Head(kind, name, span, plural, tuple(rest))
    return None


def number_value(token: str) -> int | None:
    """The number a token states, if any (not 'no', 'couple', 'pair' or other vague words)."""
    if token.isdigit():
        return int(token)
    if token in NUMBER_WORDS and token not in {"no", "couple", "pair", "dozen", "both", "twin"}:
        return NUMBER_WORDS[token]
    return None


def parse_noun_phrase(tokens: list[str], start: int, rng: random.Random) -> NounPhrase | None:
    """The noun phrase starting at ``tokens[start]``, or None when none starts there."""
    phrase = NounPhrase(head=None, end=start)
    j = _parse_quantity(tokens, start, phrase, rng)
    unknown: list[str] = []
    while j < len(tokens):
        token = tokens[j]
        if token in _STOPS or (token in NON_NOUN_WORDS and not _is_attribute(token)):
            break
        if token in RELATION_STARTS and not _is_attribute(token) and not match_head(tokens, j):
            break
        color = parse_color(tokens, j)
        head = match_head(tokens, j)
        colour_words = color[2] - j if color else 0  # a longer known phrase that ends the noun phrase wins:
        longer = head is not None and len(head.words) > colour_words and _ends_phrase(tokens, j + len(head.words))
        if color and not longer and (head is None or len(head.words) < colour_words  # "wine cellar", "orange tree"
                                     or _nounish(tokens, color[2])):
            phrase.attrs.update(color=color[0], color_name=color[1])
            if color[2] == j + 1 and token in MATERIAL_WORDS:  # "copper pots": a metal's colour is its metal too
                phrase.attrs.setdefault("material", MATERIAL_WORDS[token])
            j = color[2]
            continue
        if head and not (len(head.words) == 1 and _is_attribute(token) and _nounish(tokens, j + 1)):
            _push_head(phrase, head, unknown)
            j += len(head.words)
            continue
        if _apply_attribute(phrase, token):
            j += 1
            continue
        if number_value(token) is not None or token[0].isdigit() or token in {"each", "every"}:
            break
        if token in NON_OBJECT_NOUNS or token in WINDOW_HEADS:
            if phrase.head is not None:
                break
            _push_head(phrase, _special_head(token), unknown)
            j += 1
            continue
        if phrase.head is None and unknown and _verb_like(token):
            break  # 'a cat sleeping on ...': the verb ends the phrase
        if phrase.head is not None and phrase.head.kind in {"category", "place"}:
            if _verb_like(token) or not _ends_phrase(tokens, j + 1):
                break
            _push_head(phrase, None, unknown)
        unknown.append(token)
        j += 1
    if phrase.head is None and unknown:
        noun = unknown.pop()
        if not _verb_like(noun):
            phrase.head = Head("unknown", noun, (noun,), plural=bool(singular_forms(noun)) and noun.endswith("s"))
    phrase.modifiers += [w for w in unknown if w not in IGNORED_ADJECTIVES and not _verb_like(w)]
    phrase.end = j
    if j == start or (phrase.head is None and not phrase.attrs and not phrase.empty):
        return None if j == start else phrase
    return phrase


def _parse_quantity(tokens: list[str], j: int, phrase: NounPhrase, rng: random.Random) -> int:
    while j < len(tokens):
        token = tokens[j]
        head = match_head(tokens, j)
        if head and len(head.words) > 1:
            return j
        if token in DEFINITE:
            phrase.definite, j = True, j + 1
            continue
        quantity = _match_quantity(tokens, j)
        if quantity:
            (count, arrangement), j = quantity
            phrase.arrangement = arrangement or phrase.arrangement
            if count is None or count < 0:
                phrase.vague = True
                phrase.count = rng.randint(*(VAGUE_RANGE if count is None else MANY_RANGE))
            elif phrase.count is None or phrase.vague:
                phrase.count, phrase.vague = count, False
            continue
        value = number_value(token)
        if value is None and token != "no":
            return j
        j = _read_number(tokens, j, phrase)
    return j


def _match_quantity(tokens: list[str], j: int) -> tuple[tuple[int | None, str | None], int] | None:
    for length in (3, 2, 1):
        words = tuple(tokens[j:j + length])
        if len(words) == length and words in QUANTITY_PHRASES:
            return QUANTITY_PHRASES[words], j + length
    return None


def _read_number(tokens: list[str], j: int, phrase: NounPhrase) -> int:
    """A number like '12', 'twenty four', 'two hundred', 'two dozen', 'no' at tokens[j]; returns the next index."""
    value = 0 if tokens[j] == "no" else number_value(tokens[j]) or 0
    j += 1
    if tokens[j - 1] in TENS and j < len(tokens) and (unit := number_value(tokens[j])) is not None and unit < 10:
        value, j = value + unit, j + 1
    for word, factor in (("hundred", 100), ("dozen", 12)):
        if j < len(tokens) and tokens[j] == word:
            value, j = value * factor, j + 1
    if j + 1 < len(tokens) and tokens[j] in {"pairs", "pair", "sets", "set"} and tokens[j + 1] == "of":
        value, j = value * 2 if tokens[j].startswith("pair") else value, j + 2
    phrase.count, phrase.vague = value, False
    return j


def _push_head(phrase: NounPhrase, head: Head | None, unknown: list[str]) -> None:
    """Make ``head`` the phrase's head; an earlier head becomes a modifier ('kitchen' in 'kitchen table')."""
    previous = phrase.head
    if previous is not None:
        if previous.kind == "place":
            phrase.places.append(previous.name)
        elif previous.kind in {"category", "unknown"}:
            phrase.modifiers.append(" ".join(previous.words))
    phrase.modifiers += [w for w in unknown if w not in IGNORED_ADJECTIVES and not _verb_like(w)]
    unknown.clear()
    phrase.head = head
    if head is not None and head.kind == "category":
        _attributes_from_words(phrase, head)


def _attributes_from_words(phrase: NounPhrase, head: Head) -> None:
    """Attribute words inside a known phrase count too: 'long table' is long, 'stone path' is stone."""
    own_words = set(head.name.split("_"))
    nature = CATEGORIES[head.name].family == "nature"
    for word in head.words:
        if word in SIZE_WORDS:
            phrase.attrs.setdefault("size", SIZE_WORDS[word])
        elif word in SHAPE_WORDS:
            phrase.attrs.setdefault("shape", SHAPE_WORDS[word])
        elif word in MATERIAL_WORDS and not nature:
            phrase.attrs.setdefault("material", MATERIAL_WORDS[word])
        elif word not in own_words and word not in NON_NOUN_WORDS and word != head.words[-1]:
            phrase.modifiers.append(word.removesuffix("'s"))


def _apply_attribute(phrase: NounPhrase, token: str) -> bool:
    if token.startswith(MEASURE_PREFIX):
        phrase.attrs["measure_m"] = token.removeprefix(MEASURE_PREFIX)
    elif token in SIZE_WORDS:
        phrase.attrs["size"] = SIZE_WORDS[token]
    elif token in SHAPE_WORDS:
        phrase.attrs["shape"] = SHAPE_WORDS[token]
    elif token in MATERIAL_WORDS or token in FLOOR_WORDS:
        if token in MATERIAL_WORDS:
            phrase.attrs["material"] = MATERIAL_WORDS[token]
        if token in FLOOR_WORDS:
            phrase.attrs.setdefault("floor", FLOOR_WORDS[token])
    elif token in EMPTY_WORDS:
        phrase.empty = True
    elif token in GROUND_WORDS:
        phrase.ground = GROUND_WORDS[token]
    elif token in IGNORED_ADJECTIVES:
        if token.endswith(("'s", "'")) or token in {"student", "kids"}:
            phrase.modifiers.append(token.removesuffix("'s").rstrip("'"))
    else:
        return False
    return True


def _is_attribute(token: str) -> bool:
    return token.startswith(MEASURE_PREFIX) or token in SIZE_WORDS or token in SHAPE_WORDS or token in MATERIAL_WORDS or token in GROUND_WORDS


def _special_head(token: str) -> Head:
    if token in WINDOW_HEADS:
        return Head("window", "window", (token,), plural=token.endswith("s"))
    kind = "floor" if token in FLOOR_HEADS else "wall" if token in WALL_HEADS else "none"
    return Head(kind, token, (token,))


def _nounish(tokens: list[str], j: int) -> bool:
    """Whether a noun follows at ``j`` (after any further attribute words)."""
    while j < len(tokens) and (_is_attribute(tokens[j]) or tokens[j] in IGNORED_ADJECTIVES or parse_color(tokens, j)):
        color = parse_color(tokens, j)
        j = color[2] if color and not match_head(tokens, j) else j + 1
    if j >= len(tokens):
        return False
    token = tokens[j]
    if match_head(tokens, j) or token in WINDOW_HEADS or token in FLOOR_HEADS or token in WALL_HEADS:
        return True
    return token[0].isalpha() and token not in _STOPS and token not in NON_NOUN_WORDS and not _verb_like(token)


def _ends_phrase(tokens: list[str], j: int) -> bool:
    return j >= len(tokens) or tokens[j] in _STOPS or tokens[j] in NON_NOUN_WORDS or tokens[j] in {"facing", "next", "beside", "behind", "above", "near"}


def _verb_like(word: str) -> bool:
    if word in VERB_ENDING_NOUNS:
        return False
    return word in NON_NOUN_WORDS or word.endswith(VERB_ENDINGS) or not word[0].isalpha()
