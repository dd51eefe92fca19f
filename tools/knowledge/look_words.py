"""Word tables for look and motion (read by tools.plan.look): one row per word.

Colours are sRGB hex. Speeds are cycles per second, chosen to read as calm on a
page. How each kind of thing moves unasked is the kind's own ``motion``
(tools/knowledge/kinds.toml); here are only the motions a verb gives a thing
that has none of its own.
"""

from __future__ import annotations

from dataclasses import dataclass

from tools.core.schema import Palette
from tools.knowledge.categories import Motion

TIME_WORDS: dict[str, str] = {
    "morning": "morning", "dawn": "morning", "sunrise": "morning", "daybreak": "morning",
    "noon": "day", "midday": "day", "afternoon": "day", "daytime": "day", "sunny": "day", "daylight": "day",
    "sunset": "sunset", "dusk": "sunset", "evening": "sunset", "twilight": "sunset", "sundown": "sunset",
    "night": "night", "nighttime": "night", "midnight": "night", "starry": "night", "moonlit": "night",
    "nocturnal": "night", "tonight": "night",
}
# A clock time's hour of day (0-23) from which each time of day holds, in order: "at 3am" is night, "at 7:30"
# morning, "at 6 pm" sunset (tools/plan/look.py clock_times).
CLOCK_TIMES: tuple[tuple[int, str], ...] = ((0, "night"), (5, "morning"), (10, "day"), (18, "sunset"), (21, "night"))
MERIDIEM = {"am": 0, "pm": 12}  # hours a 12-hour clock time adds
# A body of the sky named over open ground brings its hour when no time word says otherwise: "a full moon over a
# lake" is night (not in space, nor on a body's own surface, whose place keeps its hour).
SKY_HOURS: dict[str, str] = {"moon": "night", "moons": "night", "stars": "night"}
# 'night' before these is part of a thing's name, not the hour: a night stand, a night table.
NOT_TIME_AFTER = frozenset({"stand", "stands", "table", "tables", "gown", "gowns", "dress", "shirt", "cap"})
# 'a painting of a sunset': the hour belongs to the picture, not to the scene.
DEPICTION_NOUNS = frozenset({"painting", "paintings", "picture", "pictures", "poster", "posters", "photo", "photos",
                             "photograph", "print", "mural", "postcard"})

WEATHER_WORDS: dict[str, str] = {
    "fog": "fog", "foggy": "fog", "mist": "fog", "misty": "fog", "haze": "fog", "hazy": "fog",
    "snow": "snow", "snowy": "snow", "snowing": "snow", "snowfall": "snow", "blizzard": "snow",
    "snowflakes": "snow", "wintry": "snow",
    "rain": "rain", "rainy": "rain", "raining": "rain", "drizzle": "rain", "rainstorm": "rain", "downpour": "rain",
    "snowstorm": "snow",
    # a storm is rain with its wind (WIND_WORDS); its lightning is a kind (kinds.toml lightning_bolt)
    "storm": "rain", "stormy": "rain", "thunderstorm": "rain", "thunder": "rain", "thundery": "rain",
}
WIND_WORDS: dict[str, float] = {
    "breeze": 0.4, "breezy": 0.4, "wind": 0.6, "windy": 0.7, "gusty": 0.8, "blustery": 0.8,
    "storm": 1.0, "stormy": 1.0, "blizzard": 0.9, "gale": 1.0,
}
OUTDOOR_WIND = 0.2  # outdoors the air always moves a little

# The endings of a word for light itself ("candlelight", "moonshine", "a warm glow") or what it casts ("shadows"): the
# scene's light, or the light of the thing its first part names; read alike by the parse (no thing to place) and the
# judge (what draws it).
LIGHT_ENDINGS = ("light", "lights", "lighting", "glow", "shine", "shadow", "shadows")
SKY_NOUNS = frozenset({"sky", "skies"})  # the backdrop the page draws over every outdoor scene


def light_stem(word: str) -> str | None:
    """What gives the light a word for light names ("candle" of "candlelight", "" of "glow"), or None for no such word."""
    stem = next((word[:-len(end)] for end in LIGHT_ENDINGS if word.endswith(end)), None)
    return stem.strip(" -") if stem is not None else None


# The word before 'light'/'lighting': 'warm light' is warm; 'light blue' has no word before 'light' here.
LIGHT_WORDS: dict[str, str] = {
    "warm": "warm", "soft": "warm", "golden": "warm", "candle": "warm", "amber": "warm", "dim": "warm",
    "cool": "cool", "cold": "cool", "bright": "cool", "white": "cool", "blue": "cool", "fluorescent": "cool",
}
TONE_WORDS: dict[str, str] = {"cinematic": "aces", "filmic": "aces", "dramatic": "aces", "photographic": "agx"}
TONE_NOUNS = frozenset({"tones", "tone", "shades", "hues", "palette", "theme", "scheme"})


@dataclass(frozen=True)
class Style:
    """A style word's look: its palette and the indoor light it brings."""

    palette: Palette
    light: str | None = None  # 'warm'/'cool' indoor light the style brings, None: the hour decides


