"""The asset contact sheet: every category x variant rendered in Chromium, grouped by family.

``render_sheet(out, browser)`` writes a small static site into ``out``
(``index.html`` from web/sheet, ``sheet.js`` bundled with three.js by tools.page.bundle,
``sheet.json``, ``assets/``), renders it the way the verifier renders scenes, and saves
``sheet.png`` (everything) and ``sheet-<family>.png`` (one per generator
family, easier to read). Tiles look at each asset from the front-right and
above, so a wrong facing (front must be +Z) shows at a glance.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from tools.assets.generate import GeneratedAsset, generate
from tools.assets.registry import GENERATORS, VARIANTS
from tools.core.errors import RenderError
from tools.core.gltf import read_glb
from tools.core.static_server import serve_folder
from tools.page.bundle import page_bundle
from tools.verify.browser import Browser

SHEET_DIR = Path(__file__).resolve().parents[2] / "web" / "sheet"
TILE_PX = 180
COLUMNS = 8
VIEWPORT = (COLUMNS * (TILE_PX + 8) + 40, 900)
BLANK_SPREAD = 2.0  # luminance std (0..255) under which a tile shows nothing but background
_FAMILY_PREFIX = "tools.assets.families."
_SETTLED_JS = "() => ['ready', 'error'].includes(document.documentElement?.dataset.dioramaState)"


@dataclass(frozen=True)
class SheetTile:
    """One contact sheet tile: a category's variant of a generator family."""

    family: str
    category: str
    variant: int


def family_of(category: str) -> str:
    """The generator family of ``category``: its module's name, e.g. 'props_home'."""
    return GENERATORS[category].__module__.removeprefix(_FAMILY_PREFIX)


def families() -> list[str]:
    """Every generator family, sorted."""
    return sorted({family_of(c) for c in GENERATORS})


def sheet_tiles(only: Iterable[str] | None = None) -> list[SheetTile]:
    """One tile per category variant, ordered by family, then category, then variant.

    only: family names to keep (all when None). Raises ValueError for an unknown family.
    """
    wanted = set(only) if only is not None else set(families())
    unknown = wanted - set(families())
    if unknown:
        raise ValueError(f"unknown asset families {sorted(unknown)}; expected some of {families()}")
    tiles = [SheetTile(family_of(c), c, v) for c in GENERATORS for v in range(VARIANTS[c])]
    return sorted((t for t in tiles if t.family in wanted), key=lambda t: (t.family, t.category, t.variant))


def triangle_count(glb: bytes) -> int:
    """Triangles in every primitive of a GLB (indexed or not)."""
    gltf = read_glb(glb)
    count = 0
    for mesh in gltf.meshes:
        for prim in mesh.primitives:
            accessor = prim.indices if prim.indices is not None else prim.attributes.POSITION
            count += gltf.accessors[accessor].count // 3
    return count


def write_sheet_site(out: Path, three_dir: Path, only: Iterable[str] | None = None) -> dict:
    """Generate every tile's asset into ``out/assets`` and write the page; returns sheet.json's dict."""
    out.mkdir(parents=True, exist_ok=True)
    (out / "assets").mkdir(exist_ok=True)
    by_family: dict[str, list[dict]] = {}
    for tile in sheet_tiles(only):
        asset = generate(tile.category, variant=tile.variant)
        by_family.setdefault(tile.family, []).append(_tile_entry(out, tile, asset))
    data = {
        "tile": TILE_PX,
        "columns": COLUMNS,
        "families": [{"name": name, "tiles": tiles} for name, tiles in by_family.items()],
    }
    (out / "sheet.json").write_text(json.dumps(data, indent=1))
    (out / "index.html").write_bytes((SHEET_DIR / "index.html").read_bytes())
    (out / "sheet.js").write_bytes((page_bundle(three_dir) / "sheet.js").read_bytes())
    return data


def _tile_entry(out: Path, tile: SheetTile, asset: GeneratedAsset) -> dict:
    path = out / "assets" / f"{asset.key}.glb"
    if not path.exists():  # content-addressed: an existing file already holds these bytes
        path.write_bytes(asset.glb)
    return {
        "category": tile.category,
        "variant": tile.variant,
        "asset": f"assets/{asset.key}.glb",
        "size": list(asset.size),
        "triangles": triangle_count(asset.glb),
    }


def render_sheet(
    out: Path,
    browser: Browser,
    three_dir: Path | None = None,
    only: Iterable[str] | None = None,
    timeout_s: float = 600,
) -> list[Path]:
    """Write the sheet site into ``out`` and screenshot it; returns [sheet.png, sheet-<family>.png ...].

    only: the families to draw (default all; see families()).
    Also writes ``out/sheet-report.json``: tile count, per-tile luminance
    spread, blank tiles, console errors and seconds. Raises RenderError when
    the page fails, logs console errors, or does not finish in ``timeout_s``.
    """
    from tools.core.settings import get_settings

    out = Path(out)
    data = write_sheet_site(out, Path(three_dir or get_settings().three_dir), only)
    started = time.perf_counter()
    errors: list[str] = []
    with serve_folder(out) as base_url, browser.new_page(VIEWPORT) as page:
        page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(base_url + "index.html")
        page.wait_for_function(_SETTLED_JS, timeout=timeout_s * 1000)
        state = page.evaluate("() => document.documentElement.dataset")
        if state.get("dioramaState") != "ready" or errors:
            raise RenderError(f"asset sheet did not render: {state.get('dioramaError') or errors}")
        result = page.evaluate("() => window.sheet")
        written = [out / "sheet.png"]
        page.screenshot(path=str(written[0]), full_page=True)
        for family in data["families"]:
            path = out / f"sheet-{family['name']}.png"
            page.locator(f"section[data-family='{family['name']}']").screenshot(path=str(path))
            written.append(path)
    report = {
        "tiles": result["tiles"],
        "blank": sorted(k for k, v in result["spreads"].items() if v < BLANK_SPREAD),
        "spreads": result["spreads"],
        "render_ms": round(result["renderMs"]),
        "seconds": round(time.perf_counter() - started, 2),
    }
    (out / "sheet-report.json").write_text(json.dumps(report, indent=1))
    return written
