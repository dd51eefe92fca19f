"""New things in edits are read and grounded as a prompt's nouns are: the sentence parser's noun phrase,
compounds whole, and the planner's grounding, a stand-in reported as one and failing its kind check."""

from __future__ import annotations

import pytest

from tools.core.errors import InputError
from tools.edit.apply import apply_edits, exists_in
from tools.edit.parse import parse_or_refuse
from tools.plan.planner import plan_prompt

ROOM = "a bedroom with a bed, a chair, a desk and a rug; 5m x 4m"


@pytest.fixture(scope="module")
def room():
    return plan_prompt(ROOM)


def edited(room, text):
    outcome = apply_edits(room.model_copy(deep=True), parse_or_refuse(text, lambda name: exists_in(room, name)))
    new = [s for s in outcome.plan.objects if s.key not in {o.key for o in room.objects}]
    return outcome, new


@pytest.mark.parametrize("text, target", [
    ("add a sleeping bag", "sleeping bag"),         # a compound the dictionary lists, though 'sleeping' is a verb
    ("add a gargoyle statue", "gargoyle statue"),    # the head is the statue; 'gargoyle' only says what it shows
    ("add two green bean bags", "bean bags"),
])
def test_added_things_are_the_parsers_noun_phrase(text, target):
    assert parse_or_refuse(text)[0].target == target


def test_a_new_thing_with_no_kind_of_its_own_is_a_stand_in_that_fails_its_check(room):
    outcome, new = edited(room, "replace the chair with a windsor chair")
    (spec,) = new
    assert spec.grounding is not None and spec.grounding.fit == "stand-in" and spec.grounding.noun == "windsor chair"
    assert any(r.kind == "kind" and r.subject == spec.key for r in outcome.plan.requirements)
    assert "standing in for 'windsor chair'" in outcome.changes[0]


def test_a_new_thing_the_noun_table_knows_is_the_kind_itself(room):
    outcome, new = edited(room, "add a floor lamp next to the desk")
    (spec,) = new
    assert spec.category == "floor_lamp" and spec.grounding is None
    assert not any(r.kind == "kind" for r in outcome.plan.requirements)


def test_a_word_that_grounds_to_nothing_is_still_refused(room):
    with pytest.raises(InputError, match="not an object the generator knows"):
        edited(room, "add two zorbles")
