"""The sentence parser (tools/plan/sentence.py), case by case. Prompts are written for these tests, not taken
from the shared prompt files."""
import pytest

from tools.plan.sentence import parse_prompt
from tools.plan.spelling import respell


def names(p):
    return [m.name for m in p.mentions]


def get(p, name):
    found = [m for m in p.mentions if m.name == name]
    assert found, f"{name!r} not in {names(p)}"
    return found[0]


def rel(p, subj, relation, target):
    """Relation by mention names (or zone string for target)."""
    s = names(p).index(subj)
    t = names(p).index(target) if target in names(p) else target
    return any(r.subject == s and r.relation == relation and r.target == t for r in p.relations)


def rejected(p, word):
    return [r.reason for r in p.rejected if r.text.lower() == word]


CASES = [
    # --- compounds kept whole and lemmatised
    ("compound-1", "a games room with a pool table", lambda p: get(p, "pool table")),
    ("compound-2", "a pub with three bar stools", lambda p: get(p, "bar stool").count == 3),
    ("compound-3", "a laundromat with six washing machines",
     lambda p: get(p, "washing machine").count == 6 and p.place.name == "laundromat"),
    ("compound-4", "a home gym with a bench press and a rowing machine", lambda p: get(p, "bench press")),
    ("compound-5", "a corridor with two coffee machines", lambda p: get(p, "coffee machine").head == "machine"),
    ("compound-6", "a dental surgery with a dental chair", lambda p: get(p, "dental chair")),
    ("compound-7", "a den with a two-seater sofa",
     lambda p: "two-seater" in get(p, "sofa").style_words and get(p, "sofa").count == 1),
    ("compound-8", "a library with a reading lamp and a filing cabinet", lambda p: get(p, "filing cabinet")),
    ("compound-coordinated", "a kitchen with a salt and pepper grinder, and a desk and office chair",
     lambda p: names(p) == ["salt and pepper grinder", "desk", "office chair"]),
    ("possessive-name", "a ship deck with a captain's wheel", lambda p: get(p, "captain's wheel")),
    ("lemma-plural", "a porch with rocking chairs and wind chimes",
     lambda p: get(p, "wind chime").plural and get(p, "wind chime").count is None),
    # --- counts
    ("count-digit", "3 lamps on a shelf", lambda p: get(p, "lamp").count == 3),
    ("count-word", "eleven candles on a cake", lambda p: get(p, "candle").count == 11),
    ("count-singular", "a vase on a windowsill", lambda p: get(p, "vase").count == 1),
    ("count-plural-none", "bookshelves and armchairs",
     lambda p: get(p, "bookshelf").count is None and get(p, "armchair").plural),
    ("count-one", "one stool beside the bar", lambda p: get(p, "stool").count == 1),
    # --- quantity words
    ("qty-pair", "a pair of speakers beside a turntable",
     lambda p: get(p, "speaker").count == 2 and "pair" not in names(p)),
    ("qty-dozen", "a dozen eggs in a basket", lambda p: get(p, "egg").count == 12),
    ("qty-few", "a few cushions on a bench",
     lambda p: get(p, "cushion").count == 3 and get(p, "cushion").approximate),
    ("qty-several", "several lanterns along the path", lambda p: get(p, "lantern").approximate),
    ("qty-rows", "a classroom with rows of desks",
     lambda p: get(p, "desk").arrangement == "rows" and get(p, "desk").plural and "row" not in names(p)),
    ("qty-lots", "a studio with lots of paintbrushes", lambda p: get(p, "paintbrush").count is None),
    ("qty-couple", "a couple of beanbags", lambda p: get(p, "beanbag").count == 2),
    ("qty-sets", "a dorm with three sets of lockers", lambda p: get(p, "locker").count == 3),
    # --- purposes
    ("purpose-count-whom", "an exam hall with desks for 4 students",
     lambda p: get(p, "desk").for_count == 4 and get(p, "desk").for_whom == "student"),
    ("purpose-number", "a patio with a table for eight", lambda p: get(p, "table").for_count == 8),
    ("material-on-compound", "a microbrewery with copper brewing kettles",
     lambda p: get(p, "brewing kettle").materials == ["copper"]),
    ("purpose-not-mention", "a kitchen with a high chair for the baby",
     lambda p: "baby" not in names(p) and get(p, "chair").for_whom == "baby"),
    ("purpose-place", "a bedroom for two sisters with bunk beds",
     lambda p: p.place.name == "bedroom" and p.place.for_count == 2 and p.place.for_whom == "sister"),
    # --- colours / materials / sizes / styles
    ("colour-1", "a blue rug and a yellow lamp",
     lambda p: get(p, "rug").colours == ["blue"] and get(p, "lamp").colours == ["yellow"]),
    ("colour-shade", "a dark green armchair", lambda p: get(p, "armchair").colours == ["dark green"]),
    ("colour-pair", "black and white tiles", lambda p: set(get(p, "tile").colours) == {"black", "white"}),
    ("material-1", "an office with a wooden desk and a glass shelf",
     lambda p: get(p, "desk").materials == ["wooden"] and get(p, "shelf").materials == ["glass"]),
    ("material-compound", "a marble fireplace and a brick wall",
     lambda p: get(p, "fireplace").materials == ["marble"] and get(p, "wall").materials == ["brick"]),
    ("material-leather", "a large leather recliner",
     lambda p: get(p, "recliner").materials == ["leather"] and get(p, "recliner").size_words == ["large"]),
    ("material-of", "a workshop with planks of wood and a pile of rope",
     lambda p: names(p) == ["plank", "rope"] and get(p, "plank").materials == ["wood"] and rejected(p, "wood")),
    ("size-1", "a tiny cactus and a huge mirror",
     lambda p: get(p, "cactus").size_words == ["tiny"] and get(p, "mirror").size_words == ["huge"]),
    ("style-1", "a cozy cabin with a rustic table",
     lambda p: "cozy" in p.place.style_words and "rustic" in get(p, "table").style_words),
    ("style-hyphen", "a jungle-themed nursery with a crib",
     lambda p: p.place.name == "nursery" and "jungle-themed" in p.place.style_words),
    ("style-victorian", "a victorian study with a writing desk", lambda p: "victorian" in p.place.style_words),
    # --- place
    ("place-with", "a bakery with a display case", lambda p: p.place.name == "bakery" and "bakery" not in names(p)),
    ("place-compound", "a cozy living room with a sofa", lambda p: p.place.name == "living room"),
    ("place-in", "a cat asleep in a greenhouse", lambda p: p.place.name == "greenhouse"),
    ("place-inside", "inside a garden shed with a lawnmower", lambda p: p.place.name == "garden shed"),
    ("place-colon", "small workshop: a workbench, a vice and a pegboard",
     lambda p: p.place.name == "workshop" and "workbench" in names(p)),
    ("place-request", "Generate a greenhouse with tomato plants", lambda p: p.place.name == "greenhouse"),
    ("place-appositive", "an ice cream parlour with a menu board",
     lambda p: p.place.name == "ice cream parlour" and names(p) == ["menu board"] and get(p, "menu board").count == 1),
    ("place-article-of-compound", "a boat dock at dawn with several kayaks",
     lambda p: p.place.name == "boat dock" and names(p) == ["kayak"]),
    ("participle-hanging", "a nursery with a rug and a mobile hanging above the crib",
     lambda p: names(p) == ["rug", "mobile", "crib"] and rel(p, "mobile", "above", "crib")),
    ("participle-doer", "a sushi bar with a counter and a chef slicing fish",
     lambda p: names(p) == ["counter", "chef", "fish"] and get(p, "chef").kind_hint == "agent"),
    ("place-none", "a teapot on a tray", lambda p: p.place is None and "teapot" in names(p)),
    ("place-end-of", "a grandfather clock at the end of a corridor", lambda p: p.place.name == "corridor"),
    # --- relations
    ("rel-on", "a kettle on a stove", lambda p: rel(p, "kettle", "on", "stove")),
    ("rel-under", "a cat under the table", lambda p: rel(p, "cat", "under", "table")),
    ("rel-next-to", "a lamp next to the bed", lambda p: rel(p, "lamp", "next_to", "bed")),
    ("rel-front", "a rug in front of the fireplace", lambda p: rel(p, "rug", "in_front_of", "fireplace")),
    ("rel-behind", "a screen behind the desk", lambda p: rel(p, "screen", "behind", "desk")),
    ("rel-around", "four stools around an island", lambda p: rel(p, "stool", "around", "island")),
    ("rel-above", "a mirror above the sink", lambda p: rel(p, "mirror", "above", "sink")),
    ("rel-between", "a nightstand between two beds", lambda p: rel(p, "nightstand", "between", "bed")),
    ("rel-wall", "a bookcase against the wall", lambda p: rel(p, "bookcase", "along_wall", "wall")),
    ("zone-ground", "a barn with chickens pecking at the ground", lambda p: names(p) == ["chicken"]),
    ("rel-corner", "a plant in the corner", lambda p: rel(p, "plant", "in_corner", "corner")),
    ("rel-window", "an armchair by the window", lambda p: rel(p, "armchair", "by_window", "window")),
    ("rel-facing", "two armchairs facing a television", lambda p: rel(p, "armchair", "facing", "television")),
    ("rel-rows", "chairs in rows", lambda p: rel(p, "chair", "in_rows", "centre")),
    ("rel-inside", "a pet shop with a hamster in a cage", lambda p: rel(p, "hamster", "held_in", "cage")),
    ("rel-pronoun", "a study with a desk and a lamp on it", lambda p: rel(p, "lamp", "on", "desk")),
    ("rel-middle", "an office with a meeting table in the middle",
     lambda p: rel(p, "meeting table", "inside", "centre")),
    # --- negation
    ("neg-no", "a lounge with a sofa and no chairs",
     lambda p: "chair" not in names(p) and [m.name for m in p.negated] == ["chair"]),
    ("neg-without", "a bedroom without a tv", lambda p: [m.name for m in p.negated] == ["tv"]),
    ("neg-empty", "an empty warehouse", lambda p: p.place_empty and p.mentions == []),
    ("neg-missing", "a bike missing its front wheel", lambda p: [m.name for m in p.negated] == ["wheel"]),
    # --- named entities
    ("ne-gpe", "a cafe in Paris with a piano",
     lambda p: "Paris" not in names(p) and rejected(p, "paris")),
    ("ne-work", "a bedroom with a Star Wars poster",
     lambda p: get(p, "poster").name == "poster" and rejected(p, "star") and rejected(p, "wars")),
    ("ne-titled-work", "a den with a TV showing the Breaking Bad finale and a shelf of Mad Men DVDs",
     lambda p: names(p) == ["tv", "shelf", "dvd"] and rejected(p, "finale")),
    ("ne-titled-works", "a bedroom with posters of the Star Wars films", lambda p: names(p) == ["poster"]),
    ("idiom-object", "a dorm room where a student is hitting the books at a desk with a lamp",
     lambda p: names(p) == ["student", "desk", "lamp"] and rejected(p, "books")),
    ("idiom-none", "a boy reading a book on a sofa", lambda p: names(p) == ["boy", "book", "sofa"]),
    ("ne-person", "a portrait of Napoleon above a fireplace", lambda p: "Napoleon" not in names(p)),
    # --- people
    ("person-list", "a bakery with a baker and two customers",
     lambda p: get(p, "baker") and get(p, "customer").count == 2),  # people by meaning: test_ground.py
    ("person-customer", "three customers at the counter", lambda p: get(p, "customer").count == 3),
    ("person-wizard", "a wizard with a staff",  # place or thing: grounding decides (a wizard is no place)
     lambda p: get(p, "staff") and ("wizard" in names(p) or p.place.name == "wizard")),
    ("person-girl", "a girl reading on a beanbag", lambda p: get(p, "girl").kind_hint == "person"),
    ("person-man-suffix", "a fireman beside a truck", lambda p: get(p, "fireman").kind_hint == "person"),
    ("person-norp", "two Vikings by a longship", lambda p: get(p, "viking").kind_hint == "person"),
    ("agent-dep", "a robot sweeping the floor", lambda p: get(p, "robot").kind_hint == "agent"),
    ("not-person", "a table with a lamp", lambda p: get(p, "lamp").kind_hint is None),
    # --- verbs / pose
    ("verb-participle", "a dog sleeping on a rug", lambda p: "sleeping" in get(p, "dog").verbs),
    ("verb-prenominal", "a spinning fan on a desk", lambda p: "spinning" in get(p, "fan").verbs),
    ("verb-orbit", "moons orbiting a planet", lambda p: "orbiting" in get(p, "moon").verbs),
    ("verb-sitting", "a student sitting at a desk", lambda p: "sitting" in get(p, "student").verbs),
    # --- dimensions
    ("dim-mx", "a 5m x 4m studio with a bed", lambda p: p.dimensions == (5.0, 4.0)),
    ("dim-by", "a garage 6 by 4 metres with a car", lambda p: p.dimensions == (6.0, 4.0)),
    ("dim-decimal", "bathroom, 2.5 x 3 m, with a bath", lambda p: p.dimensions == (2.5, 3.0)),
    ("dim-feet", "a 10 x 20 ft shed", lambda p: p.dimensions == pytest.approx((3.048, 6.096))),
    ("dim-none", "a shed with 2 shovels", lambda p: p.dimensions is None),
    ("dim-not-mention", "a 12m x 10m hall with a stage", lambda p: "m" not in names(p) and get(p, "stage")),
    # --- non-things
    ("abstract-purpose", "a room for meetings with a whiteboard",
     lambda p: "meeting" not in names(p) and rejected(p, "meetings")),
    ("abstract-nominalisation", "a lab with specifications on the wall", lambda p: "specification" not in names(p)),
    ("time-expression", "a porch at sunset with a swing", lambda p: "sunset" not in names(p) and get(p, "swing")),
    ("time-entity", "a kitchen on a Sunday morning with a toaster", lambda p: "morning" not in names(p)),
    ("adverb", "a ceiling fan spinning slowly", lambda p: rejected(p, "slowly") == ["adverb"]),
    ("function-word", "can you make a room with everything in it", lambda p: "everything" not in names(p)),
    ("shorthand", "a garage w/ a workbench", lambda p: p.place.name == "garage" and get(p, "workbench")),
    ("char-span", "a red kite",
     lambda p: p.text[slice(*get(p, "kite").char_span)] == "a red kite"),
    # --- light, weather and motion are the scene's, not objects (WordNet: an event or phenomenon named first)
    ("happening-light", "a study with a globe and soft evening light on the carpet",
     lambda p: "evening light" not in names(p) and get(p, "globe") and rejected(p, "light")),
    ("happening-wave", "a beach with a jetty over the ripples and a lightning flash overhead",
     # a lightning flash is a kind (kinds.toml lightning_bolt), kept as "string lights" is; ripples are the sea's
     lambda p: "ripple" not in names(p) and get(p, "lightning flash") and get(p, "jetty")),
    ("happening-kind-wave", "a beach with a jetty over the waves",  # a breaking wave is a kind (kinds.toml wave)
     lambda p: get(p, "wave") and get(p, "jetty")),
    ("happening-kind-kept", "a porch with string lights and a fire pit", lambda p: get(p, "string light")),
    ("happening-second-name", "a toolbox of nuts and bolts", lambda p: get(p, "bolt")),
    # --- the person a place belongs to is not in it
    ("owner-possessive", "my nephew's playroom with a toy box", lambda p: "nephew" not in names(p)
     and rejected(p, "nephew")[0].startswith("owner") and get(p, "toy box")),
    ("owner-of", "the attic of a collector with old trunks", lambda p: "collector" not in names(p)),
    ("owner-name-possessor", "a cabin with the captain's chair", lambda p: get(p, "captain's chair")),
    ("purpose-pronoun", "something for my grandson, he likes planes", lambda p: "grandson" not in names(p)),
    # --- a compound the kinds or WordNet hold stays whole whatever the tagger made of its first word
    ("known-compound-participle", "a lobby with a drinking fountain and a revolving door",
     lambda p: get(p, "drinking fountain") and "fountain" not in names(p)),
    ("known-compound-adjective", "a spa with a hot tub", lambda p: get(p, "hot tub")),  # WordNet's hot_tub
    ("known-compound-material-stays", "a patio with paper lanterns", lambda p: get(p, "lantern")),
    ("known-compound-mistagged-head", "home gym in a garage: squat rack, a rowing machine and a bench",
     lambda p: get(p, "squat rack") and "squat" not in names(p)),
    # --- a word with apostrophes inside joins the hyphenated word it ends
    ("hyphen-apostrophe", "a bog with a will-o'-the-wisp over the reeds",
     lambda p: get(p, "will-o'-the-wisp") and "will" not in names(p)),
    # --- a pronoun tag on a word with an article is the tagger not knowing a noun
    ("pronoun-tagged-noun", "the nook under the stairs with cushions, a small bookshelf and a lamp",
     lambda p: get(p, "bookshelf")),
    # --- a known kind after 'in'/'at' is a thing, not a second setting
    ("setting-plural-things", "a treehouse village in giant trees with rope ladders", lambda p: get(p, "tree")),
]


