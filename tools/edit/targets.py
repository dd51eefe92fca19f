"""What an instruction's words point at: objects by kind, colour, count or ordinal, 'it'/'them', 'everything
except the sofa', 'all but the bed', 'the rest'.

``mentions`` reads the objects a run of tokens names, in order. Kinds come from the planner's own noun
table (``match_head``), so the editor knows every noun a prompt knows. Where the table's match is only a
modifier of the noun the prompt's sentence parser sees ('dragon' in 'a dragon statue'), or the table lacks
the noun, the parser's noun phrase is kept as said, compounds whole ('chaise longue'); tools/edit/apply.py
grounds it against the scene (WordNet's classes: 'the seats' are the sofa and the chairs) and
tools/edit/ground.py grounds a new thing by meaning, as a prompt's. The only word lists here are closed-class English: ordinals, 'everything', and the markers of
an exception.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache

from tools.core.colors import parse_color
from tools.core.limits import check_ordinal
from tools.knowledge.plurals import singular_forms
from tools.plan.phrases import match_head, number_value
from tools.plan.sentence import parse_prompt as parse_sentence
from tools.plan.words import DETERMINERS, PRONOUNS, SIZE_WORDS, WALL_HEADS, WINDOW_HEADS

EVERYTHING = "everything"  # the target that names every object of the scene
ALL_WORDS = {"all", "every", "each", "both"}
DOOR_HEADS = {"door", "doors", "doorway"}
FLOOR_HEADS = {"floor", "floors", "flooring", "ground"}
ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
            "ninth": 9, "tenth": 10, "last": -1}
ORDINAL_SUFFIXES = {"st", "nd", "rd", "th"}  # the tokenizer splits '2nd' into '2', 'nd'
# Words that stand for every object: 'remove everything', 'all the objects', 'all but the bed'.
EVERYTHING_WORDS = {"everything", "anything", "all"}
THING_NOUNS = {"object", "objects", "thing", "things", "item", "items", "stuff"}
REST_PHRASES = (("the", "rest"), ("everything", "else"), ("all", "else"), ("the", "others"), ("the", "other", "things"),
                ("the", "other", "objects"), ("anything", "else"))
EXCEPT_MARKERS = (("except", "for"), ("other", "than"), ("apart", "from"), ("save", "for"), ("aside", "from"),
                  ("except",), ("excluding",), ("but",), ("besides",), ("bar",))


@dataclass
class Mention:
    """An object named in an instruction: where, the words, and the count, 'every', colour or ordinal it came with."""

    start: int
    end: int
    words: str  # the object as named, colour qualifier included ('red chair'), or EVERYTHING
    plural: bool
    count: int | None = None
    every: bool = False
    color: str | None = None  # colour word(s) before the head: the new object's colour when adding
    ordinal: int | None = None  # 'the second lamp': 2; 'the last chair': -1
    exclude: list[str] = field(default_factory=list)  # 'everything except the sofa': ['sofa']


@dataclass(frozen=True)
class Last:
    """What 'it', 'them' and 'the rest' refer to: the previous clause's (or edit's) target."""

    words: str
    exclude: tuple[str, ...] = ()


def exception_at(words: list[str]) -> tuple[int, int] | None:
    """(start, end) of the first exception marker after a target ('everything except', 'the furniture but')."""
    for i in range(1, len(words)):
        for marker in EXCEPT_MARKERS:
            if tuple(words[i:i + len(marker)]) == marker:
                return i, i + len(marker)
    return None


def _names_everything(words: list[str]) -> bool:
    plain = [w for w in words if w not in DETERMINERS]
    return bool(plain) and (plain[-1] in EVERYTHING_WORDS or plain[-1] in THING_NOUNS)


def mentions(words: list[str], last: Last | None) -> list[Mention]:
    """Objects named in ``words`` in order; an exception ('everything except the sofa') is one mention."""
    cut = exception_at(words)
    if cut is not None:  # never read without its exception: 'X except Y' is X less Y, or not understood
        excluded = _plain_mentions(words[cut[1]:], last)
        whole = EVERYTHING if _names_everything(words[:cut[0]]) else None
        if whole is None:
            named = _plain_mentions(words[:cut[0]], last) or unknown_noun(words[:cut[0]])
            whole = named[0].words if len(named) == 1 else None
        if not excluded or whole is None:
            return []
        end = cut[1] + excluded[-1].end  # 'paint everything except the table white': the colour follows
        return [Mention(0, end, whole, True, every=True, exclude=[m.words for m in excluded])]
    return _plain_mentions(words, last)


def _plain_mentions(words: list[str], last: Last | None) -> list[Mention]:
    found, i, count, every, colour, ordinal = [], 0, None, False, None, None
    while i < len(words):
        word = words[i]
        rest = next((p for p in REST_PHRASES if tuple(words[i:i + len(p)]) == p), None)
        if rest is not None:
            if last is None:
                return []  # 'the rest' of nothing said before: not understood
            found.append(Mention(i, i + len(rest), EVERYTHING, True, every=True, exclude=[last.words]))
            i += len(rest)
            continue
        head = match_head(words, i)
        if head is not None and len(head.words) > 1 and head.kind == "category":
            pass  # a kind named in several words ('floor lamp') is read before the room's parts ('floor')
        elif word in PRONOUNS and last is not None:
            found.append(Mention(i, i + 1, last.words, word in {"them", "they"}, exclude=list(last.exclude)))
            i += 1
            continue
        elif word in {"everything", "anything"} or (word in THING_NOUNS and every):
            found.append(Mention(i, i + 1, EVERYTHING, True, every=True))
            every, i = False, i + 1
            continue
        elif word in WINDOW_HEADS or word in DOOR_HEADS or word in WALL_HEADS or word in FLOOR_HEADS:
            name = ("window" if word in WINDOW_HEADS else "door" if word in DOOR_HEADS
                    else "wall" if word in WALL_HEADS else "floor")
            found.append(Mention(i, i + 1, name, word.endswith("s")))
            i += 1
            continue
        elif word in ORDINALS or (word.isdigit() and words[i + 1:i + 2] and words[i + 1] in ORDINAL_SUFFIXES):
            ordinal, i = (ORDINALS[word], i + 1) if word in ORDINALS else (int(word), i + 2)
            check_ordinal(ordinal)
            continue
        elif word in ALL_WORDS or (number_value(word) is not None and word not in {"no", "zero"}):
            every, count = (True, count) if word in ALL_WORDS else (every, number_value(word))
            i += 1
            continue
        elif (parsed := parse_color(words, i)) is not None and _head_follows(words, parsed[2]):
            colour, i = parsed[1], parsed[2]
            continue
        if head is not None and head.kind in {"category", "window"}:
            end = i + len(head.words)
            named = " ".join(head.words)
            phrase = _phrase_over(words, i)
            if phrase is not None and phrase[1] > end and phrase[3] >= end:  # 'dragon' is what the statue shows
                named, end = phrase[2], phrase[1]
            found.append(Mention(i, end, f"{colour} {named}" if colour else named, head.plural, count, every, colour,
                                 ordinal))
            count, every, colour, ordinal, i = None, False, None, None, end
            continue
        i += 1
    if not found and every and any(w in EVERYTHING_WORDS for w in words):
        found.append(Mention(0, len(words), EVERYTHING, True, every=True))  # 'remove all'
    return found


def unknown_noun(words: list[str]) -> list[Mention]:
    """The object's name where the noun table knows none: the sentence parser's noun phrase over the last
    plain word ('chaise longue'), else that word, so 'remove the piano' says there is no piano, and 'the
    seats' can be grounded against the scene."""
    plain = [i for i, w in enumerate(words) if w.isalpha() and w not in DETERMINERS | ALL_WORDS | PRONOUNS
             and number_value(w) is None and parse_color(words, i) is None and w not in SIZE_WORDS
             and w not in ORDINALS and w not in {"rest", "else", "others"}]
    if not plain:
        return []
    last = plain[-1]
    ordinal = next((ORDINALS[w] for w in words[:last] if w in ORDINALS), None)
    every = any(w in ALL_WORDS for w in words[:last])
    phrase = _phrase_over(words, last)
    start, end, name = (phrase[0], phrase[1], phrase[2]) if phrase else (last, last + 1, words[last])
    return [Mention(start, end, name, words[last].endswith("s"), every=every, ordinal=ordinal)]


