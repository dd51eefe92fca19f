"""Look and motion from the prompt: time of day, weather, style and palette, and what moves.

Everything here is read from word tables (tools.knowledge.look_words) against the
prompt's tokens and the plan's object categories, so a new word or a new
moving thing is a table row, never a special case. Deterministic in the plan.
The palette reaches materials through ``apply_look``: floor and wall finishes
go to tools.page.look at compose time; objects whose colour the prompt did not
state get the palette's accent colours here, before assets are generated.
"""

from __future__ import annotations

from tools.core.colors import parse_color, shade, tone_palette
from tools.core.schema import Behaviour, Look, ObjectSpec, Palette, ScenePlan
from tools.knowledge.categories import CATEGORIES, has_trait, lookup
from tools.knowledge.look_words import (
    CLOCK_TIMES,
    DEPICTION_NOUNS,
    GENERIC_MOTIONS,
    LIGHT_WORDS,
    MERIDIEM,
    NOT_TIME_AFTER,
    OUTDOOR_WIND,
    SKY_HOURS,
    STILL_WORDS,
    STYLES,
    TIME_WORDS,
    TONE_NOUNS,
    TONE_WORDS,
    VERB_KINDS,
    VERB_REACH,
    WEATHER_WORDS,
    WIND_WORDS,
    Motion,
)
from tools.knowledge.places import PLACES, SPACE_PLACE
from tools.knowledge.plurals import singular_forms
from tools.plan.text import clean_prompt, tokenize

LIGHT_NOUN_ENDINGS = ("light", "lights", "lit")  # "candlelight", "candlelit": the light of a candle
LANDFORM = "landform"  # the generator of kinds shaped from the ground itself (kinds.toml)
LANDFORM_SHADE = -0.15  # a landform a little darker than its ground: its rim and bowl read against it


def apply_look(plan: ScenePlan) -> ScenePlan:
    """``plan`` with ``look`` and ``behaviours`` filled in and unstated object colours taken from the palette."""
    tokens = tokenize(clean_prompt(plan.prompt))
    look = read_look(tokens, plan)
    result = plan.model_copy(deep=True)
    result.look = look
    result.behaviours = read_behaviours(tokens, result, look)
    if look.palette is not None:
        paint_accents(result.objects, look.palette)
    place = PLACES.get(plan.environment.room_type or "")
    if place is not None and place.ground:
        of_the_ground(result.objects, place.ground)
    return result


def of_the_ground(specs: list[ObjectSpec], ground: str) -> None:
    """Landforms of no stated colour (a crater, a hill: shaped from the ground) take a shade of a place's own ground
    colour: a crater on Mars is red, not the grey of the kind's usual rock."""
    for spec in specs:
        if spec.color is None and CATEGORIES[spec.category].generator == LANDFORM:
            spec.color = shade(ground, LANDFORM_SHADE)


def light_holders(tokens: list[str], specs: list[ObjectSpec], indoor: bool) -> None:
    """Add the thing whose light a word names ("candlelight", "candlelit", "lamplight": a candle, a lamp) when the
    plan has none: the light is that thing's own. Only a kind that gives light (kinds.toml light_intensity) and
    belongs in the setting; a sky body's light ("moonlit") is the hour's, read by _time_of_day."""
    for token in tokens:
        stem = next((token[:-len(end)] for end in LIGHT_NOUN_ENDINGS if token.endswith(end)), "").strip("-")
        kind = lookup(stem) if len(stem) > 2 else None
        if kind is None or kind.light_intensity is None or not (kind.indoor if indoor else kind.outdoor):
            continue
        if any(spec.category == kind.name for spec in specs):
            continue
        key = kind.name if all(spec.key != kind.name for spec in specs) else f"{kind.name}_light"
        specs.append(ObjectSpec(key=key, category=kind.name, requested=False, noun=stem))


def read_look(tokens: list[str], plan: ScenePlan) -> Look:
    """The Look the words ask for; plain daylight with neutral tone mapping when they ask for nothing."""
    outdoor = plan.environment.kind == "outdoor"
    style_name = read_style(tokens) or "default"
    style = STYLES.get(style_name)
    palette = look_palette(style_name, read_tones(tokens))
    space = plan.environment.room_type == SPACE_PLACE
    place = PLACES.get(plan.environment.room_type or "")
    hour = place.hour if place is not None and place.hour else (_sky_hour(tokens) if outdoor else None) or "day"
    time_of_day = "night" if space else _time_of_day(tokens, hour)  # space: the starry backdrop, whatever the words
    light = _last_match(_pairs_before(tokens, {"light", "lights", "lighting", "glow"}), LIGHT_WORDS)
    light = LIGHT_WORDS[light] if light else (style.light if style else None) or light_for_time(time_of_day)
    wind = max([WIND_WORDS[t] for t in tokens if t in WIND_WORDS], default=OUTDOOR_WIND if outdoor else 0.0)
    tone = _last_match(tokens, TONE_WORDS)
    return Look(
        time_of_day=time_of_day,
        weather="clear" if space else _weather(tokens),
        style=style_name,
        palette=palette,
        light=light,
        wind=wind if outdoor else 0.0,
        tone_mapping=TONE_WORDS[tone] if tone else "neutral",
        exposure=1.0,
    )