@pytest.mark.parametrize("case_id,text,check", CASES, ids=[c[0] for c in CASES])
def test_parse(case_id, text, check):
    parsed = parse_prompt(text)
    assert check(parsed), (text, names(parsed), parsed.place, parsed.relations, parsed.rejected)


KNOWN_LIMITS = [
    # "X in a Y" with no other setting: Y is taken as the place (a bowl here).
    ("container-as-place", "a goldfish in a bowl", lambda p: rel(p, "goldfish", "inside", "bowl")),
    # "X with Y" reads as place-with-contents even when Y is a part of X.
    ("object-with-part", "a wooden desk with a glass top", lambda p: get(p, "desk").materials == ["wooden"]),
]


@pytest.mark.xfail(strict=True, reason="documented limitation (see REPORT.md)")
@pytest.mark.parametrize("case_id,text,check", KNOWN_LIMITS, ids=[c[0] for c in KNOWN_LIMITS])
def test_known_limits(case_id, text, check):
    assert check(parse_prompt(text))


def test_no_crash_on_odd_input():
    for text in ["", "   ", "!!!", "chairs", "12 x 12", "the"]:
        parse_prompt(text)


def _tagged(words, tags, deps, heads):
    """A doc with the tags and arcs the small tagger sometimes gives, to test the rules that mend them."""
    from spacy.tokens import Doc

    from tools.plan.sentence import nlp
    pos = ["NUM" if t == "CD" else "ADJ" if t == "JJ" else "DET" if t == "DT" else "ADP" if t == "IN" else "NOUN"
           for t in tags]
    return Doc(nlp().vocab, words=words, tags=tags, pos=pos, deps=deps, heads=heads)


