"""The model planner's prompt lists the kinds relevant to its scene, not the registry, so it stays small.

The size is counted here with CHARS_PER_TOKEN, a conservative estimate; test_model_plan.py counts the same
messages with the Gemma tokenizer of the test llama.cpp server (/tokenize) and checks the estimate holds.
"""

from __future__ import annotations

import dataclasses

import pytest

from tools.knowledge.categories import CATEGORIES
from tools.knowledge.places import PLACES
from tools.model import planner as model_planner
from tools.model.planner import MAX_LISTED_KINDS, listed_kinds, planned_summary
from tools.model.prompts import PLANNER_SYSTEM, planner_messages
from tools.plan.ground import is_archetype
from tools.plan.planner import plan_prompt

PROMPT_TOKEN_BOUND = 1600  # the planner's messages; with a 400-token answer and one retry they fit n_ctx 4096
CHARS_PER_TOKEN = 3.0  # Gemma's tokenizer measured 3.55 on these messages (test_model_plan.py checks >= 3.0)
PADDING = 10_000  # made-up kinds added to the registry: ten times its size today
PROMPTS = [
    "a bedroom with a red bed and two lamps",
    "a red bed",  # no place named: a plain room
    "a forest clearing with 8 pine trees and a tent",
    "three blue chairs around a round table in a kitchen; 4m x 4m",
    "a fridge, a stove, a bed, a sofa, a piano, a guitar and a cat on a beach",
]


def padded_registry() -> dict:
    """The registry and PADDING made-up kinds, every other one an archetype (the listing takes all of those)."""
    archetype = next(c for c in CATEGORIES.values() if is_archetype(c))
    plain = CATEGORIES["chair"]
    padding = {f"padded_kind_{i:05d}": dataclasses.replace(archetype if i % 2 else plain, name=f"padded_kind_{i:05d}")
               for i in range(PADDING)}
    return {**CATEGORIES, **padding}


def message_chars(prompt: str) -> int:
    plan = plan_prompt(prompt, 1)
    return sum(len(m["content"]) for m in planner_messages(prompt, planned_summary(plan), listed_kinds(plan)))


@pytest.mark.parametrize("prompt", PROMPTS)
def test_the_planner_prompt_stays_under_its_token_bound_whatever_the_registrys_size(prompt, monkeypatch):
    plain = message_chars(prompt)
    monkeypatch.setattr(model_planner, "CATEGORIES", padded_registry())
    padded = message_chars(prompt)
    assert padded / CHARS_PER_TOKEN < PROMPT_TOKEN_BOUND, (padded, plain)
    assert len(listed_kinds(plan_prompt(prompt, 1))) == MAX_LISTED_KINDS


def test_the_system_prompt_names_no_kind_list():
    assert len(PLANNER_SYSTEM) < 4000
    assert sum(name in PLANNER_SYSTEM.split() for name in CATEGORIES) < 10  # the example's few, not the registry


def test_the_listing_holds_the_prompts_kinds_the_places_furnishings_and_the_archetypes():
    plan = plan_prompt("a kitchen with a piano", 1)
    listed = listed_kinds(plan)
    assert listed[0] == "piano"  # the prompt's own noun first
    assert {e.category for e in PLACES["kitchen"].expected} <= set(listed)
    assert {n for n, c in CATEGORIES.items() if is_archetype(c)} <= set(listed)
    assert len(listed) == len(set(listed)) <= MAX_LISTED_KINDS


@pytest.mark.parametrize("prompt, usual", [("a red bed", "chair"), ("a tent in the open", "rock")])
def test_a_plain_room_or_open_ground_lists_what_most_places_of_its_kind_have(prompt, usual):
    plan = plan_prompt(prompt, 1)
    assert plan.environment.room_type is None
    assert usual in listed_kinds(plan)
