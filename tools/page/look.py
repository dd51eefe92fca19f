"""A plan's Look as the page needs it: lights, sky or backdrop, fog, falling snow or rain, finishes.

Each hour of the day is one row of LIGHTING; weather and style only adjust it.
The page (web/template/look.js) draws what ``scene_look`` describes, and
compose's lights come from ``look_lights``. Colours are sRGB hex.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from tools.core.colors import luma, mix
from tools.core.schema import Environment, Look
from tools.knowledge.places import PAINTED_WALLS, PLACES, SPACE_PLACE
from tools.page.sky_light import Sky, irradiance, linear, probe, project


@dataclass(frozen=True)
class Lighting:
    """One hour's light. sky: (zenith, horizon, ground) of the outdoor backdrop; indoor: the backdrop colour."""

    sky: tuple[str, str, str]
    indoor: str
    hemisphere: tuple[str, str]  # (sky, ground) colours of the fill
    fill: float  # fill intensity outdoors (as a HemisphereLight's); indoors INDOOR_FILL times it
    sun_color: str
    sun: float  # directional intensity outdoors; indoors INDOOR_SUN times it
    elevation: float  # degrees above the horizon: low suns cast long shadows
    lamps: float  # lamp and fire light factor: lamps are lit at night
    shadow_softness: float  # PCF radius
    window: tuple[str, float]  # window glass emissive colour and intensity
    exposure: float = 1.0


LIGHTING: dict[str, Lighting] = {
    "day": Lighting(("#5f9fe0", "#cfe2f3", "#dfe6ec"), "#e7eaef", ("#dfeaff", "#5c5347"), 1.9, "#fff1dc", 2.6,
                    56.0, 1.0, 4.0, ("#7fb6dd", 0.35)),
    "morning": Lighting(("#86b5e6", "#f4ddc8", "#e4e6ea"), "#e8ebf1", ("#dde8ff", "#5a5550"), 1.7, "#ffe9d0", 2.3,
                        24.0, 0.8, 5.0, ("#b9d3ec", 0.45)),
    "sunset": Lighting(("#35497f", "#f39a5b", "#3d3040"), "#e5d6ca", ("#ffc9a6", "#4a3a3a"), 1.25, "#ff9a4d",
                       2.5, 9.0, 2.2, 7.0, ("#f6a66b", 0.55)),
    "night": Lighting(("#081030", "#22315c", "#05070d"), "#1d2336", ("#5369a8", "#141a28"), 0.85, "#a8bbff", 0.8,
                      38.0, 3.5, 4.0, ("#1a2850", 0.6), exposure=1.2),
}
INDOOR_FILL = 2.2 / 1.9  # rooms have bounce light from their walls: by day a 2.2 fill, a 2.0 sun
INDOOR_SUN = 2.0 / 2.6
INDOOR_LIGHT_TINTS = {"warm": "#ffe2bf", "cool": "#e6efff"}  # the fill's sky colour indoors, by light colour
LAMP_COLORS = {"warm": "#ffc98a", "neutral": "#ffd7a0", "cool": "#fff0dc"}
WEATHER_DIM = {"clear": 1.0, "fog": 0.75, "snow": 0.85, "rain": 0.6}  # overcast sun share
FOG_GREY = "#c8cfd6"
# How far each weather turns the outdoor sky (zenith and horizon) to an overcast grey of the hour's own brightness
# (see overcast), a little darker under cloud.
WEATHER_OVERCAST = {"clear": 0.0, "fog": 0.6, "snow": 0.5, "rain": 0.75}
OVERCAST_DIM = 0.8
PRECIPITATION: dict[str, dict[str, Any]] = {  # count per 100 m² of ground (capped), fall speed m/s, point size px, colour
    "snow": {"per_100m2": 120, "max": 1500, "speed": 0.7, "size": 4.0, "color": "#ffffff"},
    "rain": {"per_100m2": 300, "max": 3000, "speed": 7.0, "size": 2.5, "color": "#9fb3c8"},
}
PRECIPITATION_HEIGHT = (4.0, 8.0)  # metres the flakes fall from: above the tallest things, not a box of sky
SNOW_GROUND = "#eef3f8"
SUN_AZIMUTH = np.radians(-40.0)  # front-left of the scene: shadows fall back-right, where the hero camera sees them
# The fill's sky as a light probe (tools/page/sky_light.py): how much of the backdrop's horizon colour tints
# the horizon band outdoors, of the walls' colour indoors; the share of light the floor sends back up; the
# glow round the sun as a share of the fill overhead.
HORIZON_TINT = 0.4
WALL_TINT = 0.6
GROUND_BOUNCE = 0.35
SUN_GLOW = 0.25