def read_behaviours(tokens: list[str], plan: ScenePlan, look: Look) -> list[Behaviour]:
    """One Behaviour per object kind that moves: its category's usual motion, or the one a verb beside it names."""
    verbs = _verbs_by_spec(tokens, plan.objects)
    outdoor = plan.environment.kind == "outdoor"
    behaviours = []
    for spec in plan.objects:
        own = CATEGORIES[spec.category].motion if spec.category in CATEGORIES else None
        verb = verbs.get(spec.key)
        if verb == "still":
            continue
        if verb:
            motion = own if own is not None and own.kind == verb else GENERIC_MOTIONS.get(verb)
        else:
            motion = _default_motion(own, outdoor, look)
        if motion is None:
            continue
        behaviour = _behaviour(spec, motion, look, plan)
        if behaviour is not None:
            behaviours.append(behaviour)
    return behaviours


def _default_motion(motion: Motion | None, outdoor: bool, look: Look) -> Motion | None:
    """The kind's own motion when it moves unasked: when the scene meets its condition."""
    if motion is not None and (motion.when == "always" or (motion.when == "outdoor" and outdoor)
                               or (motion.when == "night" and look.time_of_day == "night")):
        return motion
    return None


def _behaviour(spec: ObjectSpec, motion: Motion, look: Look, plan: ScenePlan) -> Behaviour | None:
    amplitude = motion.amplitude
    if motion.kind == "sway" and amplitude is not None:
        amplitude = amplitude * (1.0 + motion.wind_gain * look.wind)
    around = None
    if motion.kind == "orbit":
        centres = [s.key for s in plan.objects if s.category in motion.around and s.key != spec.key]
        if not centres:
            return None  # a moon with nothing to go round stays put
        around = centres[0]
    return Behaviour(target=spec.key, kind=motion.kind, speed=motion.speed, amplitude=amplitude,
                     axis=motion.axis, part=motion.part, around=around, radius=motion.radius)


def _verbs_by_spec(tokens: list[str], specs: list[ObjectSpec]) -> dict[str, str]:
    """{spec key: motion kind or 'still'} for each verb: the nearest object noun within VERB_REACH tokens."""
    positions = _noun_positions(tokens, specs)
    found: dict[str, str] = {}
    for index, token in enumerate(tokens):
        kind = "still" if token in STILL_WORDS else VERB_KINDS.get(token)
        if kind is None:
            continue
        near = [(abs(at - index), key) for key, places in positions.items() for at in places
                if abs(at - index) <= VERB_REACH]
        if near:
            found[min(near)[1]] = kind
    return found


def _noun_positions(tokens: list[str], specs: list[ObjectSpec]) -> dict[str, list[int]]:
    """{spec key: token indices where its noun (last word, any plural) or category name stands}."""
    positions: dict[str, list[int]] = {}
    for spec in specs:
        words = {spec.category, spec.category.replace("_", " ").split()[-1]}
        if spec.noun:
            words.add(spec.noun.split()[-1])
        positions[spec.key] = [i for i, t in enumerate(tokens) if t in words or words & set(singular_forms(t))]
    return positions


def _time_of_day(tokens: list[str], found: str = "day") -> str:
    """The last time word or clock time that is not part of a thing's name ('nightstand', 'night table') or a
    picture's subject; ``found`` when there is none."""
    clocks = clock_times(tokens)
    for index, token in enumerate(tokens):
        hour = TIME_WORDS.get(token) or clocks.get(index)
        if hour is None:
            continue
        if index + 1 < len(tokens) and tokens[index + 1] in NOT_TIME_AFTER:
            continue
        if _depicted(tokens, index):
            continue
        found = hour
    return found


