"""Word tables of the grounded planner: numbers, quantities, attributes, relation phrases, nouns to ignore.

Relation phrases are tools.knowledge.relation_words' (one row per relation kind),
compiled here with the understood words that make no relation.
"""

from __future__ import annotations

from tools.core.limits import MAX_OF_ONE_KIND
from tools.knowledge.places import FLOOR_COVERINGS, WALL_COVERINGS
from tools.knowledge.relation_words import RELATION_WORDS


def _parse_kind(kind: str, mode: str) -> tuple[str, str]:
    """The parser's (kind, mode) of a relation phrase: 'rows' is a row relation with any number of rows."""
    return ("rows", "room") if mode == "rows" else (kind, mode)

NUMBER_WORDS: dict[str, int] = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
    "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50,
    "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90, "hundred": 100, "single": 1, "zero": 0, "no": 0,
    "both": 2, "twin": 2, "dozen": 12, "couple": 2, "pair": 2,
}
TENS = {"twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"}

# Quantity phrases -> (count or None for a seeded vague count, arrangement relation or None).
QUANTITY_PHRASES: dict[tuple[str, ...], tuple[int | None, str | None]] = {
    ("a", "dozen"): (12, None), ("half", "a", "dozen"): (6, None), ("a", "pair", "of"): (2, None),
    ("a", "couple", "of"): (2, None), ("a", "couple"): (2, None), ("pair", "of"): (2, None),
    ("a", "few"): (None, None), ("few",): (None, None), ("some",): (None, None), ("several",): (None, None),
    ("a", "handful", "of"): (None, None), ("a", "number", "of"): (None, None), ("multiple",): (None, None),
    ("various",): (None, None), ("a", "bunch", "of"): (None, None), ("a", "group", "of"): (None, None),
    ("a", "set", "of"): (None, None), ("a", "cluster", "of"): (None, None), ("a", "collection", "of"): (None, None),
    ("many",): (-1, None), ("lots", "of"): (-1, None), ("a", "lot", "of"): (-1, None), ("plenty", "of"): (-1, None),
    ("numerous",): (-1, None), ("dozens", "of"): (-1, None), ("a", "forest", "of"): (-1, None),
    ("a",): (1, None), ("an",): (1, None), ("another",): (1, None), ("one",): (1, None),
    **{tuple(phrase.split()): (None, _parse_kind(kind, mode)[0]) for kind, words in RELATION_WORDS.items()
       for phrase, mode in words.quantities},
}
VAGUE_RANGE = (3, 5)  # 'some', 'a few', 'several'
MANY_RANGE = (6, 9)  # 'many', 'lots of'
MAX_COUNT = MAX_OF_ONE_KIND  # tools/core/limits.py

DEFINITE = {"the", "this", "that", "these", "those", "its", "their", "his", "her", "my", "our", "your"}
DETERMINERS = {"a", "an", *DEFINITE, "each", "every", "any", "some", "another", "one"}

SIZE_WORDS: dict[str, str] = {
    "small": "small", "little": "small", "tiny": "small", "mini": "small", "compact": "small", "short": "small",
    "miniature": "small", "large": "large", "big": "large", "huge": "large", "giant": "large", "massive": "large",
    "enormous": "large", "oversized": "large", "grand": "large", "wide": "large", "long": "long",
    "tall": "tall", "high": "tall", "towering": "tall",
}
SHAPE_WORDS: dict[str, str] = {
    "round": "round", "circular": "round", "oval": "oval", "square": "square", "rectangular": "rectangular",
    "double": "double", "king": "double", "queen": "double",
}
MATERIAL_WORDS: dict[str, str] = {
    "wooden": "wood", "wood": "wood", "timber": "wood", "oak": "wood", "pine": "wood", "walnut": "wood",
    "bamboo": "wood", "wicker": "wood", "rattan": "wood", "metal": "metal", "metallic": "metal", "steel": "metal",
    "iron": "metal", "aluminium": "metal", "aluminum": "metal", "chrome": "metal", "brass": "metal", "copper": "metal",
    "teak": "wood", "mahogany": "wood", "cedar": "wood", "birch": "wood", "maple": "wood", "porcelain": "stone",
    "ceramic": "stone", "terracotta": "stone", "silk": "fabric", "satin": "fabric", "denim": "fabric", "suede": "leather",
    "glass": "glass", "stone": "stone", "marble": "stone", "granite": "stone", "concrete": "stone",
    "brick": "stone", "leather": "leather", "fabric": "fabric", "velvet": "fabric", "cotton": "fabric",
    "linen": "fabric", "wool": "fabric", "woolen": "fabric", "woollen": "fabric", "upholstered": "fabric",
    "plastic": "plastic",
}