def scene_look(look: Look | None, env: Environment, lo: np.ndarray, hi: np.ndarray, hero_distance: float) -> dict:
    """scene.json's ``look``: the words, tone mapping and what the page draws (sky, fog, precipitation)."""
    look = look or Look()
    row = LIGHTING[look.time_of_day]
    outdoor = env.kind == "outdoor"
    result: dict[str, Any] = {
        "time_of_day": look.time_of_day,
        "weather": look.weather,
        "style": look.style,
        "palette": look.palette.model_dump() if look.palette else None,
        "light": look.light,
        "tone_mapping": look.tone_mapping,
        "exposure": round(look.exposure * row.exposure, 3),
        "sky": {"kind": "gradient" if outdoor else "plain", "top": row.sky[0], "horizon": row.sky[1],
                "bottom": row.sky[2] if outdoor else row.indoor, "stars": outdoor and look.time_of_day == "night"
                and look.weather == "clear"},
        "fog": _fog(look, row, lo, hi, hero_distance) if outdoor else None,
        "precipitation": _precipitation(look, lo, hi) if outdoor else None,
        "windows": {"emissive": row.window[0], "intensity": row.window[1]},
    }
    place = PLACES.get(env.room_type or "")
    # A clear night over the earth has its moon (web/template/look.js sets it in the hero's sky); a body's own sky and space none.
    result["sky"]["moon"] = result["sky"]["stars"] and env.room_type != SPACE_PLACE and (place is None or place.sky is None)
    if outdoor and place is not None and place.sky is not None:  # a body's own sky: the moon's black by day
        result["sky"].update(top=place.sky[0], horizon=place.sky[1], stars=place.stars and look.weather == "clear")
    if not outdoor:
        result["sky"]["top"] = result["sky"]["horizon"] = row.indoor
    else:  # rain, snow and fog come from a cloud-covered sky: a storm over a lighthouse is no blue day
        for end in ("top", "horizon"):
            result["sky"][end] = overcast(result["sky"][end], WEATHER_OVERCAST[look.weather])
    return result


def overcast(color: str, share: float) -> str:
    """sRGB hex ``color`` moved ``share`` (0..1) of the way to a grey of its own brightness times OVERCAST_DIM: the
    hour's sky under cloud, so a night stays dark and a day turns grey."""
    grey = luma(color) * OVERCAST_DIM
    return mix(color, (grey, grey, grey), share)


def _fog(look: Look, row: Lighting, lo: np.ndarray, hi: np.ndarray, hero_distance: float) -> dict | None:
    """Linear fog from just in front of the scene to a little beyond it: the far side fades, nothing vanishes."""
    if look.weather not in {"fog", "snow", "rain"}:
        return None
    radius = float(np.linalg.norm(hi - lo)) / 2
    thick = look.weather == "fog"
    color = FOG_GREY if look.time_of_day in {"day", "morning"} else row.sky[1]
    return {"color": color, "near": round(max(hero_distance - radius * (1.2 if thick else 0.5), 0.5), 3),
            "far": round(hero_distance + radius * (2.2 if thick else 4.0), 3)}


def _precipitation(look: Look, lo: np.ndarray, hi: np.ndarray) -> dict | None:
    spec = PRECIPITATION.get(look.weather)
    if spec is None:
        return None
    area = float((hi[0] - lo[0]) * (hi[2] - lo[2]))
    count = int(min(spec["max"], spec["per_100m2"] * area / 100))
    return {"kind": look.weather, "count": count, "speed": spec["speed"], "size": spec["size"],
            "color": spec["color"], "height": round(float(np.clip(hi[1] * 0.6, *PRECIPITATION_HEIGHT)), 3)}


def finishes(look: Look | None, env: Environment, floor_color: str, wall_color: str) -> tuple[str, str]:
    """(floor, wall) colours: the palette's finishes, snow on outdoor ground when it snows. The walls take the
    colour the prompt or an edit stated, else the palette's when they are painted or papered, else
    ``wall_color`` (their finish's own)."""
    palette = look.palette if look else None
    floor = palette.floor if palette and palette.floor and env.kind == "indoor" else floor_color
    if env.kind == "outdoor" and look is not None and look.weather == "snow":
        floor = SNOW_GROUND
    painted = palette.wall if palette and palette.wall and env.walls in PAINTED_WALLS else None
    return floor, env.wall_color or painted or wall_color


