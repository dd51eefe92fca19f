"""The grounded editor: an instruction such as 'make the sofa blue and move the lamp next to it' becomes
typed edit operations, without a model.

Clauses are split at 'and', ',', ';' and 'then'; a clause without a verb takes
the previous clause's verb ('remove the lamp and the rug'), and 'it'/'them'
name the previous clause's object. Words come from the planner's tables
(categories and synonyms, colours, numbers, size words, relation phrases), so
the editor understands the same nouns a prompt does. ``tools/edit/apply.py``
applies the operations to a ScenePlan.

Turns ('turn the sofa around', 'rotate the bed 90 degrees to the left', 'make the
chair face the tv') are ``rotate`` operations. Their degrees follow the yaw of
scene.json's quaternions: positive is counter-clockwise seen from above, so
'left' (the object's own left) is +90 and 'right' or 'clockwise' is -90.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from dataclasses import dataclass
from typing import get_args

from tools.core.colors import parse_color
from tools.core.errors import InputError
from tools.core.limits import MAX_EDIT_COUNT, check_count, check_measure
from tools.edit.group_parse import CIRCLE_WORDS, add_like_op, arrange_op, duplicate_op
from tools.edit.ops import EditKind, EditOp, EditProposal, MoveKind  # noqa: F401  (re-exported for callers)
from tools.edit.room_parse import GROW_WORDS, MIDDLE_WORDS, ROOM_WORDS, SHRINK_WORDS, SIDE_WORDS, room_op, wall_move
from tools.edit.scene_parse import BRIGHTNESS_VERBS, REPLACE_VERBS, finish_op, look_op, redo_op, replace_op, undo_op
from tools.edit.targets import EVERYTHING, Last, Mention, as_new_thing, mentions, unknown_noun
from tools.plan.parse import match_relation
from tools.plan.phrases import number_value
from tools.plan.planner import MEASURE_AXES
from tools.plan.text import MEASURE_PREFIX, clean_prompt, tokenize
from tools.plan.words import SIZE_WORDS

REMOVE_VERBS = {"remove", "delete", "drop", "lose", "eliminate", "ditch", "take", "get"}
ADD_VERBS = {"add", "insert", "include"}
MOVE_VERBS = {"move", "shift", "push", "slide", "bring", "pull", "relocate", "reposition"}
PLACE_VERBS = {"put", "place", "set", "position"}  # move what exists, add what does not
ROTATE_VERBS = {"rotate", "spin", "swivel", "pivot", "twist"}  # 'turn' is also a change verb: 'turn it blue'
CHANGE_VERBS = {"make", "turn", "change", "paint", "colour", "color", "recolour", "recolor", "dye", "resize", "scale",
                "switch"}
FILLER = {"please", "also", "now", "then", "can", "could", "would", "you", "and", "just", "kindly", "i", "want", "to",
          "let's", "lets", "let"}
KEEP_VERBS = {"keep", "leave"}  # 'keep only the sofa': remove everything except it
ARRANGE_VERBS = {"arrange", "rearrange", "organise", "organize", "group", "gather", "line", "form"}
DUPLICATE_VERBS = {"duplicate", "copy", "clone", "replicate"}
GROW_VERBS = {"enlarge", "expand", "extend", "widen", "grow"}  # 'enlarge the room': make it bigger
SHRINK_VERBS = {"shrink", "reduce", "narrow"}
LOOK_VERBS = {"give", "use", "apply", "go", *BRIGHTNESS_VERBS}  # 'give it a scandinavian look', 'brighten it'
AXIS_WORDS = {**MEASURE_AXES, "length": "length", "high": "height", "height": "height", "wide": "width",
              "width": "width", "deep": "depth", "depth": "depth"}
CLAUSE_SPLITS = {"and", ",", ";", ".", "then", "also", "plus"}
FACE_WORDS = {"face", "faces", "facing", "towards", "toward", "look", "looks", "looking"}
HALF_TURN_WORDS = {"around", "round", "half"}  # 'turn it around', 'half a turn'
LEFT_WORDS = {"left", "anticlockwise", "counterclockwise"}  # the object's own left: counter-clockwise from above
RIGHT_WORDS = {"right", "clockwise"}
DEGREE_WORDS = {"degrees", "degree", "deg", "degs"}
TURN_FILLER = {"by", "to", "the", "a", "an", "its", "turn", "way", "over", "of"}


@dataclass
class Parsed:
    """What the grammar read from an instruction: its operations and the clauses it could not read."""

    operations: list[EditOp]
    not_understood: list[str]  # clauses the grammar could not read, as the person wrote them


def parse_edits(instruction: str, exists: Callable[[str], bool] = lambda name: False,
                previous: Last | None = None) -> Parsed:
    """Operations for every clause of ``instruction`` that the grammar reads, and the clauses it does not.

    exists: whether the scene has an object so named, so 'put a lamp next to the sofa' moves an existing
    lamp and adds a missing one. previous: what the last edit changed, for 'it', 'them' and 'the rest' in a
    first clause. Raises PromptError (an InputError) for empty or wordless text.
    """
    tokens = tokenize(clean_prompt(instruction, "instruction"))
    operations: list[EditOp] = []
    not_understood: list[str] = []
    verb, last, kept = None, previous, False
    for clause in _clauses(tokens):
        words = list(clause)
        while words and words[0] in FILLER:
            words.pop(0)
        if not words:
            continue
        if operations and operations[-1].exclude and _verb_kind(words[0]) is None and _extends_exception(words):
            operations[-1].exclude.extend(m.words for m in mentions(words, None))  # '... except the sofa and the tv'
            continue
        op: EditOp | Last | None = redo_op(words) or undo_op(words)
        if op is None:
            if _verb_kind(words[0]) is not None:
                verb, words = words[0], words[1:]
            op = _parse_clause(verb, words, last, exists) if verb else _rotation(None, words, last)
        if op is None:
            not_understood.append(" ".join(clause))
            continue
        if isinstance(op, Last):  # 'keep the sofa and the tv': both are what 'the rest' leaves
            last = Last(f"{last.words} | {op.words}") if kept and last else op
            kept = True
            continue
        kept = False
        operations.append(op)
        if op.target not in {"scene", "walls", "floor"}:
            last = Last(op.target, tuple(op.exclude or ()))
    return Parsed(operations, not_understood)


def _extends_exception(words: list[str]) -> bool:
    """A verbless clause naming only objects ('the tv' after 'remove everything except the sofa and')."""
    found = mentions(words, None)
    return bool(found) and all(m.words != EVERYTHING for m in found)


def parse_or_refuse(instruction: str, exists: Callable[[str], bool] = lambda name: False,
                    previous: Last | None = None) -> list[EditOp]:
    """The operations of ``instruction``; InputError naming the clauses the grammar did not understand."""
    parsed = parse_edits(instruction, exists, previous)
    if parsed.not_understood or not parsed.operations:
        raise InputError(not_understood_message(parsed.not_understood or [instruction]))
    return parsed.operations


EXAMPLES = {  # the nearest of these is suggested for what the grammar could not read
    "recolor": "make the sofa blue", "add": "add two chairs", "remove": "remove the lamp",
    "remove all": "remove all the plants", "except": "remove everything except the sofa",
    "the rest": "keep the sofa and remove the rest", "ordinal": "make the second chair red",
    "move": "move the lamp next to the sofa", "away": "move the table away from the window",
    "resize": "make the table bigger", "measure": "make the bed 2 m long", "turn": "turn the sofa around",
    "face": "make the chair face the tv", "replace": "replace the chairs with stools",
    "time": "make it night", "weather": "make it foggy", "style": "make it cosier",
    "look": "give it a scandinavian look", "palette": "give it a warmer palette", "tones": "make it blue tones",
    "brightness": "make it brighter", "walls": "paint the walls light green",
    "floor": "make the floor tile", "undo": "undo that", "revision": "go back to revision 2", "redo": "redo",
    "wall": "move the sofa to the other wall", "side": "move the desk to the left wall",
    "window wall": "move the desk along the window wall", "middle": "move the table to the middle",
    "circle": "arrange the chairs in a circle", "rows": "arrange the chairs in two rows",
    "around": "arrange the chairs around the table", "duplicate": "duplicate the lamp",
    "like": "add another chair like that one", "room": "make the room bigger", "room size": "make the room 6 by 5 m",
}
KNOWN_PLACE_WORDS = ROOM_WORDS | SIDE_WORDS.keys() | MIDDLE_WORDS | CIRCLE_WORDS | {"wall", "walls", "side", "rows"}
KNOWN_VERBS = sorted({*REMOVE_VERBS, *ADD_VERBS, *MOVE_VERBS, *PLACE_VERBS, *ROTATE_VERBS, *CHANGE_VERBS,
                      *REPLACE_VERBS, *KEEP_VERBS, *ARRANGE_VERBS, *DUPLICATE_VERBS, *GROW_VERBS, *SHRINK_VERBS,
                      *LOOK_VERBS, "undo", "revert", "redo"})


def not_understood_message(clauses: list[str]) -> str:
    """The message for clauses the grammar could not read: the words it did not know, the nearest phrasing."""
    parts = []
    for clause in clauses:
        unknown = _unknown_words(clause)
        words = f" (not understood: {', '.join(repr(w) for w in unknown)})" if unknown else ""
        parts.append(f"'{clause}'{words}; nearest supported phrasing: '{_nearest_example(clause)}'")
    return (f"did not understand {' | '.join(parts)}. Without a model the editor knows: "
            + "; ".join(f"'{e}'" for e in EXAMPLES.values()))


def _unknown_words(clause: str) -> list[str]:
    """Words of ``clause`` that are no verb, object, colour, number or small word the grammar reads."""
    tokens = tokenize(clause)
    known_at = {i for m in mentions(tokens, None) for i in range(m.start, m.end)}
    return [w for i, w in enumerate(tokens) if w.isalpha() and i not in known_at and _verb_kind(w) is None
            and w not in FILLER | SIZE_WORDS.keys() | GROW_WORDS | SHRINK_WORDS and number_value(w) is None
            and parse_color(tokens, i) is None and len(w) > 2 and w not in {"the", "and", "with", "for", "into"}
            and w not in KNOWN_PLACE_WORDS]


def _nearest_example(clause: str) -> str:
    tokens = tokenize(clause)
    verb = difflib.get_close_matches(tokens[0], KNOWN_VERBS, n=1, cutoff=0.75) if tokens else []
    examples = list(EXAMPLES.values())
    if verb:
        kind = _verb_kind(verb[0])
        same = [e for e in examples if _verb_kind(e.split()[0]) == kind]
        examples = same or examples
    return max(examples, key=lambda e: difflib.SequenceMatcher(None, clause, e).ratio())


def _clauses(tokens: list[str]) -> list[list[str]]:
    clauses: list[list[str]] = []
    current: list[str] = []
    for token in tokens:
        if token in CLAUSE_SPLITS:
            if current:
                clauses.append(current)
            current = []
        else:
            current.append(token)
    if current:
        clauses.append(current)
    return clauses


def _verb_kind(word: str) -> str | None:
    for kind, verbs in (("remove", REMOVE_VERBS), ("add", ADD_VERBS), ("move", MOVE_VERBS),
                        ("place", PLACE_VERBS), ("replace", REPLACE_VERBS), ("change", CHANGE_VERBS),
                        ("rotate", ROTATE_VERBS), ("keep", KEEP_VERBS), ("arrange", ARRANGE_VERBS),
                        ("duplicate", DUPLICATE_VERBS), ("grow", GROW_VERBS), ("shrink", SHRINK_VERBS),
                        ("look", LOOK_VERBS)):
        if word in verbs:
            return kind
    return None


def _parse_clause(verb: str, words: list[str], last: Last | None, exists: Callable[[str], bool]) -> EditOp | Last | None:
    """The clause's operation; a Last for 'keep the sofa' (it only names what 'the rest' leaves out)."""
    kind = _verb_kind(verb)
    if kind in {"grow", "shrink"}:  # 'enlarge the room', 'shrink the table': a change to a size
        kind, words = "change", [*words, "bigger" if kind == "grow" else "smaller"]
    if kind == "look":  # 'give it a warmer palette', 'brighten the room'
        return look_op([*words, *([BRIGHTNESS_VERBS[verb]] if verb in BRIGHTNESS_VERBS else [])])
    grouped = _grouped(kind, words, last)
    if grouped is not None or kind in {"arrange", "duplicate"}:
        return grouped
    if kind in {"move", "place"}:
        to_wall = wall_move(words, last)
        if to_wall is not None:
            return to_wall if kind == "move" or exists(to_wall.target) else EditOp(
                kind="add", target=to_wall.target, count=1, relation=to_wall.relation, wall=to_wall.wall)
    if kind == "change" and (room := room_op(words)) is not None:
        return room
    if kind in {"change", "replace", "place"}:  # 'set it to night' is the hour, not an object named night
        scene = look_op(words) or finish_op(words) or (
            replace_op(words, last, into_only=kind == "change") if kind != "place" else None)
        if scene is not None or kind == "replace":
            return scene
    if kind in {"change", "rotate"}:
        turn = _rotation(verb, words, last)
        if turn is not None or kind == "rotate":
            return turn
    if kind == "keep":
        return _keep(words, last)
    if kind == "remove" and verb in {"take", "get"}:
        if not ({"out", "away", "rid"} & set(words)):
            return None
        words = [w for w in words if w not in {"out", "away", "rid", "of"}]
    located = _locate(words, last)
    if located is None:
        return None
    target, move, reference, after = located
    near = None
    if kind in {"change", "remove"} and move is not None:  # 'the lamp by the sofa': the one standing nearest it
        if reference is None or target.plural or target.every or target.words == EVERYTHING:
            return None  # 'the plants by the sofa', 'the lamp in the corner': which ones is not said by a thing
        near = reference
    if kind == "place":
        kind = "move" if move and exists(target.words) else "add"
    if kind in ("add", "remove") and target.count:  # here a number is a count ('rotate ... 720 degrees' is not)
        check_count(target.count, MAX_EDIT_COUNT, "objects in one edit")
    if kind == "remove":
        return EditOp(kind="remove", target=target.words, exclude=target.exclude or None, ordinal=target.ordinal,
                      near=near, count=None if target.every or target.ordinal or near
                      else target.count or (None if target.plural else 1))
    if target.words == EVERYTHING and kind == "add":
        return None
    if kind == "add":
        return EditOp(kind="add", target=as_new_thing(words, target).words, count=target.count or (2 if target.plural else 1),
                      color=target.color, relation=move if reference or move in ROOM_MOVES else None,
                      reference=reference)
    if kind == "move":
        if move is None or (reference is None and move not in ROOM_MOVES):
            return None
        return EditOp(kind="move", target=target.words, exclude=target.exclude or None, ordinal=target.ordinal,
                      relation=move, reference=reference)
    op = _change(words[after if near else target.end:], target)
    return op.model_copy(update={"exclude": target.exclude or None, "ordinal": target.ordinal, "near": near}) if op else None


