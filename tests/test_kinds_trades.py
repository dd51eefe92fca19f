"""The kinds added for the things of trades, hobbies, sports, crafts, services, studios, labs, clinics and shops
(kinds.toml's "Session 19, things of trades and hobbies" block, chosen by bench/bench_activities.py): the names people
use find them, WordNet's members of their classes ground to them, and the size that says what a thing is holds. The
words are this file's own, not the prompt sets'. Their GLBs are checked with every kind drawn from parts in
tests/test_parts_kinds.py."""

from kind_checks import kind_table_tests, needs_wordnet

from tools.knowledge.categories import lookup
from tools.plan.ground import hypernym_kind

NAMES = [
    ("smoothing plane", "hand_plane"), ("g-clamps", "bar_clamp"), ("dust collector", "dust_extractor"),
    ("ink roller", "brayer"), ("dressmaking shears", "shears"), ("yarn winder", "ball_winder"),
    ("laboratory coat", "lab_coat"), ("elizabethan collar", "cone_collar"), ("curling tongs", "curling_iron"),
    ("jump rope", "skipping_rope"), ("ballet shoes", "pointe_shoes"), ("karabiner", "carabiner"),
    ("fencer's mask", "fencing_mask"), ("tatami", "tatami_mat"), ("cue stick", "pool_cue"),
    ("snooker balls", "billiard_balls"), ("shoe last", "cobblers_last"), ("crash cymbal", "cymbal"),
    ("hi-hat", "hi_hat"), ("drum sticks", "drumsticks"), ("pop shield", "pop_filter"), ("on-air sign", "on_air_light"),
    ("darkroom light", "safelight"), ("string puppets", "marionette"), ("napkin holder", "napkin_dispenser"),
    ("bain-marie", "double_boiler"), ("chessmen", "chess_pieces"), ("spinning reel", "fishing_reel"),
    ("crankbait", "fishing_lure"), ("ice drill", "ice_auger"), ("cotton bud", "cotton_swabs"),
    ("carving gouge", "gouge"), ("butcher's hook", "meat_hook"), ("embroidery frame", "embroidery_hoop"),
    ("earmuffs", "ear_defenders"), ("rattle gun", "impact_wrench"), ("chin-up bar", "pull_up_bar"),
    ("tattoo gun", "tattoo_machine"), ("hot towel cabinet", "towel_warmer"), ("rock shoes", "climbing_shoes"),
    ("third hand", "helping_hands"), ("measuring cylinder", "graduated_cylinder"), ("bcd", "buoyancy_vest"),
]

# A WordNet member of a declared class: a jack plane is a plane, pinking shears are shears, a rook a chessman, a
# cue ball a billiard ball, a sizzle cymbal a cymbal, an earmuff, an oilcan, a paintbox.
WORDNET_MEMBERS = [
    ("jack plane", "hand_plane"), ("pinking shears", "shears"), ("rook", "chess_pieces"),
    ("cue ball", "billiard_balls"), ("sizzle cymbal", "cymbal"), ("earmuff", "ear_defenders"),
    ("oilcan", "oil_can"), ("paintbox", "watercolour_set"),
]

# The dimension that says what it is: a 1.82 m tatami, a 1.45 m pool cue, a 1.1 m foil, a 57 mm billiard ball
# (three rows deep), a 41 cm drumstick (each within 2 cm).
SIZES = [
    ("tatami_mat", 0, 1.82), ("pool_cue", 2, 1.45), ("fencing_foil", 2, 1.1), ("drumsticks", 2, 0.41),
]

FIT_INDOORS = ("dust_extractor", "makiwara", "ice_auger", "cymbal", "hi_hat", "lab_bench")

JUDGED = ("fencing mask", "fencing_mask")

globals().update(kind_table_tests(
    names=NAMES, wordnet_members=WORDNET_MEMBERS, judged=JUDGED, sizes=SIZES, fit_indoors=FIT_INDOORS,
))


@needs_wordnet
def test_a_name_that_means_another_thing_is_no_synonym():
    """A plane is an aeroplane before a hand plane; a puppet may be a glove puppet, not only a marionette; foil by its
    name alone is no fencing foil (that sense comes from the prompt); a horse's harness is no climbing harness, a
    graduate no measuring cylinder, an oasis no florist's foam, a decoy duck no fishing lure."""
    assert lookup("plane").name == "airplane" and lookup("puppet").name != "marionette"
    for name, kind in (("foil", "fencing_foil"), ("harness", "climbing_harness"), ("graduate", "graduated_cylinder"),
                       ("oasis", "floral_foam"), ("vortex", "vortex_mixer")):
        assert lookup(name) is None or lookup(name).name != kind, name
    assert hypernym_kind("decoy")[0] != "fishing_lure"
