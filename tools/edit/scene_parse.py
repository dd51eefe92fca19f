"""Clauses about the scene rather than one object: undo ('undo that', 'go back to revision 2'), the look
('make it night', 'make it foggy', 'make it cosier', 'give it a scandinavian look', 'a warmer palette', 'in blue
tones', 'make it brighter'), the room's finishes ('paint the walls light green', 'make the floor
tile') and replacing one kind by another ('replace the chairs with stools', 'turn the lamp into a plant').

Time, weather, style and tone words are the planner's own tables and readers (tools.knowledge.look_words,
tools.plan.look), so an edit understands the same hours, weathers, styles and tones a prompt does.
"""

from __future__ import annotations

from tools.core.colors import parse_color
from tools.edit.ops import FLOOR_MATERIALS, EditOp
from tools.edit.targets import Last, as_new_thing, mentions, unknown_noun
from tools.knowledge.look_words import LIGHT_WORDS, NOT_TIME_AFTER, TIME_WORDS, TONE_NOUNS, WEATHER_WORDS
from tools.knowledge.places import WALL_WORDS
from tools.plan.look import clock_times, read_style, read_tones, tones_palette
from tools.plan.parse import match_relation
from tools.plan.phrases import match_head, number_value
from tools.plan.words import DETERMINERS

UNDO_WORDS = {"undo", "revert", "restore"}
REDO_REST = {"that", "this", "it", "the", "last", "edit", "change", "again", "please", "one", "step"}
CLEAR_WORDS = {"clear", "sunny", "dry"}  # 'make the weather clear': no fog, snow or rain
REPLACE_VERBS = {"replace", "swap", "exchange", "substitute", "switch"}
REPLACE_LINKS = {"with", "for", "by", "into", "to"}  # 'replace X with Y', 'swap X for Y', 'turn X into Y'
PALETTE_NOUNS = TONE_NOUNS | {"colours", "colors", "colour", "color"}
# Words of a look clause that name the scene, not a thing ('make the room brighter', 'a scandinavian look').
SCENE_WORDS = {"time", "day", "weather", "light", "lights", "lighting", "scene", "sky", "room", "look", "style",
               "feel", "vibe", "mood", *PALETTE_NOUNS}
BRIGHTNESS_WORDS = {"brighter": "brighter", "lighter": "brighter", "darker": "darker", "dimmer": "darker"}
BRIGHTNESS_VERBS = {"brighten": "brighter", "lighten": "brighter", "darken": "darker", "dim": "darker"}
TEMPERATURE_WORDS = {"warm", "cool", "cold"}  # the LIGHT_WORDS that say warmth ('make it warmer': the light)
WARMTH_STYLES = {"warm": "cozy", "cool": "scandinavian"}  # the style whose colours 'a warmer palette' takes
OBJECT_PRONOUNS = {"them", "they", "those", "these"}  # 'make them darker' means the things just changed


def undo_op(words: list[str]) -> EditOp | None:
    """'undo', 'undo that', 'undo the last edit', 'go back to revision 2', 'revert to revision 1'."""
    starts = words[:1] and words[0] in UNDO_WORDS or words[:2] == ["go", "back"] or words[:1] == ["back"]
    if not starts:
        return None
    revision = None
    if "revision" in words or "version" in words:
        at = words.index("revision") if "revision" in words else words.index("version")
        number = words[at + 1] if at + 1 < len(words) else ""
        if not number.isdigit():
            return None
        revision = int(number)
    elif any(w not in {"undo", "that", "this", "it", "the", "last", "edit", "change", "previous", "go", "back",
                       "revert", "one", "step", "please"} for w in words):
        return None
    return EditOp(kind="undo", target="scene", revision=revision)


def redo_op(words: list[str]) -> EditOp | None:
    """'redo', 'redo that', 'redo the last edit', 'undo the undo': the revision an undo went back from."""
    if words[:3] in (["undo", "the", "undo"], ["undo", "that", "undo"], ["undo", "my", "undo"]) and len(words) == 3:
        return EditOp(kind="redo", target="scene")
    if not words or words[0] != "redo" or any(w not in REDO_REST for w in words[1:]):
        return None
    return EditOp(kind="redo", target="scene")


def _modifies_scene_word(words: list[str], i: int) -> bool:
    """Whether words[i] stands before a word naming the scene's look, so it modifies that head and names no
    thing: 'a cooler colour scheme' (a phrase's head is its last noun, though 'cooler' is a kind's name)."""
    return i + 1 < len(words) and words[i + 1] in SCENE_WORDS


def look_op(words: list[str]) -> EditOp | None:
    """'it night', 'the time of day to sunset', 'it a foggy morning', 'the weather clear', 'it cosier', 'it a
    scandinavian look', 'a warmer palette', 'it in blue tones', 'it brighter' (after a change verb)."""
    if OBJECT_PRONOUNS & set(words) or any(
            match_head(words, i) is not None and words[i] not in TIME_WORDS | WEATHER_WORDS.keys()
            for i in range(len(words)) if words[i] not in SCENE_WORDS and not _modifies_scene_word(words, i)):
        return None  # an object is named: 'make the lamp night blue' is no change of hour
    time = next((TIME_WORDS[w] for i, w in enumerate(words) if w in TIME_WORDS
                 and not (words[i + 1:i + 2] and words[i + 1] in NOT_TIME_AFTER)), None)
    time = time or next(iter(clock_times(words).values()), None)
    if time is None and "day" in words and "time" not in words:
        time = "day"
    weather = next((WEATHER_WORDS[w] for w in words if w in WEATHER_WORDS), None)
    if weather is None and "weather" in words and CLEAR_WORDS & set(words):
        weather = "clear"
    style = _style_words(words)
    if time is None and weather is None and not style:
        return None
    return EditOp(kind="look", target="scene", time_of_day=time, weather=weather, **style)


