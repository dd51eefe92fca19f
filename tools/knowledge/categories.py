"""Every object category Diorama knows: real sizes, names people use, where it goes.

``size`` is the typical (width x, height y, depth z) in metres of the object
facing +Z; ``size_range`` bounds a uniform scale factor the generators and the
size words (small, large, tall, long) may apply. Sizes are typical values from
furniture standards (Neufert, *Architects' Data*; ANSI/BIFMA office furniture;
manufacturer catalogues) and, for nature and vehicles, common encyclopaedic
figures, rounded; ``source`` names which.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

Mount = Literal["floor", "surface", "wall", "ceiling", "air"]  # air: floats at Category.air_height
Family = Literal["furniture", "kitchen_bath", "nature", "built", "vehicle", "prop"]

NEUFERT = "Neufert, Architects' Data (4th ed.), typical furniture sizes"
BIFMA = "ANSI/BIFMA office furniture ranges"
CATALOGUE = "typical retail catalogue dimensions"
ENCYCLOPAEDIC = "typical real-world size, encyclopaedic figures"
# Bodies in space cannot be shown at their real sizes and distances together; these are model sizes
# chosen so a planet, its moons and a sun read well in one view (moon about a third of its planet).
SPACE_MODEL = "model scale for a space diorama (real bodies are not to scale), planetarium-model proportions"


@dataclass(frozen=True)
class Category:
    name: str
    family: Family
    size: tuple[float, float, float]
    synonyms: tuple[str, ...] = ()
    mount: Mount = "floor"
    outdoor: bool = False
    indoor: bool = True
    size_range: tuple[float, float] = (0.8, 1.25)
    supports: bool = False  # other objects may stand on its top
    source: str = NEUFERT
    tags: tuple[str, ...] = field(default=())
    # mount "air": (lowest, highest) height of the object's bottom above the floor or ground, metres;
    # indoors it is capped so the top stays under the ceiling.
    air_height: tuple[float, float] | None = None
    # Words that pick a style variant (index = tools.assets.registry.GenParams.variant; () = no words):
    # "a canoe" draws the canoe, not whichever boat the scene seed would pick (see variant_named).
    variant_words: tuple[tuple[str, ...], ...] = ()
    # A variant whose real shape does not fit ``size`` (a sailing boat's mast) has its own typical size here
    # (index = variant; None or missing: ``size``); see variant_size.
    variant_sizes: tuple[tuple[float, float, float] | None, ...] = ()


def _c(name, family, size, synonyms=(), **kw) -> Category:
    return Category(name, family, tuple(float(v) for v in size), tuple(synonyms), **kw)


_OUT = dict(outdoor=True, indoor=False, source=ENCYCLOPAEDIC)
_BOTH = dict(outdoor=True, indoor=True)

CATEGORIES: dict[str, Category] = {c.name: c for c in [
    # living, bedroom, office
    _c("sofa", "furniture", (2.0, 0.85, 0.9), ("couch", "settee", "loveseat", "sectional")),
    _c("armchair", "furniture", (0.85, 0.9, 0.85), ("arm chair", "recliner", "lounge chair")),
    _c("chair", "furniture", (0.45, 0.9, 0.5), ("dining chair", "seat", "side chair"),
       variant_words=(("wooden", "slatted", "windsor"), ("upholstered", "padded"), ("plastic", "shell", "moulded", "molded"))),
    _c("office_chair", "furniture", (0.65, 1.1, 0.65), ("desk chair", "swivel chair", "task chair"), source=BIFMA,
       variant_words=(("mesh",), ("executive", "high-back", "high back"), ("task chair", "armless"))),
    _c("stool", "furniture", (0.4, 0.65, 0.4), ("bar stool", "footstool"),
       variant_words=(("bar stool",), ("wooden", "footstool"), ("upholstered", "padded"))),
    _c("coffee_table", "furniture", (1.1, 0.45, 0.6), ("low table", "cocktail table"), supports=True),
    _c("table", "furniture", (1.6, 0.75, 0.9), ("dining table", "kitchen table", "long table", "oval table", "round table", "conference table", "side table"), supports=True),
    _c("desk", "furniture", (1.4, 0.75, 0.7), ("writing desk", "computer desk", "student desk", "teacher's desk", "teacher desk", "school desk"), supports=True, source=BIFMA),
    _c("tv", "furniture", (1.25, 0.75, 0.08), ("television", "telly", "tv set", "monitor screen"), mount="surface", source=CATALOGUE),
    _c("tv_stand", "furniture", (1.5, 0.5, 0.45), ("tv unit", "media console", "tv cabinet"), supports=True),
    _c("bookshelf", "furniture", (0.9, 1.9, 0.35), ("bookcase", "shelf", "shelves", "book shelf", "shelving unit")),
    _c("floor_lamp", "furniture", (0.4, 1.7, 0.4), ("standing lamp", "standard lamp", "torchiere", "tripod lamp"),
       variant_words=(("drum",), ("torchiere", "uplighter"), ("tripod", "tripod lamp"))),
    _c("table_lamp", "prop", (0.3, 0.5, 0.3), ("desk lamp", "bedside lamp", "lamp"), mount="surface"),
    _c("bed", "furniture", (1.6, 0.9, 2.1), ("double bed", "single bed", "king bed", "queen bed"),
       variant_words=(("wooden", "sleigh"), ("upholstered", "platform", "padded"), ("metal", "iron", "brass"))),
    _c("nightstand", "furniture", (0.5, 0.55, 0.4), ("night stand", "bedside table", "night table"), supports=True),
    _c("fireplace", "furniture", (1.5, 1.2, 0.45), ("fire place", "hearth", "mantelpiece", "mantel", "fireside",
                                                     "open fire"), source=CATALOGUE,
       variant_words=(("brick",), ("white", "painted"), ("stone", "marble", "granite"))),
    _c("wardrobe", "furniture", (1.2, 2.0, 0.6), ("closet", "armoire", "cupboard")),
    _c("dresser", "furniture", (1.2, 0.85, 0.5), ("chest of drawers", "drawers"), supports=True),
    _c("rug", "furniture", (2.0, 0.003, 1.4), ("carpet", "mat"), size_range=(0.7, 1.5)),
    _c("cabinet", "furniture", (0.9, 1.0, 0.45), ("sideboard", "filing cabinet", "cabinet"), supports=True),
    _c("mirror", "furniture", (0.6, 0.9, 0.03), ("wall mirror",), mount="wall", source=CATALOGUE),
    _c("painting", "prop", (0.9, 0.7, 0.04), ("picture", "artwork", "poster", "canvas", "frame"), mount="wall", source=CATALOGUE),
    _c("screen", "prop", (2.0, 1.15, 0.06), ("projector screen", "wall screen", "display", "whiteboard", "blackboard"), mount="wall", source=CATALOGUE),
    _c("chandelier", "furniture", (0.8, 0.7, 0.8), ("ceiling light", "pendant light", "pendant lamp"), mount="ceiling",
       variant_words=(("candle", "candles", "crystal", "classic"), ("ring", "rings", "modern"), ("pendant light", "pendant lamp", "pendants", "cluster"))),
    _c("window", "built", (1.2, 1.3, 0.08), ("windows",), mount="wall"),
    # kitchen and bath
    _c("fridge", "kitchen_bath", (0.7, 1.8, 0.7), ("refrigerator", "freezer"), source=CATALOGUE),
    _c("stove", "kitchen_bath", (0.6, 0.9, 0.6), ("oven", "cooker", "range", "hob"), source=CATALOGUE),
    _c("sink_counter", "kitchen_bath", (1.2, 0.9, 0.6), ("sink counter", "kitchen sink", "kitchen counter"), supports=True),
    _c("counter", "kitchen_bath", (2.0, 1.05, 0.7), ("bar counter", "service counter", "shop counter", "countertop"), supports=True),
    _c("sink", "kitchen_bath", (0.6, 0.85, 0.45), ("washbasin", "basin", "bathroom sink", "vanity")),
    _c("bathtub", "kitchen_bath", (1.7, 0.6, 0.75), ("bath", "tub", "bath tub"), source=CATALOGUE),
    _c("toilet", "kitchen_bath", (0.4, 0.8, 0.7), ("wc", "loo", "lavatory"), source=CATALOGUE),
    _c("shower", "kitchen_bath", (0.9, 2.1, 0.9), ("shower cabin", "shower stall"), source=CATALOGUE),
    _c("coffee_machine", "kitchen_bath", (0.3, 0.4, 0.4), ("espresso machine", "coffee maker"), mount="surface", source=CATALOGUE),
    _c("microwave", "kitchen_bath", (0.5, 0.3, 0.38), (), mount="surface", source=CATALOGUE),
    # props
    _c("potted_plant", "prop", (0.45, 1.0, 0.45), ("plant", "houseplant", "ficus", "pot plant", "flower pot")),
    _c("book", "prop", (0.16, 0.24, 0.04), ("books", "novel"), mount="surface", source=CATALOGUE),
    _c("cup", "prop", (0.09, 0.1, 0.09), ("mug", "teacup", "glass"), mount="surface", source=CATALOGUE),
    _c("vase", "prop", (0.18, 0.35, 0.18), ("flower vase",), mount="surface", source=CATALOGUE),
    _c("crate", "prop", (0.6, 0.45, 0.45), ("box", "wooden box", "wooden crate"), supports=True, **_BOTH),
    _c("barrel", "prop", (0.6, 0.9, 0.6), ("keg", "cask", "drum"), **_BOTH),
    _c("ball", "prop", (0.22, 0.22, 0.22), ("balls", "football", "beach ball", "basketball", "soccer ball"), **_BOTH),
    _c("toy_box", "prop", (0.8, 0.5, 0.45), ("toybox", "toy chest", "chest"), supports=True),
    _c("cube", "prop", (0.5, 0.5, 0.5), ("block", "cubes", "box shape"), supports=True, **_BOTH),
    _c("paint_can", "prop", (0.17, 0.19, 0.17), ("paint pot", "paint tin", "paint bucket", "can"), mount="surface", **_BOTH),
    _c("trash_can", "prop", (0.45, 0.9, 0.45), ("bin", "garbage can", "waste bin", "rubbish bin", "trash bin", "dustbin"), **_BOTH),
    _c("sculpture", "prop", (0.8, 1.6, 0.8), ("statue", "abstract sculpture", "bust", "monument"), **_BOTH),
    _c("easel", "prop", (0.7, 1.7, 0.7), ("art easel",)),
    _c("workbench", "furniture", (1.8, 0.9, 0.75), ("work bench", "workshop table"), supports=True),
    _c("tool_cabinet", "furniture", (0.9, 1.6, 0.5), ("tool chest", "toolbox cabinet", "tool cupboard")),
    _c("treadmill", "furniture", (0.8, 1.4, 1.9), ("running machine",), source=CATALOGUE),
    _c("weight_bench", "furniture", (0.6, 0.5, 1.3), ("workout bench", "exercise bench"), source=CATALOGUE),
    _c("dumbbell_rack", "furniture", (1.2, 0.85, 0.5), ("dumbbells", "rack of dumbbells", "weight rack", "dumbbell"), source=CATALOGUE),
    # music (tools/assets/families/music.py); a grand piano with its lid open and a bass guitar have their own sizes
    _c("piano", "furniture", (1.5, 1.25, 0.6), ("pianos", "upright piano", "grand piano", "baby grand", "pianoforte",
                                               "digital piano", "electric piano"), source=CATALOGUE,
       variant_words=(("upright", "upright piano"), ("grand", "grand piano", "baby grand", "concert grand"),
                      ("digital", "digital piano", "electric piano", "stage piano")),
       variant_sizes=(None, (1.5, 1.75, 1.8), (1.35, 0.95, 0.4))),  # a 1.7 m baby grand; a slim home digital
    _c("guitar", "prop", (0.4, 1.05, 0.32), ("guitars", "acoustic guitar", "electric guitar", "bass guitar",
                                             "classical guitar"), source=CATALOGUE, size_range=(0.85, 1.15),
       variant_words=(("acoustic", "classical", "acoustic guitar"), ("electric", "electric guitar"),
                      ("bass", "bass guitar")),
       variant_sizes=(None, None, (0.4, 1.18, 0.34)), **_BOTH),  # on its stand; a bass is ~1.15 m long
    _c("drum_kit", "furniture", (1.6, 1.2, 1.3), ("drum set", "drums", "drumkit", "drum kits", "drum sets"),
       source=CATALOGUE,
       variant_words=(("rock", "five-piece"), ("jazz", "bebop", "four-piece"), ("electronic", "electric", "e-drums"))),
    _c("placeholder", "prop", (0.6, 0.6, 0.6), (), **_BOTH),
    # nature
    _c("pine_tree", "nature", (2.6, 7.0, 2.6), ("pine", "fir", "fir tree", "spruce", "conifer", "christmas tree"), size_range=(0.6, 1.4),
       variant_words=((), ("fir", "fir tree", "young"), ("spruce",)), **_OUT),
    _c("oak_tree", "nature", (5.0, 7.0, 5.0), ("oak", "tree", "maple", "maple tree", "birch", "birch tree"), size_range=(0.6, 1.4), **_OUT),
    _c("palm_tree", "nature", (3.0, 6.0, 3.0), ("palm",), size_range=(0.6, 1.4), **_OUT),
    _c("bush", "nature", (1.2, 1.0, 1.2), ("shrub", "hedge", "bushes", "rose bush", "rosebush", "roses", "rose"),
       variant_words=((), ("hedge", "clipped"), ("rose bush", "rosebush", "roses", "rose")), **_OUT),
    _c("flower", "nature", (0.3, 0.5, 0.3), ("flowers", "tulip", "daisy", "sunflower"),
       variant_words=(("daisy", "daisies"), ("tulip", "tulips"), ("sunflower", "sunflowers")), **_OUT),
    _c("rock", "nature", (1.0, 0.6, 0.9), ("stone", "boulder", "rocks", "stones", "pebble"), size_range=(0.4, 2.0), **_OUT),
    _c("cactus", "nature", (0.7, 1.8, 0.7), ("cacti", "saguaro"), size_range=(0.5, 1.5), **_OUT),
    _c("grass", "nature", (0.6, 0.35, 0.6), ("grass tuft", "tall grass", "reeds"), **_OUT),
    _c("log", "nature", (1.4, 0.35, 0.35), ("logs", "tree trunk", "fallen log", "timber"), **_OUT),
    _c("campfire", "nature", (1.0, 0.6, 1.0), ("fire", "bonfire", "fire pit", "firepit", "fire bowl", "brazier"),
       variant_words=(("bonfire", "teepee"), ("fire pit", "firepit"), ("fire bowl", "brazier")), **_OUT),
    _c("snowman", "nature", (0.9, 1.7, 0.9), ("snow man",), **_OUT),
    _c("camel", "nature", (0.8, 2.0, 2.6), ("dromedary",), **_OUT),
    _c("hay_bale", "nature", (1.2, 0.9, 1.2), ("hay", "haybale", "straw bale", "bale"), supports=True, **_OUT),
    _c("pond", "nature", (3.0, 0.2, 2.2), ("pool", "lake", "puddle"), **_OUT),
    # built things
    _c("tent", "built", (2.2, 1.4, 2.4), ("camping tent", "teepee", "tipi"),
       variant_words=(("ridge",), ("dome",), ("teepee", "tipi")), **_OUT),
    _c("bench", "built", (1.6, 0.85, 0.6), ("park bench", "garden bench"),
       variant_words=(("park bench", "wooden"), ("stone", "concrete", "modern")), **_BOTH),
    _c("fountain", "built", (2.4, 1.8, 2.4), ("water fountain",), **_OUT),
    _c("lamp_post", "built", (0.4, 3.8, 0.4), ("lamppost", "street lamp", "streetlight", "street light", "lamp post"), **_OUT),
    _c("umbrella", "built", (2.0, 2.3, 2.0), ("parasol", "beach umbrella", "sunshade"), **_OUT),
    _c("sun_lounger", "built", (0.7, 0.4, 1.9), ("lounger", "deck chair", "deckchair", "sunbed", "beach chair"), **_OUT),
    _c("surfboard", "prop", (0.55, 0.1, 2.1), ("surf board",), **_OUT),
    _c("well", "built", (1.6, 2.2, 1.6), ("water well", "wishing well"),
       variant_words=(("round", "wishing well"), ("square", "brick")), **_OUT),
    _c("house", "built", (8.0, 6.5, 7.0), ("houses", "cottage", "home", "cabin", "hut", "bungalow", "townhouse", "town house"),
       size_range=(0.7, 1.3), variant_words=(("brick", "cottage"), ("bungalow", "porch"), ("townhouse", "town house", "gabled")), **_OUT),
    _c("barn", "built", (10.0, 7.5, 8.0), (), size_range=(0.7, 1.3), **_OUT),
    _c("windmill", "built", (4.0, 10.0, 4.0), ("wind mill", "wind turbine"), size_range=(0.7, 1.3),
       variant_words=(("tower mill", "stone"), ("wind turbine", "turbine"), ()), **_OUT),
    # a coastal lighthouse tower (tools/assets/families/lighthouse.py): its lamp turns in a "rotor" node
    _c("lighthouse", "built", (4.0, 14.0, 4.0), ("light house", "lighthouses", "beacon tower"),
       size_range=(0.7, 1.4), variant_words=(("striped",), ("stone", "granite", "brick"),
                                             ("octagonal", "banded")), **_OUT),
    _c("market_stall", "built", (2.5, 2.4, 1.6), ("stall", "market stand", "booth", "kiosk", "stand"), **_OUT),
    _c("fence", "built", (3.0, 1.1, 0.1), ("wooden fence", "picket fence", "railing"), size_range=(0.5, 3.0), **_OUT),
    _c("birdbath", "built", (0.6, 0.9, 0.6), ("bird bath",), **_OUT),
    _c("gravestone", "built", (0.6, 0.9, 0.25), ("tombstone", "headstone", "grave", "tomb", "grave marker",
                                                 "stone cross", "grave cross"),
       variant_words=(("headstone", "tombstone"), ("cross", "crosses"), ("obelisk",)), **_OUT),
    _c("stone_path", "built", (1.2, 0.04, 6.0), ("path", "pathway", "walkway", "footpath", "stepping stones"), size_range=(0.5, 2.0), **_OUT),
    _c("sign", "built", (0.8, 2.2, 0.1), ("signpost", "bus stop sign", "road sign", "billboard"), **_OUT),
    _c("solar_panel", "built", (1.7, 1.2, 1.1), ("solar panels", "photovoltaic panel", "pv panel"), **_OUT),
    _c("road", "built", (20.0, 0.02, 6.0), ("street",), size_range=(0.5, 3.0), **_OUT),
    _c("sled", "prop", (0.5, 0.3, 1.2), ("sledge", "sleigh", "toboggan"), **_OUT),
    # vehicles
    _c("car", "vehicle", (1.8, 1.45, 4.4), ("cars", "automobile", "sedan", "taxi", "suv", "hatchback", "pickup truck"),
       size_range=(0.9, 1.15), variant_words=(("sedan", "saloon", "taxi"), ("hatchback",), ("pickup", "pickup truck")), **_OUT),
    _c("bus", "vehicle", (2.55, 3.2, 12.0), ("coach", "school bus", "double-decker", "double decker"), size_range=(0.9, 1.1),
       variant_words=(("city bus",), ("school bus",), ("double-decker", "double decker")), **_OUT),
    _c("bicycle", "vehicle", (0.6, 1.05, 1.75), ("bike", "cycle"), size_range=(0.9, 1.1), **_OUT),
    _c("tractor", "vehicle", (2.2, 2.8, 3.9), (), size_range=(0.8, 1.2), **_OUT),
    _c("boat", "vehicle", (1.6, 0.9, 4.5), ("rowboat", "rowing boat", "canoe", "dinghy", "kayak", "motorboat", "motor boat",
                                            "speedboat", "sailboat", "sailing boat", "yacht", "sloop", "ship",
                                            "pirate ship"), size_range=(0.7, 1.5),
       variant_words=(("rowboat", "rowing boat", "dinghy"), ("canoe", "kayak"), ("motorboat", "speedboat", "motor boat"),
                      ("sailboat", "sailing boat", "yacht", "sloop", "ship", "pirate ship")),
       variant_sizes=(None, None, None, (1.6, 6.0, 4.5)), **_OUT),  # a 4.5 m sailing dinghy's mast stands ~6 m
    # moving things (issue 7): named "rotor"/"flame" child nodes the page animates (tools/assets/families/motion*.py)
    _c("ceiling_fan", "furniture", (1.32, 0.45, 1.32), ("ceiling fans", "overhead fan", "fan light"), mount="ceiling",
       size_range=(0.75, 1.2), source=CATALOGUE),
    _c("standing_fan", "furniture", (0.45, 1.3, 0.4), ("fan", "fans", "pedestal fan", "floor fan", "electric fan", "stand fan"),
       size_range=(0.8, 1.15), source=CATALOGUE),
    _c("desk_fan", "prop", (0.3, 0.38, 0.22), ("desk fan", "table fan", "small fan"), mount="surface", source=CATALOGUE),
    _c("candle", "prop", (0.07, 0.26, 0.07), ("candles", "candlestick", "taper", "pillar candle"), mount="surface",
       size_range=(0.6, 1.5), source=CATALOGUE,
       variant_words=((), ("pillar", "pillar candle"), ("taper", "candlestick"))),
    _c("carousel", "built", (8.0, 5.5, 8.0), ("merry-go-round", "merry go round", "roundabout", "carrousel"),
       size_range=(0.7, 1.3), **_OUT),
    _c("ferris_wheel", "built", (10.0, 12.0, 3.2), ("big wheel", "observation wheel"), size_range=(0.7, 1.5), **_OUT),
    _c("planet", "nature", (2.0, 2.0, 2.0), ("planets", "jupiter", "mars", "neptune", "gas giant", "exoplanet"),
       mount="air", air_height=(1.0, 3.0), size_range=(0.5, 2.0), source=SPACE_MODEL, **_BOTH),
    _c("ringed_planet", "nature", (3.6, 1.5, 3.45), ("saturn", "ringed planet", "planet with rings", "uranus"),
       mount="air", air_height=(1.0, 3.0), size_range=(0.6, 1.6), source=SPACE_MODEL, **_BOTH),
    _c("moon", "nature", (0.6, 0.6, 0.6), ("moons", "satellite moon", "lunar"), mount="air", air_height=(1.0, 3.5),
       size_range=(0.5, 1.6), source=SPACE_MODEL, **_BOTH),
    _c("sun", "nature", (3.0, 3.0, 3.0), ("star", "the sun"), mount="air", air_height=(1.0, 3.0),
       size_range=(0.6, 1.5), source=SPACE_MODEL, **_BOTH),
    _c("balloon", "prop", (0.3, 1.2, 0.3), ("balloons", "party balloon", "helium balloon", "toy balloon"), mount="air",
       air_height=(1.4, 1.8), size_range=(0.8, 1.25), source=CATALOGUE, **_BOTH),
    _c("hot_air_balloon", "vehicle", (16.0, 22.0, 16.0), ("hot air balloon", "hot-air balloon", "montgolfier"),
       mount="air", air_height=(6.0, 18.0), size_range=(0.7, 1.2), **_OUT),
    _c("bird", "nature", (0.36, 0.1, 0.3), ("birds", "seagull", "seagulls", "gull", "gulls", "crow", "crows", "pigeon",
                                            "pigeons", "dove", "sparrow", "swallow", "songbird"),
       mount="air", air_height=(3.0, 6.0), size_range=(0.7, 1.6), **_OUT),
]}


def variant_named(category: str, words: Sequence[str]) -> int | None:
    """The style variant of ``category`` the phrase ``words`` (lower-case tokens) names, or None.

    A variant word may span tokens ("rowing boat"); when several match, the one ending nearest the
    phrase's end wins (the noun, then the modifier next to it: "a white brick fireplace" is brick).
    """
    found = [(end, len(name.split()), variant)
             for variant, names in enumerate(CATEGORIES[category].variant_words) for name in names
             for end in _ends_of(name.split(), list(words))]
    return max(found)[2] if found else None


def _ends_of(span: list[str], words: list[str]) -> list[int]:
    """Every index just past an occurrence of ``span`` in ``words``."""
    return [start + len(span) for start in range(len(words) - len(span) + 1) if words[start:start + len(span)] == span]


def variant_size(category: str, variant: int) -> tuple[float, float, float]:
    """The typical (x, y, z) metres of ``category``'s style ``variant``: its own size where it has one, else the category's."""
    entry = CATEGORIES[category]
    own = entry.variant_sizes[variant] if variant < len(entry.variant_sizes) else None
    return own or entry.size


def lookup(word: str) -> Category | None:
    """The category whose name or synonym is ``word`` (lower case, spaces or underscores)."""
    return _BY_NAME.get(word.lower().replace("_", " ").strip())


_BY_NAME: dict[str, Category] = {}
for _cat in CATEGORIES.values():
    for _name in (_cat.name.replace("_", " "), *_cat.synonyms):
        _BY_NAME.setdefault(_name, _cat)
