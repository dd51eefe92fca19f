"""The kinds added for larger things (furniture variants, machines, vehicles and craft, buildings and structures, park
and garden things, animals, plants, fantasy and sci-fi props): the names people use find them, WordNet's members of
their classes ground to them, names an older kind held for a different-looking thing now find their own kind, and
the size that says what a thing is holds. The words are this file's own, not the prompt sets'. Their GLBs are
checked with every kind drawn from parts in tests/test_parts_kinds.py."""

from kind_checks import kind_table_tests

NAMES = [
    ("chesterfield sofa", "chesterfield"), ("fainting couch", "chaise_longue"), ("pull-out sofa", "sofa_bed"),
    ("canopy bed", "four_poster_bed"), ("secretaire", "roll_top_desk"), ("hall table", "console_table"),
    ("nesting tables", "nest_of_tables"), ("refectory table", "trestle_table"), ("rush-seat chair", "ladder_back_chair"),
    ("full-length mirror", "cheval_mirror"), ("welsh dresser", "china_cabinet"), ("credenza", "sideboard"),
    ("la-z-boy", "recliner"), ("fireside chair", "wingback_chair"), ("chest-on-chest", "tallboy"),
    ("restaurant booth", "diner_booth"), ("log burner", "wood_stove"), ("squad car", "police_car"),
    ("formula one car", "race_car"), ("stretch limo", "limousine"), ("four-by-four", "jeep"), ("tipper truck", "dump_truck"),
    ("breakdown truck", "tow_truck"), ("canal boat", "narrowboat"), ("log raft", "raft"), ("jet fighter", "fighter_jet"),
    ("train carriage", "passenger_carriage"), ("moon lander", "lunar_lander"), ("model t", "vintage_car"),
    ("prairie schooner", "covered_wagon"), ("tall ship", "galleon"), ("rescue boat", "lifeboat"), ("sack truck", "hand_truck"),
    ("five-storey pagoda", "pagoda"), ("ger", "yurt"), ("waterwheel", "water_mill"),
    ("triumphal arch", "stone_arch"), ("step pyramid", "pyramid"),
    ("dry stone wall", "stone_wall"), ("big top", "circus_tent"), ("portaloo", "portable_toilet"),
    ("rollercoaster", "roller_coaster"), ("ancient ruins", "ruins"), ("music pavilion", "bandstand"),
    ("transmission tower", "pylon"), ("pedestrian crossing", "zebra_crossing"),
    ("toll booth", "ticket_booth"), ("great sphinx", "sphinx"), ("drilling rig", "oil_derrick"),
    ("rhino", "rhinoceros"), ("hippo", "hippopotamus"), ("silverback", "gorilla"), ("buffalo", "bison"),
    ("hoglet", "hedgehog"), ("honey badger", "badger"), ("trash panda", "raccoon"), ("giant panda", "panda"),
    ("bald eagle", "eagle"), ("peahen", "peacock"), ("tarantula", "spider"), ("gazelle", "antelope"),
    ("ice bear", "polar_bear"), ("gryphon", "griffin"), ("umbrella thorn", "acacia_tree"), ("japanese maple", "maple_tree"),
    ("venus fly trap", "venus_flytrap"), ("leafless tree", "dead_tree"),
    ("allotment", "vegetable_patch"), ("giant sequoia", "redwood_tree"), ("hot water tank", "boiler"), ("genset", "generator"),
    ("conveyor", "conveyor_belt"), ("extraterrestrial", "alien"), ("poltergeist", "ghost"),
    ("haystack", "straw_heap"), ("labyrinth", "hedge_maze"),
]

# A deckchair was a sun lounger, a bandstand a stage block, a pirate ship a dinghy, a generator and a boiler one
# industrial machine, a pylon a classical column: each now has its own shape.
OLDER_NAMES = [
    ("deckchair", "deck_chair"), ("sideboard", "sideboard"), ("recliner", "recliner"), ("wingback chair", "wingback_chair"),
    ("pirate ship", "galleon"), ("bandstand", "bandstand"), ("outhouse", "portable_toilet"), ("bison", "bison"),
    ("maple", "maple_tree"), ("generator", "generator"), ("boiler", "boiler"), ("pylon", "pylon"),
]

WORDNET_MEMBERS = [
    ("portcullis", "drawbridge"), ("crypt", "mausoleum"), ("jackal", "hyena"), ("rhododendron", "hydrangea"),
    ("ice floe", "iceberg"), ("meteor", "asteroid"), ("viaduct", "aqueduct"), ("substation", "transformer"),
    ("white rhinoceros", "rhinoceros"), ("orangutan", "gorilla"), ("musk ox", "bison"), ("porcupine", "hedgehog"),
    ("striped skunk", "badger"), ("woodchuck", "beaver"), ("wombat", "koala"), ("mongoose", "meerkat"), ("emu", "ostrich"),
    ("sparrow hawk", "eagle"), ("harvestman", "spider"), ("impala", "antelope"), ("sugar maple", "maple_tree"),
    ("azalea", "hydrangea"),
    ("pitcher plant", "venus_flytrap"), ("ziggurat", "pyramid"), ("tower block", "skyscraper"),
]

# The dimension that says what it is: a four-poster 2.2 m high, a table at 76 cm, a railway coach 20 m long, a
# rhino 1.8 m to the top of its horn, an ostrich 2.5 m tall (each within 2 cm); a skyscraper is drawn at the 30 m a
# shape may reach.
SIZES = [
    ("four_poster_bed", 1, 2.2), ("trestle_table", 1, 0.76), ("ladder_back_chair", 1, 1.07), ("tallboy", 1, 1.68),
    ("passenger_carriage", 2, 20.0), ("rhinoceros", 1, 1.8), ("ostrich", 1, 2.5), ("skyscraper", 1, 30.0),
]

# An indoor floor kind taller than a room's default 2.7 m height could not stand in one.
FIT_INDOORS = (
    "four_poster_bed", "china_cabinet", "cheval_mirror", "roll_top_desk", "tallboy", "wood_stove", "iron_maiden",
    "recliner", "wingback_chair", "diner_booth", "alien", "time_machine", "boiler", "generator",
)

JUDGED = ("chesterfield sofa", "chesterfield")

globals().update(kind_table_tests(
    names=NAMES, older_names=OLDER_NAMES, wordnet_members=WORDNET_MEMBERS, judged=JUDGED, sizes=SIZES,
    fit_indoors=FIT_INDOORS,
))