def as_new_thing(words: list[str], mention: Mention) -> Mention:
    """A thing an edit makes, its words without their colour (that travels in EditOp.color): the mention, or
    the longer compound the sentence parser reads over it, as a prompt's noun is read ('a sleeping bag' is no
    bag; 'a gargoyle statue' is grounded whole)."""
    bare = mention.words[len(mention.color) + 1:] if mention.color else mention.words
    phrase = _phrase_over(words, mention.end - 1)
    if phrase is not None and len(phrase[2].split()) > len(bare.split()):
        return replace(mention, start=min(mention.start, phrase[0]), words=phrase[2])
    return replace(mention, words=bare)


def _phrase_over(words: list[str], index: int) -> tuple[int, int, str, int] | None:
    """(start, end, name, head index) of the sentence parser's noun phrase that holds ``words[index]``."""
    phrase = next(((s, e, n, h) for s, e, n, h in _noun_phrases(tuple(words)) if s <= index < e), None)
    if phrase is None or any(parse_color(words, i) is not None for i in range(index + 1, phrase[1])):
        return None  # 'make the sofa blue' read without its verb: 'blue' is the new colour, not a noun
    between = words[index + 1:phrase[3]]
    if not {words[index], *singular_forms(words[index])} & set(phrase[2].split()) and not all(
            w.isalpha() for w in between):
        return None  # the parse hung the word on another noun ('the chair 90 degrees'): not a name of it
    return phrase


@lru_cache(maxsize=512)
def _noun_phrases(words: tuple[str, ...]) -> tuple[tuple[int, int, str, int], ...]:
    """The things the prompt's sentence parser finds in ``words`` as token spans, with their names (compounds
    whole, singular) and the index of their head word."""
    starts, at = [], 0
    for word in words:
        starts.append(at)
        at += len(word) + 1
    found = []
    for thing in parse_sentence(" ".join(words)).mentions:
        begin, stop = thing.char_span
        span = [i for i, s in enumerate(starts) if begin <= s < stop]
        heads = [i for i in span if words[i] == thing.head or words[i].startswith(thing.head)]
        if span and heads:
            found.append((span[0], span[-1] + 1, thing.name, heads[-1]))
    return tuple(found)


def _head_follows(words: list[str], j: int) -> bool:
    return j < len(words) and (match_head(words, j) is not None or words[j] in ORDINALS)