def test_a_counted_plural_tagged_a_compound_heads_its_own_phrase():
    from tools.plan.sentence import counted_plural
    doc = _tagged(["three", "green", "sofas", "side"], ["CD", "JJ", "NNS", "NN"],
                  ["nummod", "amod", "compound", "ROOT"], [2, 2, 3, 3])
    assert counted_plural(doc[2]) and not counted_plural(doc[3])


def test_a_described_plural_tagged_an_adverbial_names_things():
    from tools.plan.sentence import is_described
    doc = _tagged(["need", "velvet", "chairs", "ago"], ["VB", "JJ", "NNS", "NNS"],
                  ["ROOT", "amod", "npadvmod", "npadvmod"], [0, 2, 0, 0])
    assert is_described(doc[2]) and not is_described(doc[3])


def test_a_noun_that_is_only_an_idea_to_wordnet_is_no_thing():
    """WordNet files every sense of "flavour" and "mood" under ideas; a board of them is a board. A unicorn (an
    imaginary being), a logo (a sign) and scales (one sense an instrument) stay things."""
    p = parse_prompt("a juice bar with a chalk board of flavours, a relaxed mood, a neon logo and a unicorn")
    assert {"chalk board", "neon logo", "unicorn"} <= set(names(p)), names(p)
    assert not {"flavour", "mood"} & set(names(p))
    assert "scale" in names(parse_prompt("a vet clinic with a pet scale by the door")) or "pet scale" in names(
        parse_prompt("a vet clinic with a pet scale by the door"))


def test_a_number_and_its_unit_is_a_measure_not_a_thing():
    """'2 m', '3 metre' and a sentence-final '3m.' are measures: no thing called 'm' or 'metre', and no style word
    on the thing they measure; the tagger's pronoun for an unfamiliar noun in such a phrase is still a noun."""
    p = parse_prompt("a study with a 2 m tall bookshelf, a 3 metre long table and a rug 2m wide. The ceiling is 3m.")
    assert {"bookshelf", "table", "rug"} <= set(names(p)), names(p)
    assert not {"m", "m.", "metre"} & set(names(p)), names(p)
    assert get(p, "table").style_words == []
    assert "measure (a number and its unit)" in rejected(p, "metre")


def test_counted_room_parts_after_a_spatial_preposition_are_places_not_things():
    """'along two walls', 'down both sides': the room's own walls and sides, not two new walls."""
    p = parse_prompt("a dance studio with mirrors along two sides, shelves along two walls and a piano")
    assert {"mirror", "shelf", "piano"} <= set(names(p)), names(p)
    assert not {"side", "wall"} & set(names(p)), names(p)


def test_a_noun_whose_singular_article_a_later_plural_cannot_take_heads_its_own_phrase():
    """"a X and Y-plurals": the tagger may hang X on the plural as its modifier; "a" is X's, so X is a thing
    (its own modifiers with it), while "salt and pepper shakers" share their phrase."""
    p = parse_prompt("a den with a candy machine and soft cushions")
    assert "candy machine" in names(p) and "cushion" in names(p), names(p)
    assert "machine" not in get(p, "cushion").style_words
    shared = parse_prompt("a kitchen with salt and pepper shakers")
    assert "salt" not in names(shared), names(shared)


