"""The kinds added for indoor places (kitchens, bathrooms, nurseries, hobbies, shops, salons, clinics, labs, offices,
schools, libraries, museums, studios, workshops and public buildings): the names people use find them, WordNet's
members of their classes ground to them, names an older kind held for another object now find their own kind, and
the size that says what a thing is holds. The words are this file's own, not the prompt sets'. Their GLBs are
checked with every kind drawn from parts in tests/test_parts_kinds.py."""

from kind_checks import kind_table_tests, needs_wordnet

from tools.knowledge.categories import lookup
from tools.plan.ground import hypernym_kind

NAMES = [
    ("soup ladle", "ladle"), ("cheese grater", "grater"), ("pepper grinder", "salt_and_pepper"),
    ("multicooker", "rice_cooker"), ("moses basket", "bassinet"), ("lava lamp", "night_light"),
    ("cotton reels", "thread_spools"), ("train set", "model_train"), ("bangles", "jewellery"),
    ("cornflakes", "cereal_box"), ("deli slicer", "meat_slicer"), ("shampoo bowl", "backwash_unit"),
    ("fume cupboard", "fume_hood"), ("agar plates", "petri_dish"), ("swiss ball", "exercise_ball"),
    ("lever arch files", "ring_binder"), ("stag head", "mounted_head"),
    ("pottery wheel", "potters_wheel"), ("witness box", "witness_stand"),
    ("holy water font", "baptismal_font"), ("walk-through metal detector", "metal_detector"),
    ("pillar drill", "drill_press"), ("green banker's lamp", "bankers_lamp"), ("velvet ropes", "rope_barrier"),
]

# A kiln was a pizza oven, a loom a spinning wheel, a drill press a table saw: each now has its own shape.
OLDER_NAMES = [
    ("kiln", "kiln"), ("loom", "loom"), ("bandsaw", "bandsaw"), ("drill press", "drill_press"),
    ("bench grinder", "bench_grinder"), ("music stand", "music_stand"), ("pommel horse", "pommel_horse"),
    ("card catalogue", "card_catalogue"), ("bust", "bust"), ("instrument tray", "instrument_tray"),
    ("rice cooker", "rice_cooker"),
]

WORDNET_MEMBERS = [
    ("glockenspiel", "xylophone"), ("van de graaff generator", "tesla_coil"),
    ("tea strainer", "colander"), ("bologna", "sausages"), ("pepperoni", "sausages"), ("brad", "screws"),
    ("hex nut", "screws"), ("aspirin", "medicine_bottles"), ("ultracentrifuge", "centrifuge"), ("steel drum", "tambourine"),
    ("brick kiln", "kiln"), ("oilstone", "bench_grinder"), ("rouge", "cosmetics"), ("egg carton", "milk_carton"),
    ("hemostat", "instrument_tray"), ("chasuble", "bathrobe"), ("kimono", "bathrobe"), ("jewel casket", "jewellery_box"),
]

# The dimension that says what it is: a 65 cm gym ball, a pommel horse 1.6 m long, a 1.5 m fume hood, a
# butcher's block at worktop height plus its cleaver, a dressing table with its mirror (each within 2 cm).
SIZES = [
    ("exercise_ball", 1, 0.65), ("dressing_table", 1, 1.57), ("butcher_block", 1, 1.01),
    ("pommel_horse", 0, 1.6), ("fume_hood", 0, 1.5), ("climbing_rope", 1, 2.4),
]

# An indoor floor kind taller than a room's default 2.7 m height could not stand in one.
FIT_INDOORS = (
    "fume_hood", "forge", "confessional", "metal_detector", "photo_backdrop", "climbing_rope", "puppet_theatre",
)

JUDGED = ("potter's wheel", "potters_wheel")

globals().update(kind_table_tests(
    names=NAMES, older_names=OLDER_NAMES, wordnet_members=WORDNET_MEMBERS, judged=JUDGED, sizes=SIZES,
    fit_indoors=FIT_INDOORS,
))


@needs_wordnet
def test_no_new_kind_takes_a_class_an_older_kind_shows_by_its_name():
    """Declaring a class a kind holds only by its name ("bin" of the trash can, "lamp" of the table lamp) would send
    every member of it to the new kind: the new kinds declare only classes no kind showed, or ones an archetype or
    another kind declares first (which then keeps them)."""
    assert hypernym_kind("wastebin")[0] != "sharps_bin"
    assert hypernym_kind("bread bin")[0] != "sharps_bin"
    assert lookup("lamp").name != "exam_lamp" and hypernym_kind("gooseneck lamp")[0] != "exam_lamp"
