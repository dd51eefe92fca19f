"""The larger setting a place is in: "the kitchen of a farmhouse", "a medical bay on a space station", "a dragon's lair
inside a mountain", "the bridge of a starship".

Such a noun names no thing in the room: the farmhouse is around the kitchen, not in it (outdoors a place is beside
its setting, not in it: "the front porch of a house" shows the house). It follows the place (or a
part of a larger thing: "the bridge") joined by of / in / inside / on / aboard, and is itself a place type or a
thing whose floor is as large as the place's ("a castle", not "a dollhouse"). It styles the room (the castle's
stone walls, tools/plan/planner.py); with no place named otherwise, the part and its setting together name it
("starship bridge"). A body of the sky things stand on is the setting too ("on the moon": its surface, see
tools/plan/air.py body_underfoot). The planner (tools/plan/read.py) and the judge (tools/evaluate/named.py) both read the parse
through this one rule, so a setting the scene draws around the room is never counted missing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tools.knowledge.categories import CATEGORIES
from tools.knowledge.places import PLACES
from tools.plan.air import body_underfoot
from tools.plan.ground import ground_noun, ground_place, nearest_place, place_named
from tools.plan.sentence_lex import Mention as Phrase
from tools.plan.sentence_lex import ParsedPrompt as Sentence
from tools.plan.sentence_lex import T

ENCLOSING = re.compile(r"\s*(?:of|in|inside|within|on|aboard|at)\s*")  # "the kitchen of | in | on board a ..."
INSIDE = re.compile(r"\b(?:inside(?:\s+of)?|interior\s+of)\s+(?:an?|the)?\s*$", re.IGNORECASE)  # "inside a bus"
SIDE_WORDS = frozenset({*T["part_nouns"], "interior", "inside"})  # "the back | the interior of a bus": its inside
STYLE_SCORE = 0.45  # the larger setting styles the room only when a place type is this near it in meaning
GENERIC = (None, "room")  # no place read, or a plain room
HULL_SHARE = 0.5  # a thing around the place is at least this share of the place's usual floor in its two largest sides


@dataclass(frozen=True)
class Surroundings:
    """What the parse names around the place: the phrases that are no thing in it, the place a part and its
    setting name together (None when the prompt named the place otherwise), the place type that styles the room."""

    phrases: tuple[Phrase, ...] = ()
    place: str | None = None
    style: str | None = None

    def holds(self, phrase: Phrase) -> bool:
        """Whether ``phrase`` (that very phrase of the parse) names part of the surroundings."""
        return any(phrase is p for p in self.phrases)


def surroundings(sentence: Sentence, place: str | None) -> Surroundings:
    """The surroundings of ``place`` (the place type read from the prompt, or None) in the parse."""
    phrases = [*sentence.mentions, *([sentence.place] if sentence.place else [])]
    found: list[Phrase] = []
    part_place = style = None
    for phrase in phrases:
        before = next((p for p in phrases if p.char_span[1] <= phrase.char_span[0]
                       and ENCLOSING.fullmatch(sentence.text[p.char_span[1]:phrase.char_span[0]])), None)
        if before is None or _names_place(phrase, place):
            continue
        if _names_place(before, place, inside=True) and place not in GENERIC and PLACES[place].kind == "indoor" \
                and _encloses(phrase, place, _part_of(sentence.text, before, phrase)):  # a porch of a house is by it
            found.append(phrase)
            nearest = ground_place(phrase.name) or nearest_place(phrase.name)
            if nearest is not None and nearest[1] >= STYLE_SCORE and nearest[0] != place:
                style = nearest[0]
        elif place in GENERIC and part_place is None:
            part_place = place_named(f"{phrase.name} {before.name}") or place_named(f"{phrase.head} {before.head}") \
                or (interior_of(phrase) if before is sentence.place and before.head in SIDE_WORDS else None)
            if part_place is not None:
                found += [before, phrase]
            elif before is sentence.place and _encloses(phrase, place or "room"):
                found.append(phrase)  # "the captain's cabin of a pirate ship": a place no type names, in a ship
    underfoot = body_underfoot(sentence.text)  # "a rover on mars": its surface is the place, mars no thing in it
    if underfoot is not None:
        found += [p for p in phrases if p.char_span[0] < underfoot[1][1] and underfoot[1][0] < p.char_span[1]]
        if place in GENERIC or PLACES[place].kind == "outdoor":  # "a bedroom on the moon" stays a room
            part_place = underfoot[0]
    return Surroundings(tuple(found), part_place, style)


def named_around(name: str, place: str | None) -> str | None:
    """The place the leading words of a setting's name name around ``place``, which its last words name ("a
    rooftop bar": the bar on the rooftop, "a hotel pool": the pool at a hotel, "a garden shed": the shed in the
    garden): English puts the setting last and what it stands in first. None when the whole name is one of the
    place's own names ("a kitchen garden" is a kind of garden, not a garden in a kitchen) or no head names a place."""
    words = name.lower().split()
    if place in GENERIC or len(words) < 2 or place_named(" ".join(words)) is not None:
        return None
    for cut in range(len(words) - 1, 0, -1):
        tail, head = " ".join(words[cut:]), " ".join(words[:cut])
        if (ground_place(tail) or ("",))[0] != place:
            continue
        around = ground_place(head)
        return around[0] if around is not None and around[0] not in (place, "room") else None
    return None