def test_a_bare_opening_noun_phrase_the_tagger_misreads_is_parsed_with_an_article():
    """"boho bedroom with ...": without an article the tagger reads "bedroom" as a verb and "boho" as the
    thing; parsed again as "a boho bedroom", the bedroom is the setting and boho its style."""
    from tools.plan.sentence import is_headline_misread
    from tools.plan.sentence_lex import nlp

    assert is_headline_misread(nlp()("boho bedroom with a macrame wall hanging and a low mattress"))
    p = parse_prompt("boho bedroom with a macrame wall hanging and a low mattress")
    assert p.place is not None and p.place.head == "bedroom", p.place
    assert "boho" not in names(p), names(p)
    assert get(p, "mattress").text == "a low mattress"  # spans are the prompt's own, not the article's
    assert not is_headline_misread(nlp()("hair salon with three chairs"))


def test_an_adjective_with_its_own_article_in_a_nouns_slot_is_a_noun():
    """The tagger calls unfamiliar nouns adjectives ("a bard", "a lute", "a cooler"); with an article and in a
    noun's slot they are things, and their lemma is the noun's ("cooler", not "cool"). A size word stays one."""
    p = parse_prompt("a beach hut with a bard playing a lute and a cooler")
    assert {"bard", "lute", "cooler"} <= set(names(p)), names(p)
    assert "small" not in names(parse_prompt("a garden with a big old oak and a small"))


def test_a_participle_is_part_of_the_name_when_the_head_alone_names_no_thing():
    """WordNet knows no thing called "unit": "a cooling unit" is the thing."""
    assert "cooling unit" in names(parse_prompt("a plant room with a boiler and a cooling unit"))


def test_a_made_or_filled_thing_is_an_object_whatever_its_commonest_sense():
    """A case is first an occurrence to WordNet; glass cases of shells are cases."""
    p = parse_prompt("a shell museum with glass cases of shells and a bench")
    assert "case" in names(p) and "shell" in names(p), names(p)


def test_a_verb_that_ends_a_kinds_plural_name_is_its_head_noun():
    """"music stands" read as "music" and the verb "stands": the kind's name, plural, is one thing."""
    assert "music stand" in names(parse_prompt("an orchestra pit with music stands, chairs and a harp"))


def test_a_stop_word_or_a_mistagged_word_with_its_own_article_is_a_noun():
    """"a well" (a stop word to spaCy), "a trash can" (its head tagged a modal), "three cacti" (an adverb):
    each is a thing; "a few" and "a lot of" stay amounts, and a participle with an article stays a verb."""
    assert "well" in names(parse_prompt("a farmyard with a well in the middle and a cart"))
    p = parse_prompt("a dry valley with three cacti, a bench and a trash can by the road")
    assert {"cactus", "trash can"} <= set(names(p)), names(p)
    q = parse_prompt("a den with a few chairs and a lot of books")
    assert not {"few", "lot"} & set(names(q)), names(q)
    assert "sailboat" in names(parse_prompt("a calm sea, a sailboat drifting and seagulls gliding"))


def test_a_plural_in_ies_keeps_its_own_singular():
    """spaCy's lemma of "cookies" is "cooky", which WordNet also holds as a ship's cook: the "-ie" noun wins."""
    assert "cookie" in names(parse_prompt("a bakery with a jar of cookies and two zombies"))


_TOKENS_SCRIPT = """
import importlib.util, json, sys
if sys.argv[1] == "torch first" and importlib.util.find_spec("torch"):
    import torch
from tools.plan.sentence_lex import nlp
doc = nlp()("A tall lamp stands beside two old armchairs facing the fireplace; 4 m by 5 m.")
loaded = "torch" in sys.modules
if importlib.util.find_spec("torch"):  # the embedding model still finds torch afterwards
    import torch
    assert float(torch.ones(2).sum()) == 2.0
print(json.dumps({"torch": loaded, "tokens": [(t.text, t.tag_, t.pos_, t.dep_, t.head.i, t.lemma_) for t in doc]}))
"""


@pytest.mark.slow
def test_spacy_loads_without_torch_and_parses_as_it_does_with_it():
    import json
    import subprocess
    import sys
    from pathlib import Path

    def run(order: str) -> dict:
        done = subprocess.run([sys.executable, "-c", _TOKENS_SCRIPT, order], capture_output=True, text=True,
                              check=True, cwd=Path(__file__).resolve().parents[1])
        return json.loads(done.stdout)

    alone, after_torch = run("spacy alone"), run("torch first")
    assert not alone["torch"]
    assert alone["tokens"] == after_torch["tokens"]


def test_an_of_phrase_is_recorded_on_the_holder_and_its_contents():
    """"a rack of dumbbells": both nouns carry the whole phrase, which a kind may be called by."""
    p = parse_prompt("a gym with a rack of heavy dumbbells and shelves of towels")
    assert "rack of dumbbells" in get(p, "rack").of_names and get(p, "dumbbell").of_names == get(p, "rack").of_names
    assert "shelves of towels" in get(p, "shelf").of_names and "shelf of towels" in get(p, "shelf").of_names
    assert get(p, "gym").of_names == [] if "gym" in names(p) else p.place.of_names == []


def test_a_bare_noun_hung_on_the_noun_after_it_is_a_compound_word():
    """"a farmers market": the tagger makes "farmers" the market's subject (with the market's article), and
    "horse" an adverbial of "stable": both are the first words of one name, never things of their own."""
    p = parse_prompt("a farmers market with fruit stalls and crates")
    assert p.place is not None and p.place.name == "farmers market" and "farmer" not in names(p), names(p)
    q = parse_prompt("a horse stable yard with a water trough")
    assert q.place is not None and q.place.name == "horse stable yard", q.place
    assert "year" not in names(parse_prompt("a garden shed built years ago with a lawnmower"))


def test_a_noun_with_an_article_or_a_plural_is_counted():
    p = parse_prompt("a tavern with a lute, two glasses, mugs and sand on the floor")
    assert get(p, "lute").counted and get(p, "glass").counted and get(p, "mug").counted
    assert not get(p, "sand").counted


def test_a_list_item_tagged_a_verb_or_an_adjective_is_a_noun():
    """"and seaweed" (no English verb), "a slide and swings" (a verb conjoined to a noun, with no subject or object),
    "a lute, two glasses" (an adjective of the next item across a comma, its article with it)."""
    assert "seaweed" in names(parse_prompt("rock pools with starfish, crabs, sea anemones and seaweed"))
    assert "swing" in names(parse_prompt("a park with a bench and swings"))
    assert "lute" in names(parse_prompt("a tavern with a lute, two glasses and a barrel"))
    assert "run" not in names(parse_prompt("a dog that barks and runs"))


def test_a_participle_tagged_a_noun_is_no_part_of_the_name():
    """"an open steaming kitchen": "steaming" is only a verb's participle, so the kitchen is the place's kitchen."""
    p = parse_prompt("a noodle bar with an open steaming kitchen and paper lanterns")
    assert "kitchen" in names(p) and "steaming kitchen" not in names(p), names(p)
    assert "washing machine" in names(parse_prompt("a laundry with a washing machine"))


