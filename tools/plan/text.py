"""Prompt text before grammar: cleaning hostile markup, room sizes, tokens, plural forms."""

from __future__ import annotations

import html
import math
import re
import unicodedata
from dataclasses import dataclass

from tools.core.errors import PromptError
from tools.core.limits import check_text

_BLOCK_RE = re.compile(r"<\s*(script|style)\b[^>]*>.*?<\s*/\s*\1\s*>", re.IGNORECASE | re.DOTALL)
_TAG_RE = re.compile(r"<[^>]*>|<\s*/?\s*[a-z]+\b")
_TOKEN_RE = re.compile(r"\d+(?:\.\d+)?|[a-z]+(?:'[a-z]+)*'?|[;:,.!?()&]")

_NUM = r"(\d+(?:[.,]\d+)?)"
_UNIT = r"(?:metres|meters|metre|meter|mtrs|mtr|m)\b"
_SIZE_RE = re.compile(
    rf"(?<![\w.]){_NUM}\s*({_UNIT})?\s*(x|by|\*)\s*{_NUM}\s*({_UNIT})?"
    rf"(?:\s*(?:x|by|\*)\s*{_NUM}\s*({_UNIT})?)?(?!\s*(?:grid|array))"
)
_AREA_RE = re.compile(rf"(?<![\w.]){_NUM}\s*(?:m2|m²|sq\.?\s*m\b|square\s+met(?:re|er)s?)")
_DANGLING_RE = re.compile(rf"(?<![\w.]){_NUM}\s*{_UNIT}\s*(?:x|by)(?!\s*\d)")
_LEADING_RE = re.compile(rf"(?:^|[,;:(])\s*(?:x|by)\s*\d+(?:[.,]\d+)?\s*{_UNIT}")
UNIT_METRES = {"m": 1.0, "metres": 1.0, "meters": 1.0, "metre": 1.0, "meter": 1.0, "cm": 0.01, "mm": 0.001,
               "ft": 0.3048, "feet": 0.3048, "foot": 0.3048, "inches": 0.0254, "inch": 0.0254}
MEASURE_PREFIX = "measure:"  # the token of a stated length in metres, e.g. "measure:2"

@dataclass(frozen=True)
class StatedSize:
    """A room or ground size the prompt gave: width x, depth z, optional height, in metres."""

    width: float
    depth: float
    height: float | None
    text: str


def plain_prompt(prompt: object, what: str = "prompt") -> str:
    """Plain text of ``prompt`` as a person wrote it: markup and scripts removed, accents folded, quotes
    unified, but case and hyphens kept, which the sentence parser reads ("Wild West", "half-built").

    Raises PromptError for a non-string, empty, too long or non-English prompt (tools/core/limits.py), or
    one that is only markup. ``what``: "prompt", or "instruction" for an edit.
    """
    text = _BLOCK_RE.sub(" ", html.unescape(check_text(prompt, what)))
    text = _TAG_RE.sub(" ", text)
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c))
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("\u00d7", " x ")
    if not re.search(r"[a-zA-Z]", text):
        raise PromptError(f"the {what} is empty once its markup is removed: say what you want in words")
    return text


def clean_prompt(prompt: object, what: str = "prompt") -> str:
    """Lower-case plain text of ``prompt`` (plain_prompt) with hyphens as spaces, for the word grammars."""
    return plain_prompt(prompt, what).lower().replace("-", " ")


def extract_size(text: str) -> tuple[StatedSize | None, str]:
    """The first room size stated in ``text`` and the text without it (a ';' takes its place).

    Understands '5m x 4m', '4 x 5 m', '5x5', '3m x 2.5m x 3m', '8 by 5 metres', '20 m2'. Raises PromptError
    for a size that cannot be read: a missing side, a 'by' without units, a side of zero.
    """
    dangling = _DANGLING_RE.search(text) or _LEADING_RE.search(text)
    match = _SIZE_RE.search(text)
    if dangling and (match is None or dangling.start() < match.start()):
        raise PromptError(f"the size '{dangling.group(0).strip()}' is missing a side; give both, like '5m x 4m'")
    if match:
        first, unit1, sep, second, unit2, third, unit3 = match.groups()
        if sep == "by" and not (unit1 or unit2 or unit3):
            return None, text
        sides = [_number(first), _number(second)]
        height = _number(third) if third else None
        stated = StatedSize(sides[0], sides[1], height, match.group(0).strip())
        if min(sides) <= 0 or (height is not None and height <= 0):
            raise PromptError(f"the size '{stated.text}' has a side of zero; give both sides in metres, like '5m x 4m'")
        return stated, text[:match.start()] + " ; " + text[match.end():]
    area = _AREA_RE.search(text)
    if area:
        value = _number(area.group(1))
        if value <= 0:
            raise PromptError(f"the area '{area.group(0)}' is zero; give a size like '5m x 4m'")
        side = max(0.5, round(math.sqrt(value) * 2) / 2)
        return StatedSize(side, side, None, area.group(0).strip()), text[:area.start()] + " ; " + text[area.end():]
    return None, text


def check_size(size: StatedSize, outdoor: bool) -> None:
    """Raise PromptError when a stated size is implausible for a room (or an outdoor area)."""
    low, high, what = (2.0, 300.0, "an outdoor area") if outdoor else (1.5, 50.0, "a room")
    for side in (size.width, size.depth):
        if not low <= side <= high:
            raise PromptError(
                f"the size '{size.text}' does not fit {what}: each side must be between {low:g} m and {high:g} m"
            )
    if size.height is not None and not 2.0 <= size.height <= (60.0 if outdoor else 10.0):
        raise PromptError(f"the height in '{size.text}' is not plausible for {what}")


def tokenize(text: str) -> list[str]:
    """Words, numbers and punctuation of cleaned text; a measurement like '2 m' is one token 'measure:2'."""
    raw = _TOKEN_RE.findall(text)
    tokens: list[str] = []
    skip = False
    for index, token in enumerate(raw):
        if skip:
            skip = False
            continue
        if token[0].isdigit() and index + 1 < len(raw) and raw[index + 1] in UNIT_METRES:
            skip = True  # '2 m' becomes one token, read as an attribute of the noun it qualifies
            tokens.append(f"{MEASURE_PREFIX}{float(token) * UNIT_METRES[raw[index + 1]]:g}")
            continue
        tokens.append(token.rstrip("'") if token.endswith("s'") else token)
    return tokens


def _number(text: str) -> float:
    return float(text.replace(",", "."))
