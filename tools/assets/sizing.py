"""Which style variant of its kind an ObjectSpec is made in (its extent: tools/knowledge/extent.py)."""

from __future__ import annotations

import hashlib

from tools.assets import families  # noqa: F401  (registers every generator, so VARIANTS knows every category)
from tools.assets.registry import VARIANTS
from tools.core.schema import ObjectSpec


def variant_for(category: str, seed: int) -> int:
    """One style per category per scene: twelve chairs match, another seed differs."""
    digest = hashlib.sha256(f"{seed}:{category}".encode()).digest()
    return digest[0] % VARIANTS[category]


def variant_of(spec: ObjectSpec, seed: int) -> int:
    """The style the prompt's words chose ('a canoe'), else the scene's style of the category."""
    return spec.variant % VARIANTS[spec.category] if spec.variant is not None else variant_for(spec.category, seed)