def test_a_number_the_tagger_made_a_subject_counts_its_noun():
    """"A community garden roughly 15 by 10 metres: six raised beds ...": "six" hung as the beds' subject counted
    nothing and made the beds the setting."""
    p = parse_prompt("A community garden roughly 15 by 10 metres: six raised beds in two rows and a shed")
    assert p.place is not None and p.place.name == "community garden", p.place
    assert get(p, "raised bed").count == 6, names(p)


def test_a_noun_tagged_an_adjective_before_and_a_plural_owns_its_article():
    """"a grill and lounge chairs": "grill" tagged an adjective of the chairs, whose "a" it is."""
    p = parse_prompt("a rooftop terrace with string lights, a grill and lounge chairs")
    assert "grill" in names(p) and get(p, "grill").count == 1, names(p)
    assert "lounge chair" in names(p), names(p)


def test_a_mass_a_container_holds_or_things_stand_in_is_no_thing_of_its_own():
    """"a cup of coffee": the cup shows the coffee (WordNet files a cup under containers); "stuck in the sand":
    the sand is the ground. A counted or kind-named noun stays a thing, and so does a mass no container holds."""
    p = parse_prompt("a desk with a cup of coffee, barrels of rum and a surfboard stuck in the sand")
    assert {"cup", "barrel", "surfboard"} <= set(names(p)) and not {"coffee", "rum", "sand"} & set(names(p)), names(p)
    assert rejected(p, "coffee") == ["contents (a mass its container shows)"], p.rejected
    assert rejected(p, "sand") == ["the ground (a substance things stand in)"], p.rejected
    assert "apple" in names(parse_prompt("a crate of apples by a field of wheat"))
    assert "wheat" in names(parse_prompt("a crate of apples by a field of wheat"))


def test_a_group_word_a_kind_is_named_by_holds_things_as_that_kind():
    """WordNet's commonest "table" is an array of data, a group: "a table of laptops" is a table a kind shows,
    while "a pile of crates" and "a queue of people" stay amounts of their members."""
    assert {"table", "laptop"} <= set(names(parse_prompt("an electronics store with a table of laptops")))
    assert "queue" not in names(parse_prompt("a post office with a counter and a queue of people"))


def test_an_adjective_conjoined_to_a_noun_before_a_noun_stays_its_adjective():
    """"a popcorn cart and acoustic panels": "acoustic" (tagged a conjunct of the cart) describes the panels."""
    p = parse_prompt("a home theater with a popcorn cart and acoustic panels on the walls")
    assert "acoustic" not in names(p), names(p)


def test_a_misspelt_name_of_a_kind_or_place_is_read_put_right():
    """"a bedrom with a wardorbe and a lampp": a word no dictionary knows, one likely slip from one kind's or place's
    name, is that name; a real word, a word of a kind's longer name ("ferris") or a verb's form stays as written."""
    p = parse_prompt("a bedrom with a wardorbe, a lampp and a chiar")
    assert p.place is not None and p.place.name == "bedroom", p.place
    assert {"wardrobe", "lamp", "chair"} <= set(names(p)), names(p)
    assert "ferris wheel" in names(parse_prompt("a fair with a ferris wheel and ducks bobbing in a tub"))
    assert "coach" in names(parse_prompt("a lounge with a coach and a rug"))  # a real word is no misspelling


def test_a_plural_only_noun_keeps_its_plural_and_a_pair_of_it_is_one():
    """"a pair of pliers" is one tool called by a plural (WordNet: "pliers, pair of pliers"); "two wine glasses"
    are two glasses, while "a pair of glasses" is one pair of spectacles."""
    p = parse_prompt("a workbench with a pair of pliers, some tweezers and a pair of boots")
    assert get(p, "pliers").count == 1 and get(p, "boot").count == 2, [(m.name, m.count) for m in p.mentions]
    assert get(parse_prompt("a desk with a pair of glasses"), "glasses").count == 1
    assert get(parse_prompt("a table with two wine glasses"), "wine glass").count == 2
    assert "trousers" in names(parse_prompt("a chair with trousers on it"))


def test_a_word_tagged_a_verb_or_adverb_english_has_no_such_word_for_is_a_noun():
    """The tagger made "binoculars" a verb and "cacti" an adverb; WordNet has neither as such, only as nouns."""
    assert "binoculars" in names(parse_prompt("a porch with a chair, binoculars on a shelf and a rug"))
    p = parse_prompt("half a dozen potted cacti on a shelf")
    assert "cactus" in names(p) and not rejected(p, "cacti"), (names(p), p.rejected)


def test_a_colour_word_after_in_is_the_colour_a_thing_comes_in():
    """"cushions in ochre ... in mustard": a bare colour word after "in" on a thing is its colour, not a thing;
    "a jar of mustard" keeps its contents' word a word of things."""
    p = parse_prompt("an armchair in teal with two cushions in mustard")
    assert names(p) == ["cushion"] and get(p, "cushion").colours == ["mustard"], (names(p), p.rejected)
    assert rejected(p, "mustard") == ["colour (what the thing is in)"], p.rejected


def test_a_list_items_multiplier_counts_it():
    """A shopping-list "x2" after an item is its count; a room's size keeps its "x"."""
    p = parse_prompt("sofa, armchair x2, rug")
    assert get(p, "armchair").count == 2 and get(p, "rug").count == 1, [(m.name, m.count) for m in p.mentions]
    assert get(parse_prompt("a 5m x 4m den with a stool x 3"), "stool").count == 3


def test_a_wall_or_an_arrangement_named_by_what_makes_it_is_made_of_them():
    """"an acoustic panel wall", "a hay bale stack": several of the thing, as "a wall of", "a stack of" say; a
    wall's material, a wide thing that is the one thing on its wall, a whole that is a thing of its own, a ring
    around a thing, and a word no kind is stay as written."""
    p = parse_prompt("a recording studio with a microphone and an acoustic panel wall")
    assert get(p, "acoustic panel").count is None or get(p, "acoustic panel").count > 1, names(p)
    assert "panel wall" not in names(p), names(p)
    assert "bookshelf" in names(parse_prompt("a den with a bookshelf wall and a sofa"))
    assert respell("a farmyard with a hay bale stack") == "a farmyard with a stack of hay bales"
    assert respell("a fence post row") == "a row of fence posts"
    for kept in ("a kitchen with a brick wall", "a lounge with a fireplace wall", "an office with a curtain wall",
                 "a bedroom with a feature wall", "a castle wall with torches", "a fire pit ring",
                 "a factory with an assembly line"):
        assert respell(kept) == kept


def test_a_list_item_the_tagger_made_a_verb_is_a_thing():
    """After a comma or "and" that follows a noun, with no object of its own, a word the tagger made a verb is the
    list's next thing ("..., skates on a rack", "... and bunting overhead"); a participle after its noun is not."""
    assert "skate" in names(parse_prompt("an ice rink with a clock, skates on a bench and a kiosk"))
    assert "bunting" in names(parse_prompt("a village fete with a cake stall, a tombola and bunting overhead"))
    assert "drifting" not in names(parse_prompt("a calm lake, a rowing boat drifting and ducks"))


