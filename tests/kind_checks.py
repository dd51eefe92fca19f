"""The checks every block of new kinds gets, written once: a test file of a block keeps only its data.

``kind_table_tests`` returns the tests for one block; the file adds them to its module
(``globals().update(kind_table_tests(...))``) so pytest collects them under the usual names:

- ``names``: (name, kind) — the names people use find the kind (``lookup``);
- ``older_names``: (name, kind) — a name an older kind held for a different-looking thing finds its own kind
  (and an older kind's own names still find it);
- ``wordnet_members``: (noun, kind) — WordNet's members of a kind's classes ground to it (skipped without WordNet);
- ``classes``: (kind, synset) — the kind declares this WordNet class;
- ``judged``: (name, kind) — a named thing of the kind is fitting to the independent judge;
- ``sizes``: (kind, side, metres) — the dimension that says what the thing is, within SIZE_TOLERANCE_M;
- ``fit_indoors``: kinds that stand in a room, so lower than its default ROOM_HEIGHT_M.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from tools.evaluate.named import judge_mention
from tools.knowledge import wordnet
from tools.knowledge.categories import CATEGORIES, lookup
from tools.plan.ground import hypernym_kind

SIZE_TOLERANCE_M = 0.02
ROOM_HEIGHT_M = 2.7  # a room's default height: an indoor floor kind taller than this could not stand in one
needs_wordnet = pytest.mark.skipif(not wordnet.available(), reason="WordNet is not installed (make setup installs it)")


def kind_table_tests(*, names: Sequence[tuple[str, str]] = (), older_names: Sequence[tuple[str, str]] = (),
                     wordnet_members: Sequence[tuple[str, str]] = (), classes: Sequence[tuple[str, str]] = (),
                     judged: tuple[str, str] | None = None, sizes: Sequence[tuple[str, int, float]] = (),
                     fit_indoors: Sequence[str] = ()) -> dict[str, Callable]:
    """The test functions of a block of kinds, by the names pytest collects; a check with no data is left out."""
    tests: dict[str, Callable] = {}

    if names:
        @pytest.mark.parametrize("name,kind", names)
        def test_the_names_people_use_find_the_new_kinds(name, kind):
            found = lookup(name)
            assert found is not None and found.name == kind, found
        tests[test_the_names_people_use_find_the_new_kinds.__name__] = test_the_names_people_use_find_the_new_kinds

    if older_names:
        @pytest.mark.parametrize("name,kind", older_names)
        def test_a_name_an_older_kind_held_for_another_object_finds_its_own_kind(name, kind):
            found = lookup(name)
            assert found is not None and found.name == kind, found
        test = test_a_name_an_older_kind_held_for_another_object_finds_its_own_kind
        tests[test.__name__] = test

    if wordnet_members:
        @needs_wordnet
        @pytest.mark.parametrize("noun,kind", wordnet_members)
        def test_a_wordnet_class_catches_its_members(noun, kind):
            found = hypernym_kind(noun)
            assert found is not None and found[0] == kind, found
        tests[test_a_wordnet_class_catches_its_members.__name__] = test_a_wordnet_class_catches_its_members

    if classes:
        @pytest.mark.parametrize("kind,synset", classes)
        def test_the_kinds_declare_their_wordnet_classes(kind, synset):
            assert synset in CATEGORIES[kind].wordnet, CATEGORIES[kind].wordnet
        tests[test_the_kinds_declare_their_wordnet_classes.__name__] = test_the_kinds_declare_their_wordnet_classes

    if judged is not None:
        def test_a_named_thing_of_a_new_kind_is_fitting_to_the_judge():
            name, kind = judged
            objects = [{"id": f"{kind}_1", "category": kind, "name": name, "requested": True}]
            assert judge_mention(name, objects, None)["verdict"] == "fitting"
        test = test_a_named_thing_of_a_new_kind_is_fitting_to_the_judge
        tests[test.__name__] = test

    if sizes:
        @pytest.mark.parametrize("name,side,size", sizes)
        def test_sizes_are_real(name, side, size):
            assert abs(CATEGORIES[name].size[side] - size) <= SIZE_TOLERANCE_M, CATEGORIES[name].size
        tests[test_sizes_are_real.__name__] = test_sizes_are_real

    if fit_indoors:
        def test_the_tall_new_kinds_fit_under_a_room_ceiling():
            tall = {name: CATEGORIES[name].size[1] for name in fit_indoors}  # KeyError names a kind that is gone
            assert max(tall.values()) < ROOM_HEIGHT_M, tall
        test = test_the_tall_new_kinds_fit_under_a_room_ceiling
        tests[test.__name__] = test

    return tests
