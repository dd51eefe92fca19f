"""assets: one content-addressed GLB per distinct object kind, found before it is made.

Order per ObjectSpec: a user-imported catalog asset of its category (source 'user'); for an
unknown noun (category 'placeholder') the remote text-to-3D service when DIORAMA_REMOTE3D_URL
is set; otherwise the procedural generator.
"""

from __future__ import annotations

import hashlib
import logging
import math
from pathlib import Path

from langgraph.runtime import Runtime

from tools.core.settings import Settings
from graph.context import RunContext
from graph.stage import stage
from graph.state import SceneState
from tools.assets.generate import generate, write_asset
from tools.assets.registry import VARIANTS
from tools.catalog.store import Catalog, CatalogEntry
from tools.knowledge.categories import CATEGORIES, variant_size
from tools.core.errors import AssetError
from tools.knowledge.reference import size_for
from tools.catalog.remote3d import RemoteGenerator
from tools.core.schema import AssetRef, ObjectSpec, ScenePlan
from tools.storage.base import Store
from tools.core.telemetry import tool_call
from tools.catalog.validate import GENERATED_LIMITS, validate_glb

GLB_CONTENT_TYPE = "model/gltf-binary"
log = logging.getLogger(__name__)


def target_size(spec: ObjectSpec, variant: int | None = None) -> tuple[float, float, float]:
    """The (x, y, z) extent to generate: the reference size for the prompt's size word or stated measure,
    in the proportions of the style ``variant`` (a sailing boat is taller than a rowing boat), shaped by
    its shape word."""
    w, h, d = _in_variant_proportions(spec, size_for(spec.category, spec.size, spec.measure_m, spec.measure_axis),
                                      variant)
    if spec.shape in ("round", "square"):
        w = d = math.sqrt(w * d)
    elif spec.shape == "oval":
        w, d = max(w, d), min(w, d)
    return round(w, 3), round(h, 3), round(d, 3)


def _in_variant_proportions(spec: ObjectSpec, reference: tuple[float, float, float],
                            variant: int | None) -> list[float]:
    """``reference`` (the category's size, scaled for the prompt) in the variant's own proportions."""
    typical = CATEGORIES[spec.category].size
    own = variant_size(spec.category, variant) if variant is not None else typical
    sized = [r * mine / theirs for r, mine, theirs in zip(reference, own, typical)]
    if spec.measure_m is None or own == typical:
        return sized
    # A stated measure stays true on the side it measures ('a 10 m tall sailboat').
    axis = {"width": 0, "height": 1, "depth": 2}.get(spec.measure_axis or "")
    if axis is None:  # 'length' or unsaid: the side reference.size_for measured on the category's size
        sides = (0, 2) if spec.measure_axis == "length" else (0, 1, 2)
        axis = max(sides, key=lambda i: typical[i])
    sized[axis] = reference[axis]
    return sized


def variant_for(category: str, seed: int) -> int:
    """One style per category per scene: twelve chairs match, another seed differs."""
    digest = hashlib.sha256(f"{seed}:{category}".encode()).digest()
    return digest[0] % VARIANTS[category]


def variant_of(spec: ObjectSpec, seed: int) -> int:
    """The style the prompt's words chose ('a canoe'), else the scene's style of the category."""
    return spec.variant % VARIANTS[spec.category] if spec.variant is not None else variant_for(spec.category, seed)