def _style_words(words: list[str]) -> dict[str, str]:
    """The style, palette, tones, light and brightness a look clause names, by the planner's readers and tables:
    'cosier' is the style 'cosy', 'a warmer palette' cozy's colours, 'warmer' alone the light."""
    plain = [_plain_form(w) for w in words]
    tones = read_tones(words)
    palette_noun = bool(PALETTE_NOUNS & set(words))
    if tones is None and palette_noun:  # 'make the palette blue'
        tones = next((tones_palette(c[0], c[1]) for i in range(len(words)) if (c := parse_color(words, i))), None)
    warmth = next((LIGHT_WORDS[w] for w in plain if w in TEMPERATURE_WORDS), None)
    found = {"style": read_style(plain), "tones": tones.name.removesuffix(" tones") if tones else None,
             "palette": WARMTH_STYLES[warmth] if warmth and palette_noun and tones is None else None,
             "light": warmth if warmth and not palette_noun else None,
             "brightness": next((BRIGHTNESS_WORDS[w] for w in words if w in BRIGHTNESS_WORDS), None)}
    return {k: v for k, v in found.items() if v is not None}


def _plain_form(word: str) -> str:
    """The plain word of a comparative, to look up in the planner's tables: 'cosier' 'cosy', 'warmer' 'warm'."""
    if word.endswith("ier"):
        return word[:-3] + "y"
    return word[:-2] if word.endswith("er") and len(word) > 4 else word


def finish_op(words: list[str]) -> EditOp | None:
    """'the walls light green', 'the walls exposed brick', 'the floor dark wood', 'the floor to carpet'."""
    found = mentions(words, None)
    if not found or found[0].words not in {"wall", "floor"}:
        return None
    surface, after = found[0].words, words[found[0].end:]
    colour = next((c for i in range(len(after)) if (c := parse_color(after, i)) is not None), None)
    materials = WALL_WORDS if surface == "wall" else FLOOR_MATERIALS
    material = next((materials[w] for w in after if w in materials), None)
    if colour is None and material is None:
        return None
    return EditOp(kind="finish", target="walls" if surface == "wall" else "floor",
                  color=colour[1] if colour else None, material=material)


def replace_op(words: list[str], last: Last | None, into_only: bool = False) -> EditOp | None:
    """'the chairs with stools', 'the lamp for a plant', 'the second chair by a stool'; with ``into_only``
    (after 'turn' or 'change') only 'X into Y' and 'X to Y' replace."""
    links = {"into", "to"} if into_only else REPLACE_LINKS
    phrases = _relation_spans(words)  # 'the lamp next to the sofa': that 'to' links no replacement
    cut = next((i for i in range(len(words) - 1, 0, -1)  # the last link: 'the chair by the window with a stool'
                if words[i] in links and not any(a < i < b for a, b in phrases)), None)
    if cut is None:
        return None
    place = next(((a, b) for a, b in phrases if b <= cut), None)
    old = mentions(words[:place[0] if place else cut], last) or unknown_noun(words[:place[0] if place else cut])
    near = mentions(words[place[1]:cut], last) if place else None
    if place and (not near or not old or old[0].plural or old[0].every):
        return None  # which ones stand 'by the window' is not read: the plants by it, or one not said by a thing
    new = [as_new_thing(words[cut + 1:], m) for m in mentions(words[cut + 1:], None) or unknown_noun(words[cut + 1:])]
    if not old or not new or new[0].words in {"wall", "floor", "window", "door"} \
            or not _only_qualifiers(words[cut + 1:cut + 1 + new[0].start]):
        return None  # 'turn the chair to face the tv' is a turn: a verb stands before the noun
    if into_only and match_head(words[cut + 1:], new[0].start) is None:
        return None  # 'change the sofa to blue' is a colour, read elsewhere
    target = old[0]
    return EditOp(kind="replace", target=target.words, exclude=target.exclude or None, ordinal=target.ordinal,
                  near=near[0].words if near else None, count=target.count,
                  replacement=new[0].words, color=new[0].color)


def _relation_spans(words: list[str]) -> list[tuple[int, int]]:
    """(start, end) of each place phrase after the first word ('next to', 'by', 'in front of')."""
    spans, i = [], 1
    while i < len(words):
        found = match_relation(words, i)
        if found is not None and found[1] in {"target", "room"}:
            spans.append((i, found[2]))
            i = found[2]
        else:
            i += 1
    return spans


def _only_qualifiers(words: list[str]) -> bool:
    """Articles, numbers and colour words only: what may stand before the new kind's noun."""
    return all(w in DETERMINERS or number_value(w) is not None or parse_color(words, i) is not None
               or (i > 0 and parse_color(words, i - 1) is not None) for i, w in enumerate(words))
