"""The kinds and places added for public and working life (kinds.toml's "Session 20, public and working life" block
and the places block of the same name): the names people use find them, names an older kind held for another
object now find their own kind, WordNet's lemmas of their classes ground to them, the size that says what a thing
is holds, and the settings are read as their own places. The words are this file's own, not the prompt sets'.
Their GLBs are checked with every kind drawn from parts in tests/test_parts_kinds.py."""

import pytest
from kind_checks import kind_table_tests

from tools.knowledge.categories import lookup
from tools.plan.ground import ground_place

NAMES = [
    ("welcome desk", "reception_desk"), ("cable ladder", "cable_tray"), ("floral arch", "flower_arch"),
    ("graduation caps", "mortarboard"), ("nametags", "name_badge"), ("self-service till", "self_checkout"),
    ("fare machine", "ticket_machine"), ("tire inflator", "tyre_inflator"), ("gangplank", "gangway"),
    ("parking spot", "parking_space"), ("wedding runner", "aisle_runner"), ("church benches", "pew"),
    ("preacher's pulpit", "pulpit"), ("recycling igloo", "bottle_bank"), ("coconut shies", "coconut_shy"),
    ("corporate logo", "company_logo"), ("packets of tablets", "medicine_boxes"), ("prayer mat", "prayer_rug"),
]

# A reception desk was a shop's checkout, a ticket machine a snack machine, an air pump a petrol pump, a wedding
# cake a sponge, a pew a park bench and a pulpit a lectern: each now has its own shape, and the older kind keeps its
# own names (the last row).
OLDER_NAMES = [
    ("reception desk", "reception_desk"), ("front desk", "reception_desk"), ("ticket machine", "ticket_machine"),
    ("pay machine", "ticket_machine"), ("air pump", "tyre_inflator"), ("wedding cake", "wedding_cake"),
    ("pew", "pew"), ("pulpit", "pulpit"),
    ("checkout counter", "checkout_counter"), ("snack machine", "vending_machine"), ("petrol pump", "fuel_pump"),
    ("birthday cake", "cake"), ("park bench", "bench"), ("podium", "lectern"),
]

# Another lemma of the class a kind declares: a bridecake is a wedding cake, a gangboard a gangplank.
WORDNET_MEMBERS = [("bridecake", "wedding_cake"), ("gangboard", "gangway"), ("bottle bank", "bottle_bank")]

# The dimension that says what it is: a 5 m parking space, a pulpit whose rim stands 2 m up, a 25 cm mortarboard,
# a reception desk 2.4 m long (each within 2 cm).
SIZES = [("parking_space", 2, 5.0), ("pulpit", 1, 2.06), ("mortarboard", 0, 0.25), ("reception_desk", 0, 2.4)]

FIT_INDOORS = ("pulpit", "flower_arch", "coconut_shy", "self_checkout", "ticket_machine")

JUDGED = ("wedding cake", "wedding_cake")

globals().update(kind_table_tests(
    names=NAMES, older_names=OLDER_NAMES, wordnet_members=WORDNET_MEMBERS, judged=JUDGED, sizes=SIZES,
    fit_indoors=FIT_INDOORS,
))


def test_a_plain_word_is_no_sign_and_a_kiosk_keeps_its_kind():
    """A logo on a mug is no wall sign (only "company logo" and the like name one); a ticket kiosk stays a booth."""
    assert lookup("logo") is None and lookup("ticket kiosk").name == "ticket_booth"


@pytest.mark.parametrize("name, place", [
    ("teachers' lounge", "staff_room"), ("nursing home", "care_home"), ("tram depot", "bus_depot"),
    ("convention centre", "conference_hall"), ("surprise party", "party"), ("wedding reception", "wedding"),
    ("dressmaker's", "tailor_shop"), ("dry cleaners", "dry_cleaner"), ("phone repair shop", "repair_shop"),
    ("debating chamber", "council_chamber"), ("clothing store", "clothes_shop"), ("launderette", "laundromat"),
    ("boardroom", "conference_room"),
])
def test_a_setting_of_work_care_services_and_events_is_its_own_place(name, place):
    assert ground_place(name)[0] == place