def _style(name: str, accent: str, colors: tuple[str, ...], floor: str | None, wall: str | None,
           light: str | None = None) -> Style:
    return Style(Palette(name=name, accent=accent, colors=list(colors), floor=floor, wall=wall), light)


_MINIMALIST = _style("minimalist", "#2b2b2b", ("#f2f2ee", "#d8d8d4", "#2b2b2b", "#b9b4aa"), "#d9c7aa", "#f6f5f1",
                     "cool")
_VICTORIAN = _style("victorian", "#7a1f2b", ("#7a1f2b", "#2f4a36", "#5d3a22", "#b08d3c"), "#6b4429", "#8c6a5c",
                    "warm")
_SCIFI = _style("scifi", "#2ec4e6", ("#e8edf2", "#9aa5b1", "#2ec4e6", "#39424e"), "#3a4049", "#cfd6de", "cool")
_RUSTIC = _style("rustic", "#8a5a33", ("#8a5a33", "#6b7a3a", "#b5652d", "#d8c7a0"), "#7b5533", "#d9c3a0", "warm")
_COZY = _style("cozy", "#c8643c", ("#c8643c", "#d4a017", "#8a5a44", "#e9d8b8"), "#9c6b45", "#efe0c8", "warm")
_INDUSTRIAL = _style("industrial", "#a0482c", ("#3a3d42", "#a0482c", "#6f6f6f", "#2b2b2b"), "#7a7a78", "#8c7b70")
_SCANDINAVIAN = _style("scandinavian", "#9caf88", ("#f2f0ea", "#9caf88", "#c9c3b6", "#7f8c8d"), "#e0cfb1",
                       "#f4f2ee", "cool")
_BOHEMIAN = _style("bohemian", "#c2185b", ("#c8643c", "#c2185b", "#d4a017", "#1f7a7a"), "#9c6b45", "#f1e2cc", "warm")
_MODERN = _style("modern", "#2f6db5", ("#e6e6e2", "#3a3d42", "#2f6db5", "#b8bcc2"), "#c8b293", "#f3f3f0")
STYLES: dict[str, Style] = {
    "minimalist": _MINIMALIST, "minimal": _MINIMALIST, "minimalistic": _MINIMALIST,
    "victorian": _VICTORIAN, "antique": _VICTORIAN, "baroque": _VICTORIAN,
    "scifi": _SCIFI, "futuristic": _SCIFI, "cyberpunk": _SCIFI, "spaceship": _SCIFI,
    "rustic": _RUSTIC, "farmhouse": _RUSTIC, "cabin": _RUSTIC,
    "cozy": _COZY, "cosy": _COZY, "snug": _COZY,
    "industrial": _INDUSTRIAL, "scandinavian": _SCANDINAVIAN, "nordic": _SCANDINAVIAN,
    "bohemian": _BOHEMIAN, "boho": _BOHEMIAN, "modern": _MODERN, "contemporary": _MODERN,
}
_Y = (0.0, 1.0, 0.0)
# A verb naming a motion a thing has no row for ('a spinning chair', 'a floating crate'): the whole object moves.
GENERIC_MOTIONS: dict[str, Motion] = {
    "spin": Motion("spin", 0.25, axis=_Y), "bob": Motion("bob", 0.25, 0.08), "sway": Motion("sway", 0.3, 0.03),
    "circle": Motion("circle", 0.08, radius=2.0), "glow": Motion("glow", 0.6, 0.3),
    "flicker": Motion("flicker", 1.6, 0.3), "ripple": Motion("ripple", 0.6, 0.3),
}
VERB_KINDS: dict[str, str] = {
    "spinning": "spin", "spin": "spin", "spins": "spin", "turning": "spin", "turn": "spin", "turns": "spin",
    "rotating": "spin", "rotate": "spin", "rotates": "spin", "revolving": "spin", "whirring": "spin",
    "whirling": "spin", "rolling": "spin",
    "orbiting": "orbit", "orbit": "orbit", "orbits": "orbit",
    "circling": "circle", "circles": "circle", "flying": "circle", "soaring": "circle",
    "gliding": "circle",
    "flickering": "flicker", "flicker": "flicker", "flickers": "flicker", "burning": "flicker",
    "crackling": "flicker", "blazing": "flicker",
    "swaying": "sway", "sway": "sway", "sways": "sway", "rustling": "sway", "waving": "sway",
    "bobbing": "bob", "bob": "bob", "bobs": "bob", "floating": "bob", "drifting": "bob",
    "rippling": "ripple", "ripple": "ripple", "ripples": "ripple", "splashing": "ripple", "flowing": "ripple",
    "glowing": "glow", "glow": "glow", "glows": "glow", "playing": "glow", "blinking": "glow",
}
STILL_WORDS = frozenset({"still", "static", "frozen", "motionless", "stopped", "unlit", "idle", "calm"})
VERB_REACH = 3  # tokens between a verb and the noun it describes ('a fan slowly spinning', 'wheels turning')
