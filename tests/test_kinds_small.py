"""The kinds added for small things people hold, use and set on surfaces (tableware and kitchen tools, toys and games,
stationery, electronics, clothes, bags, sports gear, medical and lab ware, food and shop goods): the names people use
find them, names an older kind held for a different-looking object now find their own kind, WordNet's members of their
classes ground to them, no new kind takes a class that sends unrelated things to it, and the size that says what a
thing is holds. The words are this file's own, not the prompt sets'. Their GLBs are checked with every kind drawn
from parts in tests/test_parts_kinds.py."""

from kind_checks import kind_table_tests, needs_wordnet

from tools.knowledge.categories import lookup
from tools.plan.ground import hypernym_kind

NAMES = [
    ("prosecco glass", "champagne_flute"), ("martini glass", "cocktail_glass"), ("rocks glass", "tumbler"),
    ("cup and saucer", "teacup_and_saucer"), ("sauce boat", "gravy_boat"), ("cafetiere", "french_press"),
    ("serviettes", "napkin"), ("tin opener", "can_opener"), ("pot holders", "oven_mitt"), ("tea caddy", "kitchen_canisters"),
    ("tin soldiers", "toy_soldier"), ("matchbox cars", "toy_car"), ("squirt gun", "water_gun"),
    ("legal pad", "notebook"), ("in-tray", "letter_tray"), ("quill pen", "inkwell"), ("ink pad", "rubber_stamp"),
    ("kindle", "tablet"), ("wireless router", "wifi_router"), ("thumb drive", "usb_drive"),
    ("ghetto blaster", "boombox"), ("cassette tapes", "media_discs"), ("woolly hat", "beanie"), ("pair of jeans", "jeans"),
    ("hoodie", "sweater"), ("stilettos", "high_heels"), ("holdall", "duffel_bag"), ("attache case", "briefcase"),
    ("sphygmomanometer", "stethoscope"), ("pulse oximeter", "blood_pressure_monitor"), ("dosette box", "pill_organizer"),
    ("sticking plasters", "bandages"), ("latex gloves", "medical_gloves"),
    ("safety goggles", "goggles"), ("primus stove", "camping_stove"), ("fairy cakes", "cupcake"),
    ("potato chips", "snack_bags"), ("candy bars", "chocolate_bar"), ("jelly beans", "candy"),
    ("egg boxes", "egg_carton"), ("roast turkey", "roast_chicken"), ("ramen", "pasta_dish"),
    ("stack of pancakes", "pancakes"), ("dim sum", "dumplings"),
]

# A wok was a frying pan, tongs pliers, a typewriter a keyboard, a croissant a donut, a wallet a handbag and a
# snowboard a pair of skis: each now has its own shape, and the older kind keeps its own names
# (the last row).
OLDER_NAMES = [
    ("wok", "wok"), ("tongs", "tongs"), ("chef's knife", "kitchen_knife"), ("stand mixer", "stand_mixer"),
    ("kitchen scale", "kitchen_scale"), ("canisters", "kitchen_canisters"), ("typewriter", "typewriter"),
    ("tablet", "tablet"), ("gamepad", "game_controller"), ("multimeter", "multimeter"), ("wallet", "wallet"),
    ("umbrella stand", "umbrella_stand"), ("walking stick", "walking_stick"), ("baseball mitt", "baseball_glove"),
    ("snowboard", "snowboard"), ("bunsen burner", "bunsen_burner"), ("croissant", "croissant"),
    ("bagel", "bagel"), ("cookies", "cookies"), ("hot dog", "hot_dog"), ("popcorn", "popcorn_bucket"),
    ("frying pan", "frying_pan"), ("pliers", "pliers"), ("donut", "donut"), ("skis", "skis"), ("handbag", "handbag"),
]

WORDNET_MEMBERS = [
    ("soft pretzel", "bagel"), ("muffins", "cupcake"),
    ("teetotum", "spinning_top"), ("shuttlecock", "tennis_balls"), ("carving knife", "kitchen_knife"),
    ("mitten", "gloves"), ("shaving brush", "shaving_kit"), ("banjo", "ukulele"), ("waffle", "pancakes"),
    ("scone", "bagel"), ("jelly bean", "candy"), ("kilt", "skirt"), ("attache case", "briefcase"),
]

# The dimension that says what it is: a 23 cm flute, a 90 cm hoop, a 27 cm disc, a 1.5 m snowboard, a
# typewriter 44 cm wide, a tube of three tennis balls, a 57 mm cube, a 92 cm walking stick (each within 2 cm).
SIZES = [
    ("champagne_flute", 1, 0.23), ("hula_hoop", 0, 0.9), ("frisbee", 0, 0.27), ("snowboard", 1, 1.48),
    ("typewriter", 0, 0.44), ("tennis_balls", 1, 0.24), ("rubiks_cube", 0, 0.057), ("walking_stick", 1, 0.92),
]

JUDGED = ("typewriter", "typewriter")

globals().update(kind_table_tests(
    names=NAMES, older_names=OLDER_NAMES, wordnet_members=WORDNET_MEMBERS, judged=JUDGED, sizes=SIZES,
))


@needs_wordnet
def test_no_new_kind_takes_a_class_that_sends_other_things_to_it():
    """A toy robot is no class of robots, a hula hoop no class of rings (a tyre, a rim, a key ring), a baseball cap
    no class of caps (a beret stays a hat), a tureen no casserole, slippers no clogs."""
    assert hypernym_kind("android")[0] == "robot"
    assert hypernym_kind("beret")[0] == "hat" and hypernym_kind("clogs")[0] == "boots"
    assert hypernym_kind("casserole")[0] == "generic_food"
    assert hypernym_kind("tire")[0] != "hula_hoop" and hypernym_kind("key ring")[0] != "hula_hoop"
    assert lookup("cap") is None and lookup("top") is None  # a bottle cap, the top of anything
