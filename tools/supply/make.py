"""Find or make the asset of an ObjectSpec: one content-addressed GLB in the scene folder, uploaded to the store.

Order per spec: a user-imported catalog asset of its category (source 'user'); for an unknown noun
(category 'placeholder') the remote text-to-3D service when DIORAMA_REMOTE3D_URL is set; otherwise the
procedural generator, sized by tools/assets/sizing.py. This package sits above tools/assets, tools/catalog
and tools/storage (tests/test_architecture.py) because making an asset needs all three, and those are
independent of each other.
"""

from __future__ import annotations

import logging
import math
from dataclasses import dataclass
from pathlib import Path

from tools.assets.generate import generate, write_asset
from tools.assets.registry import OPTIONS
from tools.assets.sizing import variant_of
from tools.catalog.remote3d import RemoteGenerator
from tools.catalog.store import Catalog, CatalogEntry
from tools.catalog.validate import GENERATED_LIMITS, validate_glb
from tools.core.errors import AssetError
from tools.core.schema import AssetRef, ObjectSpec
from tools.core.settings import Settings
from tools.core.telemetry import tool_call
from tools.knowledge.extent import target_size
from tools.storage.base import Store

GLB_CONTENT_TYPE = "model/gltf-binary"
log = logging.getLogger(__name__)


@dataclass(frozen=True)
class AssetSupply:
    """Everything making a scene's assets needs besides the spec: the scene's seed and folder, and the run's
    store, catalog and remote service (each optional)."""

    seed: int
    out_dir: Path
    store: Store | None = None
    catalog: Catalog | None = None
    remote: RemoteGenerator | None = None

    @classmethod
    def for_run(cls, settings: Settings, store: Store | None, seed: int, out_dir: Path) -> AssetSupply:
        """The supply of one run: the catalog in the data dir, the remote service when one is configured."""
        catalog = Catalog(settings.data_dir)
        return cls(seed, out_dir, store, catalog, remote_generator(settings, catalog))

    def make(self, spec: ObjectSpec, holding: bool = False) -> AssetRef:
        """The asset for ``spec``: found in the catalog or made, written into the scene folder. A holder ``holding``
        the scene's things is made bare (make_asset)."""
        return make_asset(spec, self.seed, self.out_dir, self.store, self.catalog, self.remote, holding)


def make_asset(
    spec: ObjectSpec,
    seed: int,
    out_dir: Path,
    store: Store | None = None,
    catalog: Catalog | None = None,
    remote: RemoteGenerator | None = None,
    holding: bool = False,
) -> AssetRef:
    """Find or make the spec's GLB into ``out_dir/assets/<key>.glb``; with a store, also upload it.

    A holder ``holding`` the scene's own things (shoes on a bookcase, tools on a shop shelf) is made without the
    goods its generator stocks it with (option ``goods``), which would stand where the layout stands those things.

    Found first: a user-imported catalog asset of the category; then, for a placeholder noun, the
    remote service (its failure falls back to the procedural placeholder). The upload goes to the
    store's shared, content-addressed ``assets/<key>.glb`` (idempotent: an existing key with the
    same bytes is not sent again) and its URL becomes ``AssetRef.url``.
    """
    found = find_asset(spec, catalog, remote)
    if found is not None:
        entry, glb = found
        path, url = into_scene(out_dir, store, entry.key, glb)
        return AssetRef(key=entry.key, category=spec.category, path=path, size=entry.size, params=entry.params,
                        source=entry.source, url=url)
    variant = variant_of(spec, seed)
    with tool_call("generate_asset"):
        bare = {"goods": False} if holding and "goods" in OPTIONS.get(spec.category, {}) else None
        asset = generate(spec.category, size=target_size(spec, variant), color=spec.color, material=spec.material,
                         variant=variant, shape=spec.shape, options=bare)
    with tool_call("validate_asset"):
        validate_glb(asset.glb, GENERATED_LIMITS, parse=False)  # nothing unchecked gets in, our own output included
    if catalog is not None:  # later scenes (and `diorama assets search`) can find it
        catalog.add_generated(asset.key, asset.category, asset.glb, asset.size, asset.params)
    path, url = into_scene(out_dir, store, asset.key, asset.glb)
    return AssetRef(key=asset.key, category=spec.category, path=path, size=asset.size, params=asset.params, url=url)


def into_scene(out_dir: Path, store: Store | None, key: str, glb: bytes) -> tuple[str, str | None]:
    """Write the GLB into the scene folder and upload it: its relative path and its URL (None without a store)."""
    path = write_asset(out_dir, key, glb)
    with tool_call("storage_put"):
        url = store.put_bytes(path, glb, GLB_CONTENT_TYPE) if store is not None else None
    return path, url


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