def _grouped(kind: str | None, words: list[str], last: Last | None) -> EditOp | None:
    """Arrangements and copies: 'arrange the chairs in a circle', 'put the desks in two rows', 'duplicate the
    lamp', 'add another chair like that one' (tools/edit/group_parse.py)."""
    if kind == "arrange":  # 'line up the chairs' is 'line the chairs up'
        return arrange_op(words[1:] + ["up"] if words[:1] == ["up"] else words, last)
    if kind in {"move", "place"}:
        return arrange_op(words, last, self_only=True)
    if kind == "duplicate":
        return duplicate_op(words, last)
    return add_like_op(words, last) if kind == "add" else None


def _keep(words: list[str], last: Last | None) -> EditOp | Last | None:
    """'keep only the sofa' removes everything else; 'keep the sofa' names what a later 'the rest' leaves."""
    only = "only" in words or "just" in words
    found = mentions([w for w in words if w not in {"only", "just"}], last)
    if not found or found[0].words == EVERYTHING:
        return None
    if only:
        return EditOp(kind="remove", target=EVERYTHING, exclude=[m.words for m in found])
    return Last(" | ".join(m.words for m in found))


def _locate(words: list[str], last: Last | None) -> tuple[Mention, str | None, str | None, int] | None:
    """(the object, the relation it is to get or None, what the relation is about or None, where the words
    after that end)."""
    away = _find_away(words)
    relation = None if away is not None else _find_relation(words)
    head_words = words[:away] if away is not None else words[:relation[1]] if relation else words
    named = mentions(head_words, last) or unknown_noun(head_words)
    if not named:
        return None
    if away is not None:
        kind, rest = "away_from", words[away + 2:]
    elif relation is not None:
        kind, rest = relation[0], words[relation[2]:]
    else:
        return named[0], None, None, named[0].end
    found = mentions(rest, last)
    return named[0], kind, found[0].words if found else None, len(words) - len(rest) + (found[0].end if found else 0)


