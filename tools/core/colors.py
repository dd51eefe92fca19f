"""Colour words -> '#rrggbb': named colours, light/dark shades, "-ish" forms, tone palettes.

Hex values follow the CSS named colours where CSS has the name, softened
where the CSS value is a screen primary nobody paints furniture with.
"""

from __future__ import annotations

from collections.abc import Sequence

COLORS: dict[str, str] = {
    "red": "#c0392b", "crimson": "#a4161a", "scarlet": "#d62828", "maroon": "#6d1a1a",
    "burgundy": "#800020", "wine": "#722f37", "pink": "#e88aa8", "magenta": "#c2185b",
    "coral": "#f07c64", "salmon": "#f4a28c", "peach": "#f6c5a0", "orange": "#e67e22",
    "amber": "#f0a500", "yellow": "#f1c40f", "mustard": "#d4a017", "gold": "#c9a227",
    "golden": "#c9a227", "cream": "#f3ead3", "ivory": "#f8f4e3", "beige": "#d9c7a7",
    "tan": "#c8a67d", "khaki": "#bfb38a", "brown": "#7b4f2c", "chocolate": "#5a3a22",
    "walnut": "#5d432c", "olive": "#708238", "lime": "#9ccc3c", "green": "#3f8f4f",
    "emerald": "#2e8b57", "mint": "#98d8b8", "sage": "#9caf88", "teal": "#1f7a7a",
    "turquoise": "#30c5c0", "cyan": "#3ab7d8", "aqua": "#5fd3d3", "blue": "#2f6db5",
    "azure": "#3a8fd8", "navy": "#1f2f5a", "indigo": "#3f3d99", "cobalt": "#2450a4",
    "violet": "#8a5cc2", "purple": "#7d3c98", "lavender": "#b9a6dd", "lilac": "#c8a2c8",
    "plum": "#7a3b69", "white": "#f2f2ee", "black": "#1c1c1c", "grey": "#8a8a8a",
    "gray": "#8a8a8a", "silver": "#b8bcc2", "charcoal": "#3a3d42", "slate": "#5f6b76",
    "copper": "#b06a3b", "bronze": "#8c6a3f", "rust": "#a0482c", "terracotta": "#c8643c",
}

MULTI_WORD_COLORS: dict[tuple[str, ...], str] = {
    ("sky", "blue"): "#7fb6e3", ("navy", "blue"): "#1f2f5a", ("royal", "blue"): "#3558b5",
    ("baby", "blue"): "#a9cdeb", ("forest", "green"): "#2f5d34", ("olive", "green"): "#5f6f2e",
    ("lime", "green"): "#8cc63f", ("dark", "wood"): "#4a3222", ("off", "white"): "#ece8dc",
    ("hot", "pink"): "#e0457b", ("blood", "red"): "#8a0303", ("sea", "green"): "#3c9d7a",
}

ISH_FORMS: dict[str, str] = {
    "reddish": "red", "bluish": "blue", "blueish": "blue", "greenish": "green", "yellowish": "yellow",
    "purplish": "purple", "pinkish": "pink", "brownish": "brown", "greyish": "grey", "grayish": "grey",
    "orangish": "orange", "orangey": "orange", "whitish": "white", "blackish": "black",
}

# Shade word -> amount: positive mixes towards white, negative towards black.
SHADES: dict[str, float] = {
    "light": 0.4, "pale": 0.55, "pastel": 0.5, "soft": 0.3, "bright": 0.1,
    "dark": -0.4, "deep": -0.3, "muted": -0.15, "rich": -0.2,
}

_TONE_STEPS: tuple[tuple[str, float], ...] = (
    ("", 0.0), ("light", 0.4), ("dark", -0.4), ("pale", 0.55), ("deep", -0.3),
)


def color_word(word: str) -> str | None:
    """The canonical colour name for ``word`` ('reddish' -> 'red'), or None if it is no colour."""
    word = ISH_FORMS.get(word, word)
    return word if word in COLORS else None


def shade(hex_color: str, amount: float) -> str:
    """``hex_color`` mixed towards white (amount > 0) or black (amount < 0); |amount| <= 1."""
    if not -1.0 <= amount <= 1.0:
        raise ValueError(f"shade amount must be within [-1, 1], got {amount}")
    goal = 255.0 if amount > 0 else 0.0
    return mix(hex_color, (goal, goal, goal), abs(amount))


def mix(hex_color: str, goal: tuple[float, float, float], share: float) -> str:
    """``hex_color`` moved ``share`` (0..1) of the way to the 0-255 RGB ``goal``, as '#rrggbb'."""
    return "#" + "".join(f"{round(c + (g - c) * share):02x}" for c, g in zip(_rgb(hex_color), goal))


def luma(hex_color: str) -> float:
    """The brightness of ``hex_color`` as one 0-255 grey (Rec. 709 weights)."""
    r, g, b = _rgb(hex_color)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def parse_color(tokens: Sequence[str], start: int) -> tuple[str, str, int] | None:
    """A colour phrase at ``tokens[start:]``: (hex, words as said, end index), or None.

    Understands 'red', 'dark green', 'light sky blue', 'reddish', 'navy blue'.
    """
    amount, words, i = 0.0, [], start
    if i < len(tokens) and tokens[i] in SHADES:
        amount, words, i = SHADES[tokens[i]], [tokens[i]], i + 1
    pair = tuple(tokens[i:i + 2])
    if len(pair) == 2 and pair in MULTI_WORD_COLORS:
        base, words, i = MULTI_WORD_COLORS[pair], [*words, *pair], i + 2
    elif i < len(tokens) and (name := color_word(tokens[i])):
        base, words, i = COLORS[name], [*words, tokens[i]], i + 1
    else:
        return None
    return (shade(base, amount) if amount else base), " ".join(words), i


def tone_palette(hex_color: str, name: str, n: int) -> list[tuple[str, str]]:
    """``n`` distinct shades of one colour for 'in blue tones': [(hex, name)], the plain colour first."""
    palette = []
    for i in range(n):
        word, amount = _TONE_STEPS[i % len(_TONE_STEPS)]
        palette.append((shade(hex_color, amount) if amount else hex_color, f"{word} {name}".strip()))
    return palette


def _rgb(hex_color: str) -> tuple[int, int, int]:
    text = hex_color.lstrip("#")
    if len(text) != 6:
        raise ValueError(f"expected a colour like '#rrggbb', got {hex_color!r}")
    return int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16)
