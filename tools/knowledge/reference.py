"""Real-world sizes: the category table first, a self-hosted SearxNG second (off by default).

``size_for(category, size_word, explicit_m, axis)`` turns what a prompt says
about size into the (x, y, z) metres to generate: "a small table", "a tall
plant", "a 2 m statue", "a 3 metre long table". The table is
tools.knowledge.categories (typical size, scale range and source per category);
``explicit_dimension`` reads a stated measure out of a phrase.

Which axes an explicit measure moves depends on what the object is for:
furniture, fittings and vehicles keep their working height when made longer
(a 3 m table is still 0.75 m high), and keep their footprint within their
category's range when made taller; things without an ergonomic height
(plants, props, buildings, statues) scale as a whole.

``SearxngClient`` asks a SearxNG instance (``DIORAMA_SEARXNG_URL``) for
pages about an unknown object and reads measures such as "120 cm tall" or
"width: 80 cm" out of the result snippets; the median per axis wins.
"""

from __future__ import annotations

import json
import re
import statistics
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from typing import Literal

from tools.core.errors import InputError, ReferenceSearchError
from tools.core.geometry import triple
from tools.core.limits import MEASURE_MAX_M, MEASURE_MIN_M, check_measure
from tools.core.telemetry import tool_call
from tools.knowledge.categories import CATEGORIES

Axis = Literal["width", "height", "depth", "length"]
Size = tuple[float, float, float]

SIZE_WORD_FACTORS: dict[str, Size] = {  # (x, y, z) factors on the typical size, clamped to the category's range
    "small": (0.7, 0.7, 0.7),
    "large": (1.3, 1.3, 1.3),
    "tall": (1.0, 1.35, 1.0),
    "long": (1.6, 1.0, 1.0),
}
ERGONOMIC_FAMILIES = frozenset({"furniture", "kitchen_bath", "vehicle"})  # height is set by the body that uses it
MIN_EXPLICIT_M, MAX_EXPLICIT_M = MEASURE_MIN_M, MEASURE_MAX_M  # tools/core/limits.py
UNIT_METRES = {
    "mm": 0.001, "millimetre": 0.001, "millimetres": 0.001, "millimeter": 0.001, "millimeters": 0.001,
    "cm": 0.01, "centimetre": 0.01, "centimetres": 0.01, "centimeter": 0.01, "centimeters": 0.01,
    "m": 1.0, "metre": 1.0, "metres": 1.0, "meter": 1.0, "meters": 1.0,
    "in": 0.0254, "inch": 0.0254, "inches": 0.0254, '"': 0.0254,
    "ft": 0.3048, "foot": 0.3048, "feet": 0.3048, "'": 0.3048,
}
AXIS_WORDS: dict[str, Axis] = {
    "tall": "height", "high": "height", "height": "height",
    "wide": "width", "width": "width", "across": "width",
    "deep": "depth", "depth": "depth",
    "long": "length", "length": "length",
}
_UNIT_RE = "|".join(sorted((re.escape(u) for u in UNIT_METRES), key=len, reverse=True))
_MEASURE = re.compile(rf"(\d+(?:[.,]\d+)?)\s*(?:-\s*)?({_UNIT_RE})(?![a-z])\s*(?:(tall|high|wide|deep|long|across)\b)?", re.I)
_LABELLED = re.compile(rf"\b(height|width|depth|length)\s*[:=]?\s*(\d+(?:[.,]\d+)?)\s*({_UNIT_RE})(?![a-z])", re.I)


def size_for(category: str, size_word: str | None = None, explicit_m: float | None = None, axis: Axis | None = None) -> Size:
    """The (x, y, z) metres to generate for ``category`` given the prompt's size word and/or stated measure.

    explicit_m: a measure in metres the prompt stated ("a 2 m statue"); axis: what it measures ('height',
    'width', 'depth' or 'length' = the longer horizontal side); None: the category's largest side.
    Raises KeyError for an unknown category and PromptError for a measure outside 1 cm .. 500 m.
    """
    cat = CATEGORIES[category]
    lo, hi = cat.size_range
    factors = SIZE_WORD_FACTORS.get(size_word or "", (1.0, 1.0, 1.0))
    size = [v * min(max(f, lo), hi) for v, f in zip(cat.size, factors)]
    if explicit_m is not None:
        size = _stretch(size, explicit_m, axis, cat.family in ERGONOMIC_FAMILIES, (lo, hi))
    return triple(round(v, 3) for v in size)


def _stretch(size: list[float], metres: float, axis: Axis | None, ergonomic: bool, scale_range: tuple[float, float]) -> list[float]:
    check_measure(metres)
    index = _axis_index(size, axis)
    ratio = metres / size[index]
    lo, hi = scale_range
    if not ergonomic:
        return [v * ratio for v in size]
    stretched = list(size)
    stretched[index] = metres
    if index == 1:  # taller furniture: the footprint follows, within the category's range
        stretched[0] *= min(max(ratio, lo), hi)
        stretched[2] *= min(max(ratio, lo), hi)
    else:  # longer furniture: same height, the other horizontal side follows a little
        other = 2 if index == 0 else 0
        stretched[other] *= min(max(ratio**0.5, lo), hi)
    return stretched