ROOM_MOVES = {"against_wall", "in_corner", "center"}


def _change(after: list[str], target: Mention) -> EditOp | None:
    """'make X blue' (recolour) or 'make X bigger' / 'make X 2 m long' (resize): what follows the object."""
    for i in range(len(after)):
        colour = parse_color(after, i)
        if colour is not None:
            return EditOp(kind="recolor", target=target.words, color=colour[1])
    for i, word in enumerate(after):
        if word.startswith(MEASURE_PREFIX):
            axis = next((AXIS_WORDS[w] for w in after[i + 1:i + 3] if w in AXIS_WORDS), None)
            return EditOp(kind="resize", target=target.words, measure_m=check_measure(float(word[len(MEASURE_PREFIX):])),
                          measure_axis=axis)
        if word in GROW_WORDS or SIZE_WORDS.get(word) in {"large", "long", "tall"}:
            return EditOp(kind="resize", target=target.words, size="larger")
        if word in SHRINK_WORDS or SIZE_WORDS.get(word) == "small":
            return EditOp(kind="resize", target=target.words, size="smaller")
    return None


def _find_away(words: list[str]) -> int | None:
    for i in range(len(words) - 1):
        if words[i] == "away" and words[i + 1] == "from":
            return i
    return None


def _find_relation(words: list[str]) -> tuple[str, int, int] | None:
    """(kind, start, end) of the first relation phrase after the object; 'closer to' reads as next_to."""
    for i in range(1, len(words)):
        if words[i] in {"closer", "nearer"} and i + 1 < len(words) and words[i + 1] == "to":
            return "next_to", i, i + 2
        found = match_relation(words, i)
        if found is not None and found[0] in get_args(MoveKind) and found[1] in {"target", "room"}:
            return found[0], i, found[2]
    return None


