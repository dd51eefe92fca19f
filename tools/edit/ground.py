"""Grounding the words of an instruction. Against the scene: 'the seats' are the sofa and the chairs, 'the
furniture' every piece of it, 'the couch' the sofa (WordNet's noun hierarchy, tools.knowledge.wordnet). A new
thing ('add a chaise longue') is grounded as a prompt's noun is (tools/plan/ground.py): by name, meaning or
class, a stand-in recorded as such."""

from __future__ import annotations

import dataclasses
from functools import lru_cache

from tools.core.errors import InputError
from tools.core.schema import NounGrounding, ObjectSpec
from tools.knowledge import wordnet
from tools.knowledge.categories import lookup
from tools.plan.ground import ground_noun
from tools.plan.phrases import match_head
from tools.plan.text import tokenize

# Classes so broad that naming them names everything: 'everything' says that, and says it plainly.
TOO_BROAD = {"entity", "physical_entity", "object", "whole", "artifact", "instrumentality", "thing", "unit"}


def is_kind_of(spec: ObjectSpec, word: str) -> bool:
    """Whether ``spec`` is what ``word`` names: its kind's own name or synonym, or a class above it."""
    found = lookup(word)
    if found is not None:
        return found.name == spec.category
    nouns = [n for n in (spec.noun, spec.category.replace("_", " ")) if n]
    return any(_class_of(noun, form) for noun in nouns for form in wordnet.base_forms(word) or [word])


@lru_cache(maxsize=1024)
def _class_of(noun: str, word: str) -> bool:
    if word in TOO_BROAD:
        return False
    senses = wordnet.physical_senses(noun.replace(" ", "_"))[:1]  # the sense the scene shows
    return any(word in ancestor.lemmas for sense in senses for ancestor, _ in wordnet.ancestors(sense))


def new_thing(name: str) -> tuple[str, str, NounGrounding | None]:
    """(kind, noun, grounding) for a thing an edit adds: the noun table's kind when it names the whole of
    ``name``, else the prompt's grounding (None when the table named it); InputError when nothing is near."""
    tokens = tokenize(name.replace("_", " "))
    head = match_head(tokens, 0)
    if head is not None and head.kind == "category" and len(head.words) == len(tokens):
        return head.name, " ".join(head.words), None
    noun = " ".join([*tokens[:-1], *(wordnet.base_forms(tokens[-1])[:1] or tokens[-1:])]) if tokens else name
    found = ground_noun(noun, noun.split()[-1], noun)
    if found.how == "none":
        raise InputError(f"'{noun}' is not an object the generator knows")
    return found.kind, noun, NounGrounding(**dataclasses.asdict(found))