def _axis_index(size: list[float], axis: Axis | None) -> int:
    if axis == "height":
        return 1
    if axis == "width":
        return 0
    if axis == "depth":
        return 2
    if axis == "length":
        return 0 if size[0] >= size[2] else 2
    if axis is None:
        return max(range(3), key=lambda i: size[i])
    raise InputError(f"unknown axis {axis!r}; use width, height, depth or length")


@dataclass(frozen=True)
class StatedDimension:
    """A measure read from text: metres and what it measures (None: not said)."""

    metres: float
    axis: Axis | None


def explicit_dimension(phrase: str) -> StatedDimension | None:
    """The first measure in ``phrase``: 'a 2 m statue' -> 2.0, None; 'a 3 metre long table' -> 3.0, 'length'."""
    for pattern, value_group, unit_group, axis_group in ((_LABELLED, 2, 3, 1), (_MEASURE, 1, 2, 3)):
        match = pattern.search(phrase)
        if match:
            metres = float(match.group(value_group).replace(",", ".")) * UNIT_METRES[match.group(unit_group).lower()]
            word = (match.group(axis_group) or "").lower()
            return StatedDimension(round(metres, 4), AXIS_WORDS.get(word))
    return None


def dimension_range(category: str) -> tuple[Size, Size, str]:
    """(smallest, largest, source) the table allows for ``category``: typical size times its scale range."""
    cat = CATEGORIES[category]
    lo, hi = cat.size_range
    return (triple(round(v * lo, 3) for v in cat.size), triple(round(v * hi, 3) for v in cat.size), cat.source)


# --- SearxNG: sizes of things the table does not know ---------------------------------------------------------


@dataclass(frozen=True)
class WebSize:
    """Measures found on the web: metres per axis (None where no page said), and the pages used."""

    width: float | None
    height: float | None
    depth: float | None
    sources: tuple[str, ...] = field(default=())

    def as_size(self, fallback: Size) -> Size:
        """(x, y, z) with the found measures, ``fallback`` where none was found."""
        found = (self.width, self.height, self.depth)
        return triple(round(v if v is not None else f, 3) for v, f in zip(found, fallback))


class SearxngClient:
    """A small client of a self-hosted SearxNG's JSON API (``/search?format=json``)."""

    def __init__(self, base_url: str, timeout_s: float = 10.0) -> None:
        self.base_url, self.timeout_s = base_url.rstrip("/"), timeout_s

    def search(self, query: str) -> list[dict]:
        """The result objects (url, title, content, ...) SearxNG returns for ``query``."""
        url = f"{self.base_url}/search?" + urllib.parse.urlencode({"q": query, "format": "json"})
        try:
            with tool_call("reference_search"), urllib.request.urlopen(url, timeout=self.timeout_s) as response:
                body = json.loads(response.read(4 * 1024 * 1024))
        except (urllib.error.URLError, TimeoutError, OSError) as e:
            raise ReferenceSearchError(f"SearxNG at {self.base_url} did not answer: {e}") from None
        except ValueError as e:
            raise ReferenceSearchError(f"SearxNG at {self.base_url} sent invalid JSON ({e}); is format=json enabled?") from None
        results = body.get("results", []) if isinstance(body, dict) else []
        return [r for r in results if isinstance(r, dict)]

    def dimensions(self, noun: str) -> WebSize | None:
        """Median measures per axis found in result snippets about ``noun``'s dimensions; None if none."""
        found: dict[str, list[float]] = {"width": [], "height": [], "depth": []}
        sources = []
        for result in self.search(f"{noun} dimensions size"):
            text = f"{result.get('title', '')} {result.get('content', '')}"
            measures = _axis_measures(text)
            for axis, metres in measures:
                found["width" if axis == "length" else axis].append(metres)
            if measures and isinstance(result.get("url"), str):
                sources.append(result["url"])
        if not any(found.values()):
            return None
        median = {axis: round(statistics.median(v), 3) if v else None for axis, v in found.items()}
        return WebSize(median["width"], median["height"], median["depth"], tuple(sources))


def _axis_measures(text: str) -> list[tuple[str, float]]:
    """(axis, metres) for every labelled measure in ``text``: 'height: 1.2 m', '80 cm wide'."""
    found = []
    for match in _LABELLED.finditer(text):
        found.append((match.group(1).lower(), float(match.group(2).replace(",", ".")) * UNIT_METRES[match.group(3).lower()]))
    for match in _MEASURE.finditer(text):
        if match.group(3):
            metres = float(match.group(1).replace(",", ".")) * UNIT_METRES[match.group(2).lower()]
            found.append((AXIS_WORDS[match.group(3).lower()], metres))
    return [(axis, m) for axis, m in found if MIN_EXPLICIT_M <= m <= MAX_EXPLICIT_M]


def reference_size(noun: str, searxng: SearxngClient | None = None, fallback: str = "placeholder") -> tuple[Size, str]:
    """(size, where it came from) for a noun: the table if it names a category, else SearxNG, else ``fallback``."""
    from tools.knowledge.categories import lookup

    category = lookup(noun)
    if category is not None:
        return category.size, category.source
    if searxng is not None:
        web = searxng.dimensions(noun)
        if web is not None:
            return web.as_size(CATEGORIES[fallback].size), "web search: " + ", ".join(web.sources[:3])
    cat = CATEGORIES[fallback]
    return cat.size, f"no reference for {noun!r}: {fallback} size"
