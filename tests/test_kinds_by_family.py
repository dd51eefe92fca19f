"""The kinds added by family for what people name in each type of place (animals, sport, tools, outdoors, shop goods,
public fittings): the names people use find them, WordNet's members of their classes ground to them, a named thing
of such a kind is fitting to the independent judge, and the classes they declare are the senses meant (a bank
vault, not a vaulted ceiling). The words are this file's own, not the prompt sets'. Their GLBs are checked with
every kind drawn from parts in tests/test_parts_kinds.py."""

from kind_checks import kind_table_tests, needs_wordnet

from tools.knowledge import wordnet
from tools.knowledge.categories import CATEGORIES
from tools.plan.ground import hypernym_kind

NAMES = [
    ("grizzly", "bear"), ("tortoise", "turtle"), ("porpoise", "dolphin"),
    ("great white", "shark"), ("gecko", "lizard"), ("chipmunk", "squirrel"),
    ("alpacas", "llama"), ("spanner", "wrench"), ("cordless drill", "power_drill"),
    ("toadstools", "mushroom"), ("hen house", "chicken_coop"), ("lifebuoy", "life_ring"), ("fruit machine", "slot_machine"),
    ("cheeseburger", "burger"), ("beer mug", "tankard"), ("chessboard", "board_game"), ("file cabinet", "filing_cabinet"),
    ("church organ", "pipe_organ"), ("rose window", "stained_glass_window"), ("holding cell", "jail_cell"),
    ("bistro table", "pedestal_table"), ("barres", "ballet_barre"), ("cubbies", "cubby_shelf"),
    ("hydraulic lift", "car_lift"), ("turbines", "wind_turbine"), ("motorbike", "motorcycle"), ("baggage cart", "luggage_trolley"),
    # Kinds added for tune-g's archetype misses and the furnishings of the new place types (tomb, bunker, mine...).
    ("popsicles", "ice_lolly"), ("ice resurfacer", "ice_resurfacer"), ("high dive", "diving_board"),
    ("smoke alarm", "smoke_detector"), ("boom gate", "boom_barrier"), ("spider webs", "cobweb"), ("warehouse racking", "pallet_racking"),
    ("comic books", "magazine"), ("life vest", "life_jacket"), ("engine crane", "engine_hoist"), ("blast door", "airlock_door"),
    ("astrolabe", "sextant"), ("mattock", "pickaxe"), ("stele", "hieroglyph_panel"), ("viking ship", "longship"),
]

WORDNET_MEMBERS = [
    ("moth", "butterfly"),
    ("mako", "shark"), ("box turtle", "turtle"), ("sledgehammer", "hammer"), ("cheddar", "cheese"),
    ("orca", "dolphin"), ("vicuna", "llama"), ("strongroom", "vault_door"), ("skid", "pallet"),
]

# The dimension that says what it is: a goal 7.32 m between its posts (plus their width), an elephant 3 m at the
# shoulder and head, a table 74 cm high (each within 2 cm), a four-drawer filing cabinet 1.32 m.
SIZES = [
    ("football_goal", 0, 7.44), ("elephant", 1, 3.0), ("pedestal_table", 1, 0.74), ("filing_cabinet", 1, 1.32),
]

JUDGED = ("elephants", "elephant")

# The senses meant: the vault of a bank, an octopus the animal (not food), the ice-cream cone, the llama.
CLASSES = [
    ("vault_door", "bank_vault.n.01"), ("octopus", "octopus.n.02"), ("ice_cream_cone", "ice-cream_cone.n.01"),
    ("llama", "llama.n.01"),
]

globals().update(kind_table_tests(names=NAMES, wordnet_members=WORDNET_MEMBERS, classes=CLASSES, judged=JUDGED,
                                  sizes=SIZES))


@needs_wordnet
def test_declared_classes_are_the_senses_meant():
    """A kind's class must not claim another sense of its word: the vault of a bank, not a vaulted ceiling; a squid,
    not calamari; an ice-cream cone, not the shape."""
    declared = {w for k in ("vault_door", "octopus", "ice_cream_cone", "llama") for w in CATEGORIES[k].wordnet}
    assert "vault.n.03" not in declared and "cone.n.02" not in declared
    assert all(wordnet.named(w).lexfile != 13 for w in CATEGORIES["octopus"].wordnet + CATEGORIES["llama"].wordnet)
    assert hypernym_kind("vault", "a vaulted brick ceiling over the wine racks") != ("vault_door", 0, "vault")
