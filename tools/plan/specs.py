"""The plan's objects and relations as the planner builds them: keys no two specs share, and relations kept once
with whether the prompt stated them."""

from __future__ import annotations

import re

from tools.core.schema import ObjectSpec, Relation, free_key
from tools.plan.parse import Mention


def unique_key(mention: Mention, specs: list[ObjectSpec]) -> str:
    """The category name, or category_<colour / modifier / size / shape / material / number> when taken: never
    a key that is, or whose instances would be, another spec's instance id ('chair_2' of four chairs)."""
    base = mention.category
    count = mention.count or 1
    taken = {s.key for s in specs}
    if base not in taken:
        return free_key(specs, base, count)
    attrs = mention.attrs
    words = [attrs.get("color_name"), mention.modifier, attrs.get("size"), attrs.get("shape"), attrs.get("material")]
    for word in words:
        if word:
            key = f"{base}_{re.sub(r'[^a-z0-9]+', '_', word).strip('_')}"
            if key not in taken and free_key(specs, key, count) == key:
                return key
    for number in range(2, 100):
        if free_key(specs, f"{base}_{number}", count) == f"{base}_{number}":
            return f"{base}_{number}"
    return free_key(specs, base, count)


def add_relation(relations: list[tuple[Relation, bool]], relation: Relation, stated: bool) -> None:
    """Add ``relation`` unless the plan has it already."""
    if all(existing != relation for existing, _ in relations):
        relations.append((relation, stated))


def has_relation(relations: list[tuple[Relation, bool]], key: str, kinds: set[str]) -> bool:
    """Whether the spec ``key`` is the subject of a relation of one of ``kinds``."""
    return any(r.subject == key and r.kind in kinds for r, _ in relations)
