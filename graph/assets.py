"""assets: one generated, content-addressed GLB per distinct object kind."""

from __future__ import annotations

import hashlib
import math
from pathlib import Path

from langgraph.runtime import Runtime

from graph.context import RunContext
from graph.stage import stage
from graph.state import SceneState
from tools.assets.generate import generate
from tools.assets.registry import VARIANTS
from tools.categories import CATEGORIES
from tools.schema import AssetRef, ObjectSpec, ScenePlan

SIZE_WORD_FACTORS = {  # (x, y, z) factors a size word applies to the typical size
    "small": (0.7, 0.7, 0.7),
    "large": (1.3, 1.3, 1.3),
    "tall": (1.0, 1.35, 1.0),
    "long": (1.6, 1.0, 1.0),
}


def target_size(spec: ObjectSpec) -> tuple[float, float, float]:
    """The (x, y, z) extent to generate: typical size, shaped and scaled by the prompt's words."""
    category = CATEGORIES[spec.category]
    w, h, d = category.size
    if spec.shape in ("round", "square"):
        w = d = math.sqrt(w * d)
    elif spec.shape == "oval":
        w, d = max(w, d), min(w, d)
    lo, hi = category.size_range
    fx, fy, fz = SIZE_WORD_FACTORS.get(spec.size or "", (1.0, 1.0, 1.0))
    return tuple(round(v * min(max(f, lo), hi), 3) for v, f in ((w, fx), (h, fy), (d, fz)))


def variant_for(category: str, seed: int) -> int:
    """One style per category per scene: twelve chairs match, another seed differs."""
    digest = hashlib.sha256(f"{seed}:{category}".encode()).digest()
    return digest[0] % VARIANTS[category]


def make_asset(spec: ObjectSpec, seed: int, out_dir: Path) -> AssetRef:
    asset = generate(
        spec.category,
        size=target_size(spec),
        color=spec.color,
        material=spec.material,
        variant=variant_for(spec.category, seed),
        shape=spec.shape,
    )
    path = f"assets/{asset.key}.glb"
    target = out_dir / path
    if not target.exists():  # content-addressed: an existing file already holds these bytes
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_suffix(".tmp")
        tmp.write_bytes(asset.glb)
        tmp.replace(target)
    return AssetRef(key=asset.key, category=spec.category, path=path, size=asset.size, params=asset.params)


@stage("assets")
def assets(state: SceneState, runtime: Runtime[RunContext]) -> dict:
    """Generate (or reuse) the asset of every ObjectSpec of the plan."""
    plan = ScenePlan.model_validate(state["plan"])
    out_dir = Path(state["out_dir"])
    refs = {spec.key: make_asset(spec, state["seed"], out_dir).model_dump() for spec in plan.objects}
    runtime.context.progress("assets", f"{len({r['key'] for r in refs.values()})} distinct assets")
    return {"assets": refs}