def make_asset(
    spec: ObjectSpec,
    seed: int,
    out_dir: Path,
    store: Store | None = None,
    catalog: Catalog | None = None,
    remote: RemoteGenerator | None = None,
) -> AssetRef:
    """Find or make the spec's GLB into ``out_dir/assets/<key>.glb``; with a store, also upload it.

    Found first: a user-imported catalog asset of the category; then, for a placeholder noun, the
    remote service (its failure falls back to the procedural placeholder). The upload goes to the
    store's shared, content-addressed ``assets/<key>.glb`` (idempotent: an existing key with the
    same bytes is not sent again) and its URL becomes ``AssetRef.url``.
    """
    found = find_asset(spec, catalog, remote)
    if found is not None:
        entry, glb = found
        path = write_asset(out_dir, entry.key, glb)
        with tool_call("storage_put"):
            url = store.put_bytes(path, glb, GLB_CONTENT_TYPE) if store is not None else None
        return AssetRef(key=entry.key, category=spec.category, path=path, size=entry.size, params=entry.params,
                        source=entry.source, url=url)
    variant = variant_of(spec, seed)
    with tool_call("generate_asset"):
        asset = generate(
            spec.category,
            size=target_size(spec, variant),
            color=spec.color,
            material=spec.material,
            variant=variant,
            shape=spec.shape,
        )
    with tool_call("validate_asset"):
        validate_glb(asset.glb, GENERATED_LIMITS, parse=False)  # nothing unchecked gets in, our own output included
    if catalog is not None:  # later scenes (and `diorama assets search`) can find it
        catalog.add_generated(asset.key, asset.category, asset.glb, asset.size, asset.params)
    path = write_asset(out_dir, asset.key, asset.glb)
    with tool_call("storage_put"):
        url = store.put_bytes(path, asset.glb, GLB_CONTENT_TYPE) if store is not None else None
    return AssetRef(key=asset.key, category=spec.category, path=path, size=asset.size, params=asset.params, url=url)


def find_asset(
    spec: ObjectSpec, catalog: Catalog | None, remote: RemoteGenerator | None
) -> tuple[CatalogEntry, bytes] | None:
    """(catalog entry, GLB bytes) of an existing or remote asset for ``spec``; None: generate procedurally."""
    if catalog is not None:
        with tool_call("catalog_search"):
            imported = user_asset(catalog, spec)
        if imported is not None:
            return imported, catalog.file(imported).read_bytes()
    if remote is not None and spec.category == "placeholder" and spec.noun:
        try:
            with tool_call("remote3d_generate"):
                entry = remote.generate_entry(spec.noun, spec.category)
        except AssetError as e:  # the service is optional: an unreachable or failing one leaves the placeholder
            log.warning("remote 3D generation of %r failed, using the placeholder: %s", spec.noun, e)
            return None
        return entry, remote.catalog.file(entry).read_bytes()
    return None


def user_asset(catalog: Catalog, spec: ObjectSpec) -> CatalogEntry | None:
    """The user-imported entry of the spec's category whose size is closest to the wanted one, or None."""
    candidates = [
        e for e in catalog.entries("user") if e.category == spec.category and e.path and catalog.file(e).is_file()
    ]
    if not candidates:
        return None
    wanted = target_size(spec)

    def misfit(entry: CatalogEntry) -> tuple[float, str]:
        ratios = (max(a, 1e-4) / max(b, 1e-4) for a, b in zip(entry.size, wanted))
        return sum(abs(math.log(r)) for r in ratios), entry.key  # key: a stable tie-break

    return min(candidates, key=misfit)


def remote_generator(settings: Settings, catalog: Catalog) -> RemoteGenerator | None:
    """The run's remote text-to-3D client, or None when DIORAMA_REMOTE3D_URL is unset."""
    if not settings.remote3d_url:
        return None
    return RemoteGenerator(settings.remote3d_url, max_wait_s=settings.remote3d_max_wait_s, catalog=catalog)


@stage("assets")
def assets(state: SceneState, runtime: Runtime[RunContext]) -> dict:
    """Find or make the asset of every ObjectSpec of the plan and upload it to the run's store."""
    plan = ScenePlan.model_validate(state["plan"])
    out_dir = Path(state["out_dir"])
    store = runtime.context.store
    settings = runtime.context.settings
    catalog = Catalog(settings.data_dir)
    remote = remote_generator(settings, catalog)
    refs = {spec.key: make_asset(spec, state["seed"], out_dir, store, catalog, remote).model_dump()
            for spec in plan.objects}
    runtime.context.progress("assets", f"{len({r['key'] for r in refs.values()})} distinct assets")
    return {"assets": refs}