# Relation patterns -> (kind, mode), compiled from tools.knowledge.relation_words. Modes as there, plus
# 'drop' (understood, no relation) for the words below; kind 'rows' is a row with any number of rows.
UNDERSTOOD_PATTERNS: list[tuple[str, str]] = [
    ("among|amongst", "between"),
    ("in|within|into", "in"), ("from", "from"),
]

RELATION_PATTERNS: list[tuple[str, str, str]] = [
    (pattern, *_parse_kind(kind, mode)) for kind, words in RELATION_WORDS.items()
    for pattern, mode in words.phrases if mode != "each"
] + [(pattern, kind, "drop") for pattern, kind in UNDERSTOOD_PATTERNS]

PRONOUNS = {"it", "them", "they", "him", "her"}
RECIPROCAL = (("each", "other"), ("one", "another"))
EACH_WITH = tuple(tuple(pattern.split()) for pattern, mode in RELATION_WORDS["each_with"].phrases if mode == "each")
WITH_WORDS = {"with", "featuring", "including", "containing", "having", "has", "holding"}
CONJUNCTIONS = {"and", "or", "&", "plus", "nor"}
CLAUSE_BREAKS = {";", ".", ":", "!", "?", "(", ")", "then", "while", "where", "which", "that", "who"}

# Words that never head an object noun phrase: the room itself, styles, light, scenery, quantities.
NON_OBJECT_NOUNS = {
    "room", "rooms", "scene", "style", "theme", "themes", "tone", "tones", "shade", "shades", "hue", "hues",
    "color", "colors", "colour", "colours", "palette", "scheme", "look", "feel", "vibe", "mood", "atmosphere",
    "design", "decor", "decoration", "decorations", "furniture", "furnishings", "stuff", "things", "thing",
    "items", "item", "objects", "object", "setting", "view", "place", "area", "spot", "space", "part", "side",
    "top", "bottom", "edge", "left", "right", "middle", "centre", "center", "front", "back", "rear", "corner",
    "corners", "wall", "walls", "floor", "floors", "ground", "ceiling", "door", "doors", "doorway", "row", "rows",
    "line", "lines", "column", "columns", "grid", "circle", "ring", "bit", "lot", "lots", "touch", "hint", "kind",
    "sort", "type", "way", "variety", "mix", "number", "light", "lights", "lighting", "sunlight", "daylight",
    "shadow", "shadows", "sky", "sun", "moon", "stars", "clouds", "cloud", "horizon", "background", "foreground",
    "distance", "water", "air", "wind", "weather", "day", "night", "morning", "evening",
    "afternoon", "sunset", "sunrise", "dusk", "dawn", "time", "summer", "autumn", "spring", "season", "life",
    "interior", "exterior", "inside", "outside", "plenty", "flooring", "other", "another", "people", "person",
    "class", "stage", "everything", "nothing", "something", "anything", "size", "shape", "metres", "meters", "m", "cm", "feet",
    # weather is the look's (tools/knowledge/look_words.py), not an object: "a graveyard with fog"
    "fog", "mist", "haze", "rain", "drizzle", "snowfall", "blizzard", "snowflakes", "breeze", "storm",
    "rainstorm", "downpour", "gale",
    # coverings of the walls and floor are the room's finish (tools/knowledge/places.py): "floral wallpaper"
    *WALL_COVERINGS, *FLOOR_COVERINGS,
}
FLOOR_HEADS = {"floor", "floors", "flooring", "ground", "grass", "lawn", "sand", "snow", "dirt", "earth", *FLOOR_COVERINGS}
WALL_HEADS = {"wall", "walls", *WALL_COVERINGS}
WINDOW_HEADS = {"window", "windows", "skylight", "skylights", "windowpane"}

