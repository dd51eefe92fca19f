"""Clause grammar of a prompt: noun phrases joined by relations, 'with', 'each with' and pronouns.

The result is a list of mentions (object kinds with attributes and counts)
and links between them (relation kind, subject, target), before the planner
turns them into a ScenePlan.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import lru_cache

from tools.core.colors import parse_color
from tools.core.schema import UnknownNoun
from tools.knowledge.categories import CATEGORIES, variant_named
from tools.knowledge.places import FLOOR_WORDS, PLACES, WALL_WORDS
from tools.knowledge.plurals import singular_forms
from tools.knowledge.relation_words import RELATION_WORDS, without_target
from tools.plan.ground import Grounding
from tools.plan.phrases import Head, NounPhrase, number_value, parse_noun_phrase, phrase_index
from tools.plan.unknown import map_unknown
from tools.plan.words import (
    CLAUSE_BREAKS,
    CONJUNCTIONS,
    EACH_WITH,
    PRONOUNS,
    RECIPROCAL,
    RELATION_PATTERNS,
    WALL_HEADS,
    WITH_WORDS,
)

_DET = {"the", "a", "an", "this", "that", "these", "those", "its", "their"}
_TONE_NOUNS = {"tones", "tone", "shades", "hues", "colours", "colors", "palette", "theme", "scheme", "themed"}


@dataclass
class Mention:
    """One object kind named in the prompt."""

    category: str
    noun: str
    count: int | None  # None: a bare plural ('chairs'), settled by the planner
    attrs: dict[str, str] = field(default_factory=dict)
    modifier: str | None = None
    unknown: UnknownNoun | None = None
    variant: int | None = None  # the style variant its words name ('a canoe'); None: the scene seed picks
    grounding: Grounding | None = None  # how the noun became its category (tools/plan/read.py)


@dataclass
class Link:
    """A relation between mentions (indices); stated=False for ones the grammar only implies ('with')."""

    kind: str
    subject: int
    target: int | None = None
    param: int | None = None
    stated: bool = True


@dataclass
class ParsedPrompt:
    """What the grammar read from a prompt: mentions, links, place, ground, floor, windows and tone."""

    mentions: list[Mention] = field(default_factory=list)
    links: list[Link] = field(default_factory=list)
    place: str | None = None
    place_size: str | None = None
    ground: str | None = None
    floor: str | None = None
    walls: str | None = None  # the walls' finish the prompt names (tools.knowledge.places.WALL_FINISHES)
    wall_color: str | None = None  # '#rrggbb' of "blue walls"
    surroundings: str | None = None  # the place type of the larger setting the place is in ("a kitchen of a castle")
    empty: bool = False
    windows: int | None = None
    tone: tuple[str, str] | None = None  # (hex, colour words) of "in blue tones"
    forbidden: set[str] = field(default_factory=set)  # kinds the prompt rules out ("no rug", "without chairs")


@lru_cache(maxsize=1)
def _compiled_relations() -> list[tuple[list[tuple[frozenset[str], bool]], str, str]]:
    compiled = []
    for pattern, kind, mode in RELATION_PATTERNS:
        slots = []
        for part in pattern.split():
            words: set[str] = set()
            for alternative in part.lstrip("?").split("|"):
                words |= _DET if alternative == "DET" else {alternative}
            slots.append((frozenset(words), part.startswith("?")))
        compiled.append((slots, kind, mode))
    return compiled


def match_relation(tokens: list[str], start: int) -> tuple[str, str, int, int | None] | None:
    """The longest relation phrase at ``tokens[start:]``: (kind, mode, end, number in it)."""
    best = None
    for slots, kind, mode in _compiled_relations():
        found = _match_slots(slots, tokens, start, 0, None)
        if found and found[0] > start and (best is None or found[0] > best[2]):
            best = (kind, mode, found[0], found[1])
    return best


def _match_slots(slots, tokens, j, k, number):
    if k == len(slots):
        return j, number
    words, optional = slots[k]
    if j < len(tokens):
        token = tokens[j]
        value = number_value(token) if "#" in words else None
        if token in words or value is not None:
            found = _match_slots(slots, tokens, j + 1, k + 1, value if value is not None else number)
            if found:
                return found
    return _match_slots(slots, tokens, j, k + 1, number) if optional else None


class PromptParser:
    """Reads tokens left to right, keeping the little state English needs (last noun, 'with' owner, ...)."""

    def __init__(self, tokens: list[str], rng: random.Random) -> None:
        self.tokens, self.rng, self.i = tokens, rng, 0
        self.out = ParsedPrompt()
        self.last: int | None = None  # the latest object mention: the subject of a following relation
        self.group: list[int] = []  # mentions joined by 'and' that share a following relation
        self.comma_list = False  # inside 'A, B and C': a relation binds to C only
        self.with_owner: int | None = None
        self.each_owner: int | None = None
        self.pending: tuple[str, str, list[int]] | None = None  # relation waiting for its target
        self.order: list[int] = []  # mentions in the order they were named, repeats included
        self.last_was_place = False  # 'a kitchen with ...': 'with' lists the room's contents
        # The noun phrase being taken, word for word: attributes keep only their kind ('brick' -> stone),
        # but the words themselves may name a style variant ('a brick house').
        self.phrase_words: list[str] = []

    def parse(self) -> ParsedPrompt:
        """Read every token and return what was found."""
        while self.i < len(self.tokens):
            self._step()
        return self.out

    def _step(self) -> None:
        token = self.tokens[self.i]
        if token in CLAUSE_BREAKS or token == ",":
            self.group, self.pending, self.each_owner = [], None, None
            self.comma_list = token == ","
            if token != ",":
                self.with_owner = None
            self.i += 1
        elif token in CONJUNCTIONS:
            self.group = [] if self.comma_list else self.group
            self.i += 1
        elif self._each_with() or self._with() or self._tone() or self._relation() or self._pronoun():
            return
        elif not self._noun_phrase():
            self.i += 1

    def _each_with(self) -> bool:
        for words in EACH_WITH:
            if tuple(self.tokens[self.i:self.i + len(words)]) == words:
                self.each_owner, self.i = self.last, self.i + len(words)
                return True
        return False

    def _with(self) -> bool:
        if self.tokens[self.i] not in WITH_WORDS:
            return False
        self.with_owner = None if self.last_was_place else self.last
        self.group, self.comma_list, self.i = [], False, self.i + 1
        return True

    def _tone(self) -> bool:
        """'in blue tones', 'in shades of blue', 'blue tones', 'in blue' after a place or an object."""
        t, i = self.tokens, self.i
        start = i + 1 if t[i] == "in" else i
        of_form = start + 1 < len(t) and t[start] in {"shades", "tones", "hues"} and t[start + 1] == "of"
        if of_form:
            start += 2
        elif t[i] == "in" and start < len(t) and t[start] in _DET:
            start += 1
        color = parse_color(t, start) if start < len(t) else None
        if color is None:
            return False
        end = color[2]
        toned = end < len(t) and t[end] in _TONE_NOUNS
        bare_in = t[i] == "in" and (end >= len(t) or t[end] in CLAUSE_BREAKS | CONJUNCTIONS | {","})
        if not (toned or bare_in or of_form):
            return False
        if bare_in and not toned and self.last is not None:
            self.out.mentions[self.last].attrs.setdefault("color", color[0])
            self.out.mentions[self.last].attrs.setdefault("color_name", color[1])
        else:
            self.out.tone = (color[0], color[1])
        self.i = end + (1 if toned else 0)
        return True

    def _relation(self) -> bool:
        found = match_relation(self.tokens, self.i)
        if found is None:
            return False
        kind, mode, self.i, number = found
        subjects = self._subjects()
        if mode == "room":
            kind, param = _arrangement(kind, number)
            for subject in subjects:
                self._link(kind, subject, None, param)
            self.group = []  # placed: a later 'and X in the corner' is about X alone
        else:
            self.pending = (kind, mode, subjects)
        return True

    def _pronoun(self) -> bool:
        t, i = self.tokens, self.i
        reciprocal = tuple(t[i:i + 2]) in RECIPROCAL
        if not reciprocal and t[i] not in PRONOUNS:
            return False
        self.i += 2 if reciprocal else 1
        if self.pending is None:
            return True
        kind, mode, subjects = self.pending
        self.pending = None
        if reciprocal:
            for subject in subjects:
                self._link("stacked" if kind == "on" else kind, subject, None if kind == "on" else subject)
            return True
        target = self._antecedent(plural=t[i] in {"them", "they"}, exclude=subjects)
        if target is not None:
            self._complete(kind, mode, subjects, target)
        return True

    def _noun_phrase(self) -> bool:
        phrase = parse_noun_phrase(self.tokens, self.i, self.rng)
        if phrase is None:
            return False
        self.phrase_words = self.tokens[self.i:phrase.end]
        self.i = phrase.end
        head = phrase.head
        kind = head.kind if head else "none"
        for place in phrase.places if kind != "place" else ():  # "a fishing village harbour" is a harbour
            self._set_place(place, phrase)
        if head is not None and kind == "place" and PLACES[head.name].shore and self.tokens[self.i:self.i + 1] == ["of"]:
            return True  # "a sea of flowers": a multitude, not a place
        if kind == "place" or (kind == "category" and self._reads_as_place(phrase)):
            self._take_place(phrase)
        elif kind in {"category", "unknown"} and not self._room_walls(phrase):
            self._take_object(phrase)
        else:
            self._take_architecture(phrase, "wall" if kind in {"category", "unknown"} else kind)
        return True

    def _room_walls(self, phrase: NounPhrase) -> bool:
        """'stone walls' in a room are its walls' finish, not a garden wall standing inside it."""
        place = PLACES.get(self.out.place or "")
        *finish, last = _head(phrase).words
        return place is not None and place.kind == "indoor" and last in WALL_HEADS and bool(finish) \
            and all(word in WALL_WORDS for word in finish)  # not "a pegboard wall": a thing on the wall

    def _reads_as_place(self, phrase: NounPhrase) -> bool:
        places = [name for kind, name in _head(phrase).alternatives if kind == "place"]
        return bool(places) and self.out.place is None and not self.out.mentions

    def _take_place(self, phrase: NounPhrase) -> None:
        head = _head(phrase)
        name = head.name if head.kind == "place" else next(n for k, n in head.alternatives if k == "place")
        if name == "room" and phrase.places:
            name = phrase.places[-1]  # "a church interior", "a mosque interior": the room word says only indoors
        if self.pending and self.pending[0] == "next_to" and (shore := PLACES[name].shore):
            name = shore  # "a lighthouse by the sea" stands on the beach, not in the water
        if self.out.place is not None and self.out.place != "room" and name != "room":
            fallback = map_unknown(" ".join(head.words), fuzzy=False)
            if fallback is not None and self.pending is None:
                head.kind, head.name = "unknown", " ".join(head.words)
                self._take_object(phrase)
                return
        self._set_place(name, phrase)
        if self.pending:
            kind, _, subjects = self.pending
            if room_kind := without_target(kind):
                for subject in subjects:
                    self._link(room_kind, subject)
        self.pending = None
        self.with_owner = None
        self.last_was_place = True

    def _set_place(self, name: str, phrase: NounPhrase) -> None:
        if self.out.place in (None, "room") or name == self.out.place:
            self.out.place = name
            self.out.place_size = phrase.attrs.get("size") or self.out.place_size
            self.out.ground = phrase.ground or self.out.ground
            self.out.floor = phrase.attrs.get("floor") or self.out.floor
        self.out.empty = self.out.empty or phrase.empty

    def _take_architecture(self, phrase: NounPhrase, kind: str) -> None:
        pending, self.pending = self.pending, None
        if phrase.head is None and phrase.ground:  # "rocks, sand and a pond", "snow on a hill": the ground itself
            self.out.ground = phrase.ground
        if kind == "window":
            for subject in pending[2] if pending and pending[0] in BESIDE_WINDOW else ():
                self._link("by_window", subject)  # "a desk by / under / in front of the window"
            if pending is None or not phrase.definite:
                count = phrase.count if phrase.count is not None else (2 if _head(phrase).plural else 1)
                self.out.windows = (self.out.windows or 0) + count
            else:
                self.out.windows = max(self.out.windows or 0, 1)
        elif kind == "floor":
            words = [*phrase.modifiers, phrase.attrs.get("floor", ""), *_head(phrase).words]
            floors: list[str | None] = [FLOOR_WORDS[w] for w in words if w in FLOOR_WORDS] or [phrase.attrs.get("floor")]
            self.out.floor = floors[0] or self.out.floor
        elif kind == "wall":
            finishes = [WALL_WORDS[w] for w in self.phrase_words if w in WALL_WORDS]
            self.out.walls = finishes[-1] if finishes else self.out.walls
            self.out.wall_color = phrase.attrs.get("color") or self.out.wall_color
            for subject in pending[2] if pending and pending[0] in {"on", "next_to"} else ():
                self._link("against_wall", subject)
        elif kind == "none" and pending and (room_kind := without_target(pending[0])):
            for subject in pending[2]:
                self._link(room_kind, subject)
        elif head_less_attributes(phrase) and self.last is not None and pending and pending[1] == "drop":
            for key, value in phrase.attrs.items():
                self.out.mentions[self.last].attrs.setdefault(key, value)

    def _take_object(self, phrase: NounPhrase) -> None:
        if phrase.count == 0:
            self.pending = None
            if phrase.head is not None and phrase.head.kind == "category":
                self.out.forbidden.add(phrase.head.name)
            return
        index = self._reference(phrase) if phrase.definite else None
        if index is None:
            index = self._new_mention(phrase)
        self.order.append(index)
        if self.pending:
            kind, mode, subjects = self.pending
            self.pending = None
            self._complete(kind, mode, subjects, index)
            return
        if self.each_owner is not None and self.each_owner != index:
            per = phrase.count or 1
            owner_count = self.out.mentions[self.each_owner].count or 1
            self.out.mentions[index].count = per * owner_count
            self._link("each_with", index, self.each_owner, per)
            self.each_owner = None
        elif self.with_owner is not None and self.with_owner != index:
            self._link("with", index, self.with_owner, stated=False)
        if phrase.arrangement:
            kind, param = _arrangement(phrase.arrangement, None)
            self._link(kind, index, None, param)
        self.group.append(index)
        self.last = index
        self.last_was_place = False

    def _new_mention(self, phrase: NounPhrase) -> int:
        head = _head(phrase)
        unknown = None
        category = head.name
        noun = " ".join(head.words)
        if head.kind == "unknown":
            unknown = map_unknown(noun) or UnknownNoun(noun=noun, mapped_to="placeholder", reason="not a known object")
            category = unknown.mapped_to
        if head.plural and head.kind != "unknown":
            noun = " ".join((*head.words[:-1], _singular_of(head.words[-1])))
        count = phrase.count
        if count is None and not head.plural:
            count = 1
        modifier = next((m for m in phrase.modifiers if m and m not in {"a", "an"}), None)
        variant = variant_named(category, [*self.phrase_words, *noun.split()])  # noun: the singular of 'canoes'
        mention = Mention(category, noun, count, dict(phrase.attrs), modifier, unknown, variant)
        mention.attrs.pop("floor", None)
        self.out.mentions.append(mention)
        return len(self.out.mentions) - 1

    def _reference(self, phrase: NounPhrase) -> int | None:
        """The earlier mention 'the sofa' refers to: same category, same colour if one was said."""
        head = _head(phrase)
        for index in reversed(range(len(self.out.mentions))):
            mention = self.out.mentions[index]
            same = mention.category == head.name or mention.noun == " ".join(head.words)
            color = phrase.attrs.get("color")
            if same and (color is None or mention.attrs.get("color") == color):
                return index
        return None

    def _complete(self, kind: str, mode: str, subjects: list[int], target: int) -> None:
        if mode == "drop":
            return
        if mode == "inverse":
            for subject in subjects:
                self._link(kind, target, subject)
        else:
            for subject in subjects:
                if subject != target:
                    self._link("on" if kind == "center" else kind, subject, target)
        self.group = []
        self.last = target
        self.last_was_place = False

    def _subjects(self) -> list[int]:
        """'a sofa and an armchair facing ...': both, when they are alike (same mount); else the last noun."""
        if len(self.group) > 1 and not self.comma_list and self.last in self.group:
            mounts = {CATEGORIES[self.out.mentions[i].category].mount for i in self.group}
            if len(mounts) == 1:
                return list(self.group)
        return [self.last] if self.last is not None else []

    def _antecedent(self, plural: bool, exclude: list[int]) -> int | None:
        candidates = [i for i in reversed(self.order) if i not in exclude]
        for index in candidates:
            count = self.out.mentions[index].count
            if plural == (count is None or count > 1):
                return index
        return candidates[0] if candidates else None

    def _link(self, kind: str, subject: int, target: int | None = None, param: int | None = None,
              stated: bool = True) -> None:
        link = Link(kind, subject, target, param, stated)
        if link not in self.out.links:
            self.out.links.append(link)


BESIDE_WINDOW = set(RELATION_WORDS["by_window"].before_window)


def _arrangement(kind: str, number: int | None) -> tuple[str, int | None]:
    """(relation kind, param): 'in a row' is one row, 'in 3 rows' three, 'in rows' as many as the room needs
    (a row relation with no count)."""
    if kind == "rows":
        return "row", number
    return kind, (number or 1) if kind == "row" else number


def head_less_attributes(phrase: NounPhrase) -> bool:
    """Whether a phrase has attributes but no head noun ('a red one')."""
    return phrase.head is None and bool(phrase.attrs)



def _head(phrase: NounPhrase) -> Head:
    """The head noun of a phrase read as a place or an object: only a bare attribute list has none."""
    assert phrase.head is not None, phrase
    return phrase.head


def _singular_of(word: str) -> str:
    forms = singular_forms(word)
    index = phrase_index()
    return next((form for form in forms if (form,) in index), forms[0] if forms else word)


def parse(tokens: list[str], rng: random.Random) -> ParsedPrompt:
    """Parse a tokenised prompt."""
    return PromptParser(tokens, rng).parse()