def interior_of(phrase: Phrase) -> str | None:
    """The place inside what a phrase names ("the interior of a train carriage", "inside a school bus"): the place
    of its interior ("school bus interior", read as data), else the place it names itself; None if neither."""
    inside = place_named(f"{phrase.name} interior") or place_named(f"{phrase.head} interior")
    return inside or (ground_place(phrase.name) or (None,))[0]


def place_of(phrase: Phrase) -> str | None:
    """The place type a phrase names: by its words as written ("a hydroponic farm": a greenhouse), else its name."""
    words = phrase.text.lower().split()
    written = " ".join(words[1:] if words[:1] in (["a"], ["an"], ["the"]) else words)
    found = ground_place(written) or ground_place(phrase.name)
    return found[0] if found else None


def _names_place(phrase: Phrase, place: str | None, inside: bool = False) -> bool:
    """Whether a phrase names the place (``inside``: or the thing the place is the inside of, "a narrowboat")."""
    names = {place_of(phrase), (ground_place(phrase.name) or ("",))[0], *([interior_of(phrase)] if inside else [])}
    return place is not None and place in names


def _part_of(text: str, whole: Phrase, part: Phrase) -> bool:
    """Whether ``whole`` follows the place as the one thing it is part of: "the engine room of a starship" (one
    thing, with its article), not "a hall of mirrors" or "a cellar of wine"."""
    joiner = text[whole.char_span[1]:part.char_span[0]].strip().lower()
    return joiner == "of" and not part.plural and part.text.lower().split()[0] in ("a", "an", "the")


def _encloses(phrase: Phrase, place: str, part_of: bool = False) -> bool:
    """Whether the thing a phrase names is a setting larger than the place: a place type itself, or a thing whose
    hull is about as large as the place's floor ("a castle", "a barn", not "a dollhouse"): its two largest sides,
    since a rocket stands and a submarine lies along its length, against half the place's usual floor, which the
    planner grows for what it holds anyway. The place named part of it ("the engine room of a starship") needs
    only a whole as long as the place is wide."""
    if ground_place(phrase.name) is not None:
        return True
    kind = CATEGORIES.get(ground_noun(phrase.name, phrase.head).kind)
    width, depth = PLACES[place].size
    if kind is None:
        return False
    _, middle, largest = sorted(kind.size)
    return middle * largest >= HULL_SHARE * width * depth or (part_of and largest >= min(width, depth))
