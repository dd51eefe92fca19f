"""Grounding a word of an instruction against the scene: 'the seats' are the sofa and the chairs, 'the
furniture' every piece of it, 'the couch' the sofa (WordNet's noun hierarchy, tools.knowledge.wordnet)."""

from __future__ import annotations

from functools import lru_cache

from tools.core.schema import ObjectSpec
from tools.knowledge import wordnet
from tools.knowledge.categories import lookup

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