def test_a_kinds_name_the_tagger_misread_stays_a_thing():
    """"two parking meters" is no length; "a wishing well" (well an adverbial), "a school of clownfish" (clownfish
    an adjective, unknown to WordNet but a fish by its ending) and "a stable with ..." (an adjective with an
    article of its own, heading the sentence) name things and places."""
    p = parse_prompt("a kerb with two parking meters and a 3 m tall lamp post")
    assert get(p, "parking meter").count == 2, names(p)
    assert "wishing well" in names(parse_prompt("a glade with a unicorn and a wishing well"))
    p = parse_prompt("a lagoon with a turtle and a school of clownfish")
    assert "clownfish" in names(p) and "school" not in names(p), names(p)
    p = parse_prompt("a stable with two horses and a hay net")
    assert p.place is not None and p.place.name == "stable", p.place


def test_a_kinds_name_tagged_an_adjective_ending_a_phrase_after_a_noun_is_its_head():
    """"a combination safe": English puts no adjective after its noun there; the kind's name is the head."""
    assert "combination safe" in names(parse_prompt("a vault with a desk and a combination safe"))


def test_an_ambiguous_plural_is_the_singular_a_kind_is_named_by_or_the_word_as_written():
    """"axes" are axes (WordNet's "ax", "axe"), not the tagger's "axis"; "a trellis" is WordNet's noun as written,
    not the tagger's "trelli"."""
    p = parse_prompt("a log store with three axes and a saw")
    assert "axis" not in names(p) and ({"ax", "axe"} & set(names(p))), names(p)
    assert "trellis" in names(parse_prompt("a rose garden with a bench and a trellis"))


def test_a_kinds_name_the_entity_tagger_read_as_a_time_is_a_thing():
    assert "nightlight" in names(parse_prompt("crib, rocking chair, nightlight"))


def test_a_verb_taking_an_object_is_what_someone_does_and_its_object_may_be_the_setting():
    p = parse_prompt("I'm planning a play and want to picture the captain's cabin: a hammock, a sea chest and a lamp")
    assert rejected(p, "picture")[0].startswith("verb taking an object"), p.rejected
    assert p.place is not None and p.place.head == "cabin", p.place


def test_a_word_english_has_no_verb_for_with_its_own_article_is_a_noun():
    assert "waterbed" in names(parse_prompt("a motel room with a lamp, a minibar and a waterbed"))


def test_a_heading_that_frames_a_place_is_no_thing_and_the_place_is_the_setting():
    """"movie set: a farmhouse kitchen with ...", "a period film set of a saloon with ...", "set dressing for an
    office: ...": the heading says what the scene is for; the place it frames is where the things are."""
    p = parse_prompt("movie set: a farmhouse kitchen with a butter churn and a dresser")
    assert p.place is not None and p.place.head == "kitchen", p.place
    assert rejected(p, "set")[0].startswith("framing"), p.rejected
    p = parse_prompt("a period film set of a saloon with a long bar, spittoons and a piano")
    assert p.place is not None and p.place.head == "saloon" and "film set" not in names(p), (p.place, names(p))
    p = parse_prompt("set dressing for a 1950s newspaper office: a typewriter, a desk and a water cooler")
    assert p.place is not None and p.place.head == "office", p.place


def test_a_body_part_is_shown_by_its_owner():
    """"a patient's arm": the patient is the thing in the scene, not a part of their body nor an owner elsewhere."""
    p = parse_prompt("a nurse bandaging a patient's arm beside a hospital bed")
    assert "patient" in names(p) and not any("arm" in n for n in names(p)), names(p)
    assert "captain's chair" in names(parse_prompt("a bridge with the captain's chair and a radar screen"))


def test_a_kinds_name_retagged_a_noun_takes_its_modifiers_place_in_the_sentence():
    """"a horse stable with ...": the tagger made "stable" an adjective of "horse"; retagged the head of "horse
    stable", it takes horse's place (the root) instead of the two heading each other, which left no root and no
    thing read at all."""
    p = parse_prompt("a horse stable with saddles on racks, hay nets and a wheelbarrow")
    assert p.place is not None and p.place.head == "stable", p.place
    assert {"saddle", "wheelbarrow"} <= set(names(p)), names(p)


def test_an_ing_word_ending_a_kinds_name_is_no_verb():
    """"pallet racking": WordNet has no noun "racking", but a kind is called by the whole name."""
    assert "pallet racking" in names(parse_prompt("a depot with pallet racking and a forklift"))


def test_the_last_word_of_a_street_name_is_no_counted_thing():
    """"at 12 Harbour Road": the tagger counts "Road" by its house number (twelve roads); a capitalised proper noun led
    by another ends a name; counted things are plural ("two Shetland Ponies")."""
    p = parse_prompt("a detective's office at 12 Harbour Road with a desk and a hat stand")
    assert "road" not in names(p) and {"desk", "hat stand"} <= set(names(p)), names(p)
    assert "pony" in names(parse_prompt("a stable with two Shetland Ponies and a haystack"))


def test_a_list_item_the_tagger_hung_on_the_next_across_and_is_a_thing():
    """"a cello leaning on a chair and sheet music stands": the tagger made the chair a modifier of "music", which
    left the article "a" on it; the chair is a thing of its own, the cello on it."""
    p = parse_prompt("a practice room with a cello leaning on a chair and sheet music stands")
    assert "chair" in names(p), (names(p), p.rejected)
    cello, chair = names(p).index("cello"), names(p).index("chair")
    assert any(r.subject == cello and r.relation == "on" and r.target == chair for r in p.relations), p.relations


def test_an_idea_of_a_thing_is_no_thing_but_a_rare_physical_sense_without_of_is():
    """A view is what one sees of a thing (its commonest senses are ideas): the valley may be a thing, the view is
    not. Peaks, whose commonest senses are ideas too but one rarer sense a mountain top, stay things without "of"."""
    p = parse_prompt("a ski hut with a wooden bench, snow on the peaks and a view of the valley")
    assert "view" not in names(p) and rejected(p, "view"), names(p)
    assert {"bench", "peak"} <= set(names(p)), names(p)


def test_an_adjective_tagged_as_a_noun_before_a_noun_is_no_thing():
    """WordNet holds "medieval" only as an adjective: the tagger heads a phrase with it ("a medieval | blacksmith
    forge"), but it describes the forge, which is the place."""
    p = parse_prompt("a medieval blacksmith forge with tongs, a bellows and a barrel")
    assert "medieval" not in names(p) and p.place is not None and p.place.name == "medieval blacksmith forge", names(p)
    assert {"tongs", "barrel"} <= set(names(p)), names(p)


def test_a_compound_wordnet_holds_as_one_noun_is_judged_whole():
    """A stop alone is an event, but WordNet holds "bus stop" as one noun, a place one can show: it is a thing.
    Ripples stay the water's motion."""
    p = parse_prompt("a quiet road with a bus stop, a bench and ripples on the lake")
    assert {"bus stop", "bench"} <= set(names(p)), names(p)
    assert "ripple" not in names(p) and rejected(p, "ripples"), names(p)


def test_a_subjectless_root_verb_in_the_third_person_is_a_plural_noun():
    # the tagger reads a prompt's first plural as a verb ("seagulls [it] over a harbour"); a finite verb needs a subject
    assert "seagull" in names(parse_prompt("seagulls over a harbour"))
    assert "bark" not in names(parse_prompt("a dog barks at a cat in a garden"))


