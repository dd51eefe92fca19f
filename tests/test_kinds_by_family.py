"""The kinds added by family for what people name in each type of place (animals, sport, tools, outdoors, shop goods,
public fittings): the names people use find them, WordNet's members of their classes ground to them, a named thing
of such a kind is fitting to the independent judge, and the classes they declare are the senses meant (a bank
vault, not a vaulted ceiling). The words are this file's own, not the prompt sets'. Their GLBs are checked with
every kind drawn from parts in tests/test_parts_kinds.py."""

import pytest

from tools.evaluate.named import judge_mention
from tools.knowledge import wordnet
from tools.knowledge.categories import CATEGORIES, lookup
from tools.plan.ground import hypernym_kind

needs_wordnet = pytest.mark.skipif(not wordnet.available(), reason="WordNet is not installed (make setup installs it)")


@pytest.mark.parametrize("name,kind", [
    ("grizzly", "bear"), ("alligators", "crocodile"), ("tortoise", "turtle"), ("porpoise", "dolphin"),
    ("great white", "shark"), ("gecko", "lizard"), ("guinea pig", "hamster"), ("chipmunk", "squirrel"),
    ("alpacas", "llama"), ("moth", "butterfly"), ("spanner", "wrench"), ("cordless drill", "power_drill"),
    ("toadstools", "mushroom"), ("hen house", "chicken_coop"), ("lifebuoy", "life_ring"), ("fruit machine", "slot_machine"),
    ("cheeseburger", "burger"), ("beer mug", "tankard"), ("chessboard", "board_game"), ("file cabinet", "filing_cabinet"),
    ("church organ", "pipe_organ"), ("rose window", "stained_glass_window"), ("holding cell", "jail_cell"),
    ("bistro table", "pedestal_table"), ("barres", "ballet_barre"), ("cubbies", "cubby_shelf"),
    ("hydraulic lift", "car_lift"), ("turbines", "wind_turbine"), ("motorbike", "motorcycle"), ("baggage cart", "luggage_trolley"),
])
def test_the_names_people_use_find_the_new_kinds(name, kind):
    assert lookup(name).name == kind


@pytest.mark.parametrize("name,kind", [
    ("popsicles", "ice_lolly"), ("ice resurfacer", "ice_resurfacer"), ("high dive", "diving_board"),
    ("smoke alarm", "smoke_detector"), ("boom gate", "boom_barrier"), ("spider webs", "cobweb"), ("warehouse racking", "pallet_racking"),
    ("comic books", "magazine"), ("life vest", "life_jacket"), ("engine crane", "engine_hoist"), ("blast door", "airlock_door"),
    ("astrolabe", "sextant"), ("mattock", "pickaxe"), ("stele", "hieroglyph_panel"), ("viking ship", "longship"),
])
def test_the_names_people_use_find_the_session_12_kinds(name, kind):
    """Kinds added for tune-g's archetype misses and the furnishings of the new place types (tomb, bunker, mine...)."""
    assert lookup(name).name == kind


@needs_wordnet
@pytest.mark.parametrize("noun,kind", [
    ("mako", "shark"), ("box turtle", "turtle"), ("sledgehammer", "hammer"), ("cheddar", "cheese"),
    ("orca", "dolphin"), ("vicuna", "llama"), ("strongroom", "vault_door"), ("skid", "pallet"),
])
def test_a_wordnet_class_catches_its_members(noun, kind):
    assert hypernym_kind(noun)[0] == kind


@needs_wordnet
def test_declared_classes_are_the_senses_meant():
    """A kind's class must not claim another sense of its word: the vault of a bank, not a vaulted ceiling; a squid,
    not calamari; an ice-cream cone, not the shape."""
    declared = {w for k in ("vault_door", "octopus", "ice_cream_cone", "llama") for w in CATEGORIES[k].wordnet}
    assert "vault.n.03" not in declared and "cone.n.02" not in declared
    assert all(wordnet.named(w).lexfile != 13 for w in CATEGORIES["octopus"].wordnet + CATEGORIES["llama"].wordnet)
    assert hypernym_kind("vault", "a vaulted brick ceiling over the wine racks") != ("vault_door", 0, "vault")


def test_a_named_thing_of_a_new_kind_is_fitting_to_the_judge():
    objects = [{"id": "elephant_1", "category": "elephant", "name": "elephants", "requested": True}]
    assert judge_mention("elephants", objects, None)["verdict"] == "fitting"


@pytest.mark.parametrize("name,size", [
    ("football_goal", 7.44), ("elephant", 3.0), ("pedestal_table", 0.74), ("filing_cabinet", 1.32),
])
def test_sizes_are_real(name, size):
    """The dimension that says what it is: a goal 7.32 m between its posts (plus their width), an elephant 3 m at the
    shoulder and head, a table 74 cm high (each within 2 cm), a four-drawer filing cabinet 1.32 m."""
    kind = CATEGORIES[name]
    assert any(abs(size - side) <= 0.02 for side in kind.size[:2]), kind.size