def look_lights(look: Look | None, env: Environment, lo: np.ndarray, hi: np.ndarray,
                surfaces: tuple[str, str] = ("#a0a0a0", "#f1ece4")) -> tuple[list[dict], dict]:
    """[sky probe, sun] sized to the bounds, and the lamp settings {color, factor} for point lights.

    surfaces: the (floor, wall) colours, whose bounce tints the probe from below and, indoors, from the sides.
    """
    look = look or Look()
    row = LIGHTING[look.time_of_day]
    outdoor = env.kind == "outdoor"
    centre = (lo + hi) / 2
    radius = float(np.linalg.norm(hi - lo)) / 2
    elevation = np.radians(row.elevation)
    direction = np.array([np.cos(elevation) * np.sin(SUN_AZIMUTH), np.sin(elevation),
                          np.cos(elevation) * np.cos(SUN_AZIMUTH)])
    sun_at = centre + direction * radius * 2
    dim = WEATHER_DIM[look.weather] if outdoor else 1.0
    lights = [
        probe(fill_sky(look, env, surfaces, direction)),
        {"type": "directional", "color": row.sun_color,
         "intensity": round(row.sun * dim * (1.0 if outdoor else INDOOR_SUN), 3),
         "position": [round(float(v), 4) for v in sun_at],
         "target": [round(float(v), 4) for v in centre], "castShadow": True,
         "shadow": {"extent": round(radius * 1.05, 3), "near": 0.1, "far": round(radius * 4, 3),
                    "mapSize": 2048, "bias": -0.0005, "normalBias": 0.02, "radius": row.shadow_softness}},
    ]
    return lights, {"color": LAMP_COLORS.get(look.light, LAMP_COLORS["neutral"]), "factor": row.lamps}


def fill_sky(look: Look, env: Environment, surfaces: tuple[str, str], sun_direction: np.ndarray) -> Sky:
    """The sky that fills the shadows: the hour's fill tint overhead, a horizon band, the floor's bounce below.

    Scaled so a face looking straight up gets the irradiance the former hemisphere fill gave it (its
    intensity times its sky colour), which keeps requested colours on top faces as they were.
    """
    row = LIGHTING[look.time_of_day]
    outdoor = env.kind == "outdoor"
    tint = row.hemisphere[0] if outdoor or look.time_of_day == "night" else INDOOR_LIGHT_TINTS.get(look.light, "#fff8ee")
    zenith = linear(tint)
    floor, wall = (linear(c) for c in surfaces)
    if outdoor:
        horizon = zenith + (linear(row.sky[1]) - zenith) * HORIZON_TINT
    else:
        horizon = zenith * (1 + (wall - 1) * WALL_TINT)
    ground = (linear(row.hemisphere[1]) + floor * GROUND_BOUNCE) / 2
    glow = linear(row.sun_color) * SUN_GLOW if outdoor else np.zeros(3)
    sky = Sky(zenith, horizon, ground, sun_direction, glow)
    target = row.fill * (1.0 if outdoor else INDOOR_FILL) * zenith
    scale = _luminance(target) / _luminance(irradiance(project(sky), (0.0, 1.0, 0.0)))
    return Sky(zenith * scale, horizon * scale, ground * scale, sun_direction, glow * scale)


def _luminance(rgb: np.ndarray) -> float:
    return float(rgb @ np.array([0.2126, 0.7152, 0.0722]))


def title_of(prompt: str, limit: int = 60) -> str:
    """A short title: the prompt's first clause without a leading article, capitalised, cut at a word."""
    text = " ".join(prompt.split())
    for stop in (".", ";", "!", "?", "\n"):
        text = text.split(stop)[0]
    words = text.split()
    if len(words) > 1 and words[0].lower() in {"a", "an", "the"}:
        words = words[1:]
    title = ""
    for word in words:
        if len(title) + len(word) + 1 > limit:
            title = title.rstrip(",") + "…"
            break
        title = f"{title} {word}".strip()
    return title[:1].upper() + title[1:] if title else "Untitled scene"
