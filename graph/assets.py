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
from tools.catalog import Catalog
from tools.reference import size_for
from tools.schema import AssetRef, ObjectSpec, ScenePlan
from tools.storage import Store
from tools.validate import GENERATED_LIMITS, validate_glb

GLB_CONTENT_TYPE = "model/gltf-binary"


def target_size(spec: ObjectSpec) -> tuple[float, float, float]:
    """The (x, y, z) extent to generate: the reference size for the prompt's size word, shaped by its shape word."""
    w, h, d = size_for(spec.category, spec.size)
    if spec.shape in ("round", "square"):
        w = d = math.sqrt(w * d)
    elif spec.shape == "oval":
        w, d = max(w, d), min(w, d)
    return round(w, 3), round(h, 3), round(d, 3)


def variant_for(category: str, seed: int) -> int:
    """One style per category per scene: twelve chairs match, another seed differs."""
    digest = hashlib.sha256(f"{seed}:{category}".encode()).digest()
    return digest[0] % VARIANTS[category]


def make_asset(
    spec: ObjectSpec, seed: int, out_dir: Path, store: Store | None = None, catalog: Catalog | None = None
) -> AssetRef:
    """Generate the spec's GLB into ``out_dir/assets/<key>.glb``; with a store, also upload it.

    The upload goes to the store's shared, content-addressed ``assets/<key>.glb``
    (idempotent: an existing key with the same bytes is not sent again) and its
    URL becomes ``AssetRef.url``.
    """
    asset = generate(
        spec.category,
        size=target_size(spec),
        color=spec.color,
        material=spec.material,
        variant=variant_for(spec.category, seed),
        shape=spec.shape,
    )
    validate_glb(asset.glb, GENERATED_LIMITS, parse=False)  # nothing unchecked gets in, our own output included
    if catalog is not None:  # later scenes (and `diorama assets search`) can find it
        catalog.add_generated(asset.key, asset.category, asset.glb, asset.size, asset.params)
    path = f"assets/{asset.key}.glb"
    target = out_dir / path
    if not target.exists():  # content-addressed: an existing file already holds these bytes
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_suffix(".tmp")
        tmp.write_bytes(asset.glb)
        tmp.replace(target)
    url = store.put_bytes(path, asset.glb, GLB_CONTENT_TYPE) if store is not None else None
    return AssetRef(key=asset.key, category=spec.category, path=path, size=asset.size, params=asset.params, url=url)


@stage("assets")
def assets(state: SceneState, runtime: Runtime[RunContext]) -> dict:
    """Generate (or reuse) the asset of every ObjectSpec of the plan and upload it to the run's store."""
    plan = ScenePlan.model_validate(state["plan"])
    out_dir = Path(state["out_dir"])
    store = runtime.context.store
    catalog = Catalog(runtime.context.settings.data_dir)
    refs = {spec.key: make_asset(spec, state["seed"], out_dir, store, catalog).model_dump() for spec in plan.objects}
    runtime.context.progress("assets", f"{len({r['key'] for r in refs.values()})} distinct assets")
    return {"assets": refs}