def clock_times(tokens: list[str]) -> dict[int, str]:
    """{index of the hour's number: its time of day (CLOCK_TIMES)} for each clock time in the tokens: '3 am',
    '9 p . m .', '21 : 00', '7 : 30 pm'. A bare number ('at 3', '3 o'clock') names no part of the day."""
    found = {}
    for index, token in enumerate(tokens):
        if not token.isdigit() or int(token) > 23:
            continue
        hour, rest = int(token), tokens[index + 1:index + 5]
        minutes = len(rest) > 1 and rest[0] == ":" and rest[1].isdigit() and len(rest[1]) == 2
        rest = rest[2:] if minutes else rest
        half = _meridiem(rest)
        if half is not None and 1 <= hour <= 12:
            hour = hour % 12 + half
        elif not minutes:
            continue
        found[index] = next(part for start, part in reversed(CLOCK_TIMES) if hour >= start)
    return found


def _meridiem(tokens: list[str]) -> int | None:
    """Hours to add for 'am' / 'pm' (also 'a . m .') opening ``tokens``; None when neither does."""
    if tokens[:1] and tokens[0] in MERIDIEM:
        return MERIDIEM[tokens[0]]
    if len(tokens) >= 3 and tokens[1] == "." and tokens[2] == "m" and f"{tokens[0]}m" in MERIDIEM:
        return MERIDIEM[f"{tokens[0]}m"]
    return None


def _weather(tokens: list[str]) -> str:
    found = "clear"
    for index, token in enumerate(tokens):
        if token in WEATHER_WORDS and not _depicted(tokens, index):
            found = WEATHER_WORDS[token]
    return found


def _sky_hour(tokens: list[str]) -> str | None:
    """The hour a body of the sky named brings ("a full moon": night), not a word of a thing's name ("a moon
    buggy", a kind) or of a picture's subject."""
    return next((SKY_HOURS[t] for i, t in enumerate(tokens) if t in SKY_HOURS and not _depicted(tokens, i)
                 and (i + 1 == len(tokens) or lookup(f"{t} {tokens[i + 1]}") is None)), None)


def _depicted(tokens: list[str], index: int) -> bool:
    """True for 'a painting of a sunset', 'a poster of a snowy mountain': the word describes a picture."""
    window = tokens[max(0, index - 4):index]
    return "of" in window and any(t in DEPICTION_NOUNS for t in window)


def _pairs_before(tokens: list[str], heads: set[str]) -> list[str]:
    """The word before each of ``heads``: 'warm' of 'warm light'; 'light blue' gives nothing."""
    return [tokens[i - 1] for i, t in enumerate(tokens) if t in heads and i > 0]


def _last_match(tokens: list[str], table: dict) -> str | None:
    """The last token (or adjacent pair joined by nothing, 'sci'+'fi') that is a key of ``table``."""
    found = None
    for index, token in enumerate(tokens):
        pair = token + tokens[index + 1] if index + 1 < len(tokens) else ""
        if pair in table:
            found = pair
        elif token in table:
            found = token
    return found


def light_for_time(time_of_day: str) -> str:
    """The indoor light an hour brings when neither the words nor the style name one."""
    return {"morning": "cool", "sunset": "warm", "night": "warm"}.get(time_of_day, "neutral")


def read_style(tokens: list[str]) -> str | None:
    """The last style word of STYLES ('cosy', 'sci fi'), None when the words name none."""
    return _last_match(tokens, STYLES)


def read_tones(tokens: list[str]) -> Palette | None:
    """'in blue tones' / 'shades of green': tools.plan.planner already coloured the objects; the walls follow."""
    for index in range(len(tokens)):
        colour = parse_color(tokens, index)
        if colour is None:
            continue
        hex_color, words, end = colour
        if tokens[end:end + 1] and tokens[end] in TONE_NOUNS or tokens[max(0, index - 2):index] == ["shades", "of"]:
            return tones_palette(hex_color, words)
    return None


def tones_palette(hex_color: str, words: str) -> Palette:
    """The palette of 'in <words> tones': shades of the colour for things, a pale one for the walls."""
    return Palette(name=f"{words} tones", accent=hex_color,
                   colors=[c for c, _ in tone_palette(hex_color, words, 3)], wall=shade(hex_color, 0.82))


def look_palette(style_name: str, tones: Palette | None) -> Palette | None:
    """The palette a style and tones give together: the style's own, or the tones with the style's floor
    ('a sci-fi bedroom in blue tones': the tones colour things, the style the floor)."""
    style = STYLES.get(style_name)
    if tones is None:
        return style.palette.model_copy() if style else None
    return tones.model_copy(update={"floor": style.palette.floor}) if style else tones


def paint_accents(specs: list[ObjectSpec], palette: Palette) -> None:
    """Objects of no stated colour take the palette's colours in turn (never one the prompt stated)."""
    plain = [s for s in specs if s.color is None and not has_trait(s.category, "no_accent")
             and CATEGORIES[s.category].family in {"furniture", "prop"}]
    colors = palette.colors or [palette.accent]
    for index, spec in enumerate(plain):
        spec.color = colors[index % len(colors)]