@pytest.mark.parametrize("prompt, things", [
    ("a render of a red car in a garage", {"car"}),
    ("an image of a cat on a sofa", {"cat", "sofa"}),
    ("a 3d model of a castle on a hill", {"castle", "hill"}),
    ("a low-poly scene of a lighthouse on a cliff", {"lighthouse", "cliff"}),
    ("a scene where three robots play chess in a park", {"robot", "chess"}),
    ("a low-poly scene with a red car and a tree", {"car", "tree"}),
])
def test_what_the_prompt_calls_its_output_is_no_thing(prompt, things):
    """"a render of", "a 3D model of": the words name the output, not something in it."""
    p = parse_prompt(prompt)
    assert set(names(p)) == things, names(p)


def test_a_frame_word_that_is_a_kind_or_not_the_heading_stays_a_thing():
    """A picture may be the thing asked for; "a room with a view" frames nothing."""
    assert "picture" in names(parse_prompt("a picture of a lighthouse above a fireplace"))
    assert "model" in names(parse_prompt("a desk with a model of a ship and a lamp"))
    assert parse_prompt("a scene where three robots play chess in a park").place.name == "park"


def test_a_heading_thing_set_on_a_ground_is_one_of_the_things():
    """"a yoga mat on the lawn with ...": a kind is called by the heading and it lies on something, so it is a thing
    placed, not the setting; "a tiny house on wheels" (no article: a feature, not a ground) stays the setting."""
    p = parse_prompt("a yoga mat on the lawn with a water bottle and a rolled towel")
    assert "yoga mat" in names(p) and (p.place is None or p.place.head != "mat"), (p.place, names(p))


def test_a_place_type_things_stand_on_is_the_setting_when_none_heads_the_prompt():
    """"a canoe pulled up on a sandy beach": the beach, a place by name, is where the things are."""
    p = parse_prompt("a canoe pulled up on a sandy beach with a paddle and a cool box")
    assert p.place is not None and p.place.head == "beach" and "sandy beach" not in names(p), (p.place, names(p))


def test_a_list_after_with_that_the_tagger_hung_on_the_heading_still_lets_it_head_the_scene():
    """"the captain's cabin of a pirate ship with a map table, a compass and a sea chest": the tagger hangs the later
    items on "cabin", but they are the with-phrase's list, so the cabin is the setting (the ship around it)."""
    p = parse_prompt("the captain's cabin of a pirate ship with a map table, a compass and a sea chest")
    assert p.place is not None and p.place.head == "cabin", (p.place, names(p))


def test_a_word_for_light_itself_is_the_light_not_a_thing():
    """"a soft glow from a lantern": light the look or the lantern draws ("a searchlight" is a lamp, a thing)."""
    p = parse_prompt("a porch with a soft glow from a lantern and a wicker swing")
    assert "glow" not in names(p) and rejected(p, "glow")[0].startswith("light, weather or motion"), p.rejected
    assert "searchlight" in names(parse_prompt("a searchlight on a prison wall"))


def test_a_work_a_verb_does_or_shows_is_no_thing():
    """"a television playing a cartoon", "a boy casting a line": the screen and the boy show it."""
    p = parse_prompt("a small television playing a cartoon in a den")
    assert "cartoon" not in names(p) and rejected(p, "cartoon")[0].startswith("a work"), p.rejected
    assert "line" not in names(parse_prompt("a boy casting a line from a jetty"))


def test_the_shape_of_air_or_light_is_no_thing():
    """"wisps of mist", "shafts of sunlight": the shape the look draws the air or the light in."""
    p = parse_prompt("a moor with wisps of mist, heather and a stone wall")
    assert "wisp" not in names(p) and rejected(p, "wisps")[0].startswith("a form of"), (names(p), p.rejected)


def test_the_shape_of_light_a_kind_is_called_by_is_a_thing():
    """"a shaft of light" is the whole name of a kind (a light beam), which the planner makes: the parse keeps it, so
    the judge does not call that object junk."""
    p = parse_prompt("a cave with a shaft of light from above and an underground lake")
    shaft = next(m for m in p.mentions if m.head == "shaft")
    assert "shaft of light" in shaft.of_names and not rejected(p, "shaft"), (names(p), p.rejected)


def test_a_noun_the_tagger_made_an_adjective_or_a_name_before_an_ing_word_is_the_thing_doing_it():
    """"a goldfish swimming in ...", "a jukebox blaring in ...": the tagger made the -ing word the noun and the
    thing its modifier; the thing is the mention, the -ing word what it does."""
    p = parse_prompt("a goldfish swimming in a bowl on a windowsill")
    assert "goldfish" in names(p) and not any("swimming" in n for n in names(p)), names(p)
    p = parse_prompt("a jukebox blaring in the corner of a bar")
    assert "jukebox" in names(p), names(p)


def test_a_heading_full_of_things_is_the_setting():
    """"a greenhouse full of hanging ferns with ...": "full of" lists what the heading holds, as "with" does."""
    p = parse_prompt("a greenhouse full of ferns with a watering can")
    assert p.place is not None and p.place.head == "greenhouse" and "greenhouse" not in names(p), (p.place, names(p))


def test_a_colour_after_a_verb_is_the_colour_not_a_thing():
    """"clouds glowing pink", "walls painted teal": the colour its doer takes."""
    p = parse_prompt("a lagoon at dusk with clouds glowing pink and a canoe")
    assert "pink" not in names(p) and rejected(p, "pink")[0].startswith("colour"), (names(p), p.rejected)


def test_shadows_are_the_light_not_things():
    p = parse_prompt("a crypt with shadows flickering on the walls and a stone coffin")
    assert "shadow" not in names(p) and rejected(p, "shadows")[0].startswith("light, weather or motion"), p.rejected


def test_a_heading_that_features_or_includes_things_is_the_setting():
    """"a ... interior featuring a stone fireplace, ...", "a clinic incl. a couch": a listing verb (english.json
    listing_verbs; "incl." its shorthand) lists what the heading holds, as "with" does."""
    p = parse_prompt("a log cabin interior featuring a wood stove, a moose head and a plaid armchair")
    assert p.place is not None and p.place.head == "interior" and "stove" in names(p), (p.place, names(p))
    p = parse_prompt("a physio clinic incl. a treatment couch and a skeleton")
    assert p.place is not None and p.place.head == "clinic" and not any("incl" in n for n in names(p)), names(p)


def test_a_kinds_two_word_name_whose_head_the_tagger_made_a_verb_keeps_the_nouns_lemma():
    """"a table saw": the tagger reads "saw" as the verb "see"; as a kind's head it is the noun "saw"."""
    p = parse_prompt("a joinery with a workbench, a table saw and planks against the wall")
    assert "table saw" in names(p), names(p)


def test_a_word_the_entity_tagger_took_for_a_name_is_part_of_a_kinds_name():
    """"an IV stand": "IV" is no place or person when a kind is called "IV stand"."""
    p = parse_prompt("a ward with an IV stand and two beds")
    whole = [m.name for m in [*p.mentions, *([p.place] if p.place else [])]]
    assert "iv stand" in [w.lower() for w in whole] and not rejected(p, "iv"), (whole, p.rejected)


def test_a_prompt_of_one_noun_phrase_naming_a_place_is_the_setting():
    """"a cluttered garage": the setting itself, nothing listed in it; a lone thing stays a thing."""
    p = parse_prompt("a messy garage")
    assert p.place is not None and p.place.head == "garage" and not p.mentions, (p.place, names(p))
    p = parse_prompt("a shiny red bicycle")
    assert p.place is None and names(p) == ["bicycle"], (p.place, names(p))


