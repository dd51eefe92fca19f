"""The indoor kinds chosen by word frequency (bench/bench_frequency.py; kinds.toml's session-18 indoor block): the
names people use find them, WordNet's members of their classes ground to them, a name that means another thing is
no synonym of theirs, and the size that says what a thing is holds. The words are this file's own, not the prompt
sets'. Their GLBs are checked with every kind drawn from parts in tests/test_parts_kinds.py."""

from kind_checks import kind_table_tests, needs_wordnet

from tools.knowledge.categories import lookup
from tools.plan.ground import hypernym_kind

NAMES = [
    ("cup of coffee", "cup_of_coffee"), ("cuppa", "cup_of_tea"), ("power outlet", "wall_socket"),
    ("dimmer switch", "light_switch"), ("crock pot", "slow_cooker"), ("tin foil", "kitchen_foil"),
    ("post-it", "sticky_notes"), ("drawing pins", "push_pins"), ("two-seater sofa", "loveseat"),
    ("fireguard", "fire_screen"), ("nappy", "diapers"), ("pjs", "pyjamas"),
    ("takeaway cup", "paper_cup"), ("box of matches", "matchbox"), ("glove puppet", "hand_puppet"),
    ("reed diffuser", "air_freshener"), ("plectrum", "guitar_pick"), ("mayo", "mayonnaise"),
    ("bottle of whisky", "spirits_bottle"), ("rashers", "bacon"), ("capsicum", "bell_pepper"),
]

WORDNET_MEMBERS = [
    ("espresso", "cup_of_coffee"), ("tequila", "spirits_bottle"), ("toggle switch", "light_switch"),
    ("jalapeno", "bell_pepper"), ("walnut", "nuts"),
]

# The dimension that says what it is: a two-seat sofa 1.4 m wide, a 86 mm switch plate, a 31 cm champagne bottle,
# a 66 mm drinks can, a 1.6 m headboard (each within 2 cm).
SIZES = [
    ("loveseat", 0, 1.4), ("light_switch", 0, 0.086), ("champagne", 1, 0.31), ("cola_can", 0, 0.067),
    ("headboard", 0, 1.6),
]

JUDGED = ("salad spinner", "salad_spinner")

globals().update(kind_table_tests(names=NAMES, wordnet_members=WORDNET_MEMBERS, judged=JUDGED, sizes=SIZES))


@needs_wordnet
def test_a_name_that_means_another_thing_is_no_synonym():
    """A courgette is no cucumber, soy sauce no vinegar, a curling iron no straightener, a bed frame a bed (the
    similarity table's), and a cap, a ring or a match (a football match) no kind of this block."""
    assert lookup("courgette") is None or lookup("courgette").name != "cucumber"
    assert lookup("soy sauce") is None or lookup("soy sauce").name != "vinegar"
    assert lookup("curling iron") is None or lookup("curling iron").name != "hair_straightener"
    assert lookup("bed frame") is None and lookup("cap") is None and lookup("ring") is None
    assert lookup("match") is None
    assert hypernym_kind("cauliflower")[0] != "broccoli"
