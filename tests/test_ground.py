"""Grounding a prompt's noun to a kind: by its whole name or a synonym first (no embeddings needed), and by
meaning for names the registry does not list. The words are this file's own, not the prompt sets'."""

import pytest

from tools.core.embeddings import embeddings_available
from tools.knowledge import wordnet
from tools.plan import ground
from tools.plan.ground import ground_noun
from tools.plan.planner import plan_prompt

BY_NAME = [
    ("couch", "sofa"),
    ("settee", "sofa"),
    ("billiard table", "pool_table"),
    ("snooker table", "pool_table"),
    ("table tennis table", "ping_pong_table"),
    ("table football", "foosball_table"),
    ("arcade machine", "arcade_cabinet"),
    ("tumble dryer", "dryer"),
    ("laundry machine", "washing_machine"),
    ("jacuzzi", "hot_tub"),
    ("gurney", "stretcher"),
    ("drip stand", "iv_stand"),
    ("dentist chair", "dental_chair"),
    ("jungle gym", "climbing_frame"),
    ("sandpit", "sandbox"),
    ("see-saw", "seesaw"),
    ("cash desk", "checkout_counter"),
    ("snack machine", "vending_machine"),
    ("cashpoint", "atm"),
    ("clothes rail", "clothes_rack"),
    ("server cabinet", "server_rack"),
    ("computer screen", "monitor"),
    ("notebook computer", "laptop"),
    ("mixing console", "mixing_desk"),
    ("loudspeaker", "speaker"),
    ("mic stand", "microphone_stand"),
    ("spell book", "spellbook"),
    ("grimoire", "spellbook"),
    ("crystal ball", "crystal_ball"),
    ("treasure chest", "treasure_chest"),
    ("pile of gold", "gold_pile"),
    ("spaceship", "rocket"),
    ("android", "robot"),
    ("xmas tree", "christmas_tree"),
    ("gift box", "present"),
    ("longcase clock", "grandfather_clock"),
    ("fireplug", "fire_hydrant"),
    ("stoplight", "traffic_light"),
    ("telephone box", "phone_box"),
    ("pillar box", "mailbox"),
    ("kitten", "kitten"),
    ("pup", "puppy"),
    ("stallion", "horse"),
    ("cockerel", "rooster"),
    ("geese", "goose"),
    ("koi carp", "koi"),
    ("policewoman", "police_officer"),
    ("physician", "doctor"),
    ("toddler", "child"),
    ("shopkeeper", "adult"),
    ("wyvern", "winged_dragon"),
    ("kick drum", "bass_drum"),
    ("side drum", "snare_drum"),
    ("floor tom", "snare_drum"),
    ("draught taps", "beer_tap"),
    ("squeaky toy", "pet_toy"),
    ("set of tools", "hand_tools"),
    ("coin changer", "vending_machine"),
    ("larder shelves", "wooden_shelf"),
    ("thyme", "potted_plant"),
    ("drink mixer", "blender"),
    ("barber's pole", "barber_pole"),
    ("striped pole", "barber_pole"),
    ("wooden poles", "pole"),
    ("fish bowl", "fishbowl"),
]


@pytest.fixture
def no_embeddings(monkeypatch):
    monkeypatch.setattr(ground, "embeddings_available", lambda: False)


@pytest.mark.parametrize("noun,kind", BY_NAME)
def test_a_name_or_synonym_grounds_exactly_without_embeddings(no_embeddings, noun, kind):
    found = ground_noun(noun)
    assert (found.kind, found.how, found.fit) == (kind, "name", "exact")


def test_an_unknown_noun_without_embeddings_takes_its_head_word_or_the_placeholder(no_embeddings):
    assert ground_noun("velvet chaise thing", head="thing").kind == "placeholder"
    assert (ground_noun("rusty pool table", head="table").kind, ground_noun("rusty pool table", head="table").how) == (
        "table", "head")


@pytest.mark.parametrize("prompt,kinds", [
    ("a games room with a snooker table and two arcade machines", {"pool_table", "arcade_cabinet"}),
    ("a laundry with a tumble dryer next to a laundry machine", {"dryer", "washing_machine"}),
    ("a wizard's tower room with a cauldron and a grimoire on a table", {"cauldron", "spellbook", "table"}),
])
def test_the_planner_finds_new_kinds_by_their_names(no_embeddings, prompt, kinds):
    assert kinds <= {spec.category for spec in plan_prompt(prompt).objects}


needs_embeddings = pytest.mark.skipif(not embeddings_available(), reason="the embeddings extra is not installed")


@needs_embeddings
@pytest.mark.parametrize("noun,kind", [
    ("vending-machines", "vending_machine"), ("arcade cabinets", "arcade_cabinet"), ("tumble-dryer", "dryer"),
    ("rowing-machine", "rowing_machine"), ("mixing-desk", "mixing_desk"), ("snooker cue table", "pool_table"),
])
def test_an_unlisted_spelling_grounds_by_meaning_to_the_thing_itself(noun, kind):
    found = ground_noun(noun)
    assert (found.kind, found.how, found.fit) == (kind, "meaning", "exact")


@needs_embeddings
@pytest.mark.parametrize("noun,kind", [
    ("treasure-chest", "treasure_chest"), ("hospital-bed", "hospital_bed"), ("bus-shelter", "bus_shelter"),
    ("fire-hydrant", "fire_hydrant"), ("grandfather-clock", "grandfather_clock"), ("stallion horse", "horse"),
])
def test_a_near_spelling_finds_its_kind_by_meaning(noun, kind):
    assert ground_noun(noun).kind == kind