@pytest.mark.parametrize("prompt, sound", [
    ("a boxing gym with a heavy bag and the thud of gloves", "thud"),
    ("a den with the crackle of a log fire and a plaid armchair", "crackle"),
    ("a garden party with bunting, trestle tables and laughter", "laughter"),
    ("an arcade with a claw machine and the beeping of games", "beeping"),
])
def test_a_sound_is_what_makes_it_not_a_thing(prompt, sound):
    """WordNet files "a thud" and "laughter" under sounds: the gloves and the fire are the things, the sound is none."""
    p = parse_prompt(prompt)
    assert sound not in names(p) and rejected(p, sound)[0].startswith("a sound"), (names(p), p.rejected)


def test_a_sound_word_with_an_article_may_name_a_thing():
    """A ring's commonest sense is a sound, but "a ring in the middle" and "a whistle on a hook" are things."""
    assert "ring" in names(parse_prompt("a boxing gym with a ring in the middle"))
    assert "whistle" in names(parse_prompt("a locker room with a whistle on a hook"))


@pytest.mark.parametrize("prompt, things", [
    ("a wine bar with a long counter, high stools and a chalkboard", {"counter", "stool", "chalkboard"}),
    ("an office with a photocopier a scanner and a water cooler", {"photocopier", "scanner", "water cooler"}),
])
def test_a_list_item_the_tagger_hung_on_the_next_item_heads_its_own_phrase(prompt, things):
    """Its own "a" cannot be the next item's, which is plural or has an article of its own: an adjective between the
    article and the item ("a long counter, high stools"), or no comma at all ("a photocopier a scanner"), keep it
    one item of the list."""
    assert things <= set(names(parse_prompt(prompt))), names(parse_prompt(prompt))


def test_a_modifier_wordnet_holds_as_one_noun_with_the_word_before_it_keeps_that_word_in_the_name():
    """"a hot chocolate stand" is a stand for hot chocolate: "hot" is no shade of the stand."""
    assert "hot chocolate stand" in names(parse_prompt("an ice rink with a zamboni and a hot chocolate stand"))


@pytest.mark.parametrize("prompt, thing, word", [
    ("a kitchen with a kettle, a pot and a timer ringing", "timer", "ringing"),
    ("a volcanic island with a plume of ash, lava glowing and a research hut", "lava", "glowing"),
    ("a campsite with a tent, a campfire crackling and a cooler", "campfire", "crackling"),
    ("a hilltop with an old windmill turning, a stone wall and a gate", "windmill", "turning"),
])
def test_an_ing_word_ending_a_list_item_is_what_the_thing_before_it_does(prompt, thing, word):
    """The tagger made the -ing word the item's noun and the thing its modifier; a ringing, a glow, a turning (an
    act first) or a crackling (a sound in one of its senses, greaves in the other) is no thing."""
    p = parse_prompt(prompt)
    assert thing in names(p) and word not in names(p) and not rejected(p, word), (names(p), p.rejected)
    assert word in next(m for m in p.mentions if m.name == thing).verbs


@pytest.mark.parametrize("prompt, thing, word", [
    ("a nursery with a crib and a mobile spinning over it", "mobile", "spinning"),
    ("a badminton court with the net sagging in the middle", "net", "sagging"),
])
def test_a_word_english_holds_as_noun_and_adjective_before_a_doing_is_the_thing_doing_it(prompt, thing, word):
    """"a mobile spinning": the tagger made "mobile" an adjective of the noun "spinning"; with its own article and a
    doing after it, it is the thing, and the spinning what it does."""
    p = parse_prompt(prompt)
    assert thing in names(p) and word not in names(p) and not rejected(p, word), (names(p), p.rejected)


def test_an_ing_word_whose_commonest_sense_is_a_thing_stays_the_head():
    """"a wall painting" is a painting on the wall, not a wall that paints."""
    assert "wall painting" in names(parse_prompt("a gallery with a wall painting, a bench and a rope barrier"))


def test_a_noun_the_tagger_made_an_adjective_after_the_is_a_noun():
    """"with the oven on": no adjective "oven" exists, and "the" leads a noun."""
    assert "oven" in names(parse_prompt("a kitchen with the oven on, a pot and a kettle"))


def test_an_idea_of_an_idea_is_no_thing():
    """"a sense of calm": the sense is an idea, and so is the calm by its commonest sense (WordNet's second is still
    air, a phenomenon): neither is a thing; a view of a garden keeps the garden."""
    p = parse_prompt("a quiet study with a sense of calm, a walnut desk and a reading lamp")
    assert "calm" not in names(p) and rejected(p, "calm"), (names(p), p.rejected)
    assert "garden" in names(parse_prompt("a desk with a view of the garden and a lamp"))


def test_what_a_size_is_compared_with_is_no_thing():
    """"the size of a matchbox", "as big as a horse", "bigger than a car": the scale of the thing, no second thing."""
    for prompt, thing, reference in [("a stadium the size of a matchbox", "stadium", "matchbox"),
                                     ("a garden with a spider the size of a car", "spider", "car"),
                                     ("a living room with a cat as big as a horse", "cat", "horse"),
                                     ("a park with a dog bigger than a car", "dog", "car")]:
        p = parse_prompt(prompt)
        assert thing in names(p) and reference not in names(p) and "size" not in names(p), (prompt, names(p))
    assert {"jar", "bowl"} <= set(names(parse_prompt("a jar of sweets as well as a bowl of fruit")))


@pytest.mark.parametrize("prompt, place", [
    ("set the scene: a cozy reading nook with a window seat and cushions", "reading nook"),
    ("imagine a quiet library reading room with long oak tables and a globe", "library reading room"),
])
def test_an_opening_command_to_the_tool_is_no_setting_and_its_object_no_thing(prompt, place):
    """"set the scene: ...": the tagger reads "set" as a past tense, not a command; a verb with an article after it
    heads a clause, so it is no bare opening noun phrase to re-read as "a set" (a film set); the place is after it."""
    p = parse_prompt(prompt)
    assert p.place is not None and p.place.name == place and "scene" not in names(p), (p.place, names(p))


def test_an_act_a_verb_takes_as_its_object_is_no_thing():
    """"a magician doing tricks": a trick is an act by its commonest sense and a thing by none, so it is what the
    magician does, which neither the planner nor the judge should make a box for; the hat he does them with stays."""
    p = parse_prompt("a stage where a magician is doing tricks with a top hat and a rabbit")
    assert "trick" not in names(p) and rejected(p, "tricks") and "hat" in names(p), (names(p), p.rejected)


@pytest.mark.parametrize("prompt", [
    "my son's gamer den with a gaming chair and a mini fridge",
    "my son Jake's gamer den with a gaming chair and a mini fridge",
])
def test_a_plural_verb_after_a_singular_subject_is_the_head_of_a_compound(prompt):
    """"a gamer den": the tagger reads "den" as the gamer's verb, which English would write "dens"; so it is the noun
    the gamer names, and the place, whose owner (the son, Jake) is no thing in it."""
    p = parse_prompt(prompt)
    assert p.place is not None and p.place.name == "gamer den" and "son" not in names(p), (p.place, names(p))
    assert not any(n.endswith("gamer") for n in names(p)), names(p)


def test_a_singular_the_tagger_calls_plural_loses_no_ending_it_lacks():
    """The tagger may call "hut" a plural; only an ending the word has comes off, so it is no "h"."""
    assert "hut" in names(parse_prompt("a vineyard with a small stone hut"))