# Words that end a noun phrase and are not nouns themselves (verbs, adverbs, prepositions).
NON_NOUN_WORDS = {
    "is", "are", "was", "were", "be", "been", "being", "there", "here", "stands", "stand", "sits", "sit",
    "hangs", "hang", "lies", "lie", "placed", "put", "set", "positioned", "located", "arranged", "sitting",
    "standing", "lying", "hanging", "parked", "scattered", "spread", "made", "of", "to", "at", "for", "very",
    "really", "quite", "so", "too", "also", "just", "only", "all", "both", "nearby", "around", "away", "up",
    "down", "out", "off", "each", "every", "its", "their", "not", "no", "without", "but", "yet", "like",
    "such", "some", "many", "few", "more", "most", "less", "than", "about", "approximately", "roughly",
    "please", "make", "create", "show", "render", "build", "generate", "draw", "give", "me", "us", "i", "we",
    "you", "want", "need", "would", "could", "should", "can", "will", "may", "might", "must", "have", "had",
    "do", "does", "did", "in", "on", "by", "from", "into", "onto", "upon", "over", "under", "an", "a", "the",
    "mounted", "hung", "lined", "piled", "stacked", "centered", "centred", "filled", "full", "covered",
}
VERB_ENDINGS = ("ing", "ed", "ly")  # unknown words ending so are taken for verbs or adverbs, not nouns
VERB_ENDING_NOUNS = {"painting", "building", "ceiling", "railing", "bed", "shed", "sled", "sledge"}

IGNORED_ADJECTIVES = {
    "cozy", "cosy", "modern", "minimalist", "minimal", "rustic", "vintage", "old", "new", "antique", "nice",
    "beautiful", "pretty", "simple", "elegant", "fancy", "classic", "classical", "contemporary", "industrial",
    "scandinavian", "bright", "sunny", "quiet", "busy", "abandoned", "tidy", "messy", "clean", "comfortable",
    "comfy", "warm", "cool", "cold", "open", "spacious", "cute", "lovely", "typical", "traditional", "abstract",
    "empty", "kids", "kid's", "kids'", "children's", "childrens", "student", "teacher's", "private", "public",
    "main", "shiny", "soft", "fluffy", "plush", "matching", "identical", "similar", "different", "few",
}
EMPTY_WORDS = {"empty", "bare", "unfurnished", "vacant"}

# Nouns the tables do not know -> the nearest category and why (never a kind's own name or synonym: those
# are that kind, tools/knowledge/kinds.toml). Unlisted nouns fall back to spelling similarity, then 'placeholder'.
SIMILAR_NOUNS: dict[str, tuple[str, str]] = {
    "divan": ("sofa", "a divan is a sofa"),
    "bureau": ("dresser", "a bureau is a chest of drawers"), "pantry": ("cabinet", "a pantry cupboard is a cabinet"),
    "hutch": ("cabinet", "a hutch is a cabinet"),
    "bed frame": ("bed", "a bed frame is a bed"),
    "shrubbery": ("bush", "shrubbery is bushes"),
    "flowerbed": ("flower", "a flower bed is flowers"),
    "sapling": ("oak_tree", "a sapling is a young tree"),
    "building": ("house", "a building"),
    "church": ("house", "a church is a building"),
    "bookshelves": ("bookshelf", "plural of bookshelf"),
    "mirrors": ("mirror", "plural of mirror"), "lamps": ("table_lamp", "plural of lamp"),
    "totem": ("sculpture", "a totem is a carved figure"),
}


def _leading_words(pattern: str) -> set[str]:
    """Words that can begin ``pattern`` (optional slots let the next slot begin it too)."""
    words: set[str] = set()
    for slot in pattern.split():
        words |= set(slot.lstrip("?").split("|"))
        if not slot.startswith("?"):
            break
    return words - {"DET", "#"}


RELATION_STARTS = set().union(*(_leading_words(p) for p, _, _ in RELATION_PATTERNS)) - NON_OBJECT_NOUNS