@needs_embeddings
def test_a_noun_near_no_real_kind_takes_a_generic_archetype():
    found = ground_noun("bottling machine")  # a hydraulic press is a baler now
    assert found.how == "archetype" and found.kind == "generic_machine" and found.fit == "stand-in"


def test_landscape_nouns_are_grounded_by_their_wordnet_class_as_stand_ins():
    """A massif, a gorge or a cart track has no kind of its own: its WordNet class (a geological formation, a road)
    names the nearest terrain kind, which stands in for it and says so; a canal is the stream's canal variant. (A
    hill, a cliff and a trail are landform kinds now, grounded by name.)"""
    from tools.knowledge import wordnet
    from tools.plan.ground import ground_noun

    if not wordnet.available():
        pytest.skip("needs the WordNet files")
    for noun, kind in (("massif", "rock"), ("gorge", "rock"), ("cart track", "road")):
        found = ground_noun(noun, noun)
        assert (found.kind, found.fit, found.how) == (kind, "stand-in", "hypernym"), (noun, found)
    canal = ground_noun("canal", "canal", "a narrowboat on a canal")  # a canal is no stream: the stream stands in
    assert (canal.kind, canal.fit) == ("stream", "stand-in"), canal


def test_a_counted_noun_is_never_grounded_by_a_substances_sense():
    """WordNet's first sense of "lute" is luting, a substance: "a lute" is the instrument, a device."""
    from tools.knowledge import wordnet

    if not wordnet.available():
        pytest.skip("needs the WordNet files")
    context = "a bard playing a lute in a tavern"
    found = ground.hypernym_kind("lute", context, counted=True)
    assert found is not None and found[2] in ("lute", "device", "musical_instrument", "stringed_instrument"), found
    assert ground.counted_senses(wordnet.senses("glass"))[0].lexfile != ground.SUBSTANCE_FILE


def test_a_person_wordnet_holds_is_the_person_figure_itself():
    """"an old man", "a young woman": WordNet holds each as a person, and the person figure shows any person (trait
    any_member), as it shows a bard; by its head word it had been a stand-in."""
    for name, head in (("old man", "man"), ("young woman", "woman")):
        found = ground_noun(name, head)
        assert found.kind == "adult" and found.fit == "exact", found


@pytest.mark.skipif(not embeddings_available(), reason="needs the embedding model")
def test_a_thing_is_never_shown_by_a_beings_archetype_and_a_closed_compound_by_its_ending():
    """WordNet knows a venetian blind as a window blind, no being: no person figure stands in for it. "A waterbed",
    unknown to WordNet, is a bed by its ending (MiniLM put it nearest a pond)."""
    assert ground_noun("venetian blind").kind not in ("generic_figure", "generic_creature")
    assert ground_noun("waterbed").kind == "bed"


def test_a_toy_of_a_being_is_a_soft_toy_or_a_doll_not_the_being():
    """"A stuffed elephant" in a nursery is a soft toy, not a 3 m elephant, whether the parse keeps the word in the
    name or not; "a toy knight" a doll; a breed WordNet holds ("a toy dog") stays a dog, and a stuffed food no toy."""
    from tools.knowledge import wordnet

    if not wordnet.available():
        pytest.skip("needs the WordNet files")
    assert ground_noun("plush giraffe", "giraffe").kind == "teddy_bear"
    assert ground_noun("toy pirate", "pirate").kind == "doll"
    assert ground_noun("toy dog", "dog").kind != "teddy_bear"
    assert ground_noun("stuffed peppers", "peppers").kind != "teddy_bear"
    kinds = {o.category for o in plan_prompt("a playroom with a stuffed hippo on the rug", 0).objects if o.requested}
    assert "teddy_bear" in kinds and "hippo" not in kinds


def test_a_sponge_by_the_bath_is_the_thing_not_a_person():
    """WordNet's person senses of "sponge" (a quick study, a parasite) come before none a kind showed: the sponge
    is a kind of its own now."""
    kinds = {o.category for o in plan_prompt("a sink with a sponge and a bar of soap", 0).objects if o.requested}
    assert "sponge" in kinds and "adult" not in kinds


@pytest.mark.skipif(not wordnet.available(), reason="needs the WordNet files")
@pytest.mark.parametrize(("noun", "kind"), [("banjo", "ukulele"), ("maracas", "tambourine"),
                                            ("hedge trimmer", "chainsaw")])
def test_a_class_a_kind_only_declares_is_shown_by_a_stand_in(noun: str, kind: str) -> None:
    """A kind's ``wordnet`` list says what it may show, its names what it is: a banjo is shown by the ukulele, and
    reported as no ukulele."""
    found = ground_noun(noun, context=f"a room with a {noun}", counted=True)
    assert (found.kind, found.fit) == (kind, "stand-in")


@pytest.mark.skipif(not wordnet.available(), reason="needs the WordNet files")
@pytest.mark.parametrize(("noun", "kind"), [("couch", "sofa"), ("vent", "air_vent"), ("ukulele", "ukulele")])
def test_a_class_a_kind_is_named_by_or_is_a_kind_of_is_the_thing_itself(noun: str, kind: str) -> None:
    found = ground_noun(noun, context=f"a room with a {noun}", counted=True)
    assert (found.kind, found.fit) == (kind, "exact")