def _rotation(verb: str | None, words: list[str], last: Last | None) -> EditOp | None:
    """'the sofa around', 'the bed 90 degrees to the left', 'the chair to face the tv' (also without a verb:
    'the desk facing the window'); None when the words are no turn."""
    face = next((i for i, w in enumerate(words) if w in FACE_WORDS), None)
    if face is not None:
        return _facing(words, face, last)
    if verb is None:
        return None
    named = mentions(words, last)
    if named:
        target, tail = named[0], words[named[0].end:]
    else:  # an object the scene may not have ('rotate the piano 90 degrees'): named up to the turn words
        cut = next((i for i, w in enumerate(words) if _is_turn_word(w)), len(words))
        found = unknown_noun(words[:cut])
        if not found:
            return None
        target, tail = found[0], words[cut:]
    degrees = _turn_degrees(tail)
    return None if degrees is None else EditOp(kind="rotate", target=target.words, degrees=degrees,
                                               exclude=target.exclude or None, ordinal=target.ordinal)


def _facing(words: list[str], face: int, last: Last | None) -> EditOp | None:
    head = words[:face]
    while head and head[-1] in {"to", "so", "it", "that", "is"}:  # 'turn the sofa (so it is) to face the tv'
        head = head[:-1]
    target = mentions(head, last) or unknown_noun(head)
    rest = [w for w in words[face + 1:] if w not in {"at", "to"}]
    reference = mentions(rest, last) or unknown_noun(rest)
    if not target or not reference:
        return None
    return EditOp(kind="rotate", target=target[0].words, relation="facing", reference=reference[0].words)


def _is_turn_word(word: str) -> bool:
    return (word in HALF_TURN_WORDS | LEFT_WORDS | RIGHT_WORDS | DEGREE_WORDS | {"quarter", "by", "counter", "anti"}
            or _number(word) is not None)


def _turn_degrees(words: list[str]) -> float | None:
    """Signed degrees of 'around', 'by 90 degrees', 'a quarter turn to the right', 'counter clockwise', '45'
    (the tokenizer drops '°'); None when a word is none of these, or nothing says how far or which way."""
    amount, sign, i = None, 1.0, 0
    words = [w for w in words if w not in TURN_FILLER]
    while i < len(words):
        word = words[i]
        if word in {"counter", "anti"} and words[i + 1:i + 2] == ["clockwise"]:
            sign, i = 1.0, i + 1
        elif word in LEFT_WORDS or word in RIGHT_WORDS:
            sign = 1.0 if word in LEFT_WORDS else -1.0
            amount = amount or 90.0
        elif word in HALF_TURN_WORDS or word == "quarter":
            amount = 180.0 if word in HALF_TURN_WORDS else 90.0
        elif (value := _number(word)) is not None:
            amount = value
            i += 1 if words[i + 1:i + 2] and words[i + 1] in DEGREE_WORDS else 0
        else:
            return None
        i += 1
    if amount is None or not 0 < amount <= 360:
        return None
    return sign * amount


def _number(word: str) -> float | None:
    try:
        return float(word)
    except ValueError:
        value = number_value(word)
        return float(value) if value is not None and word not in {"a", "an", "one"} else None
