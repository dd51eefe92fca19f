"""Output size and draw calls per scene: bytes of the folder (by part) and the page's draw calls.

    .venv/bin/python bench/bench_output.py [PROMPTS] [--limit N]
    .venv/bin/python bench/bench_output.py --folders DIR [DIR ...]   # measure existing scene folders

Instancing should make repeated objects cheap: the draw calls are compared
with the scene's distinct asset-material pairs (the fewest an instanced page
needs for its objects; floor, walls and shadow passes come on top) and with
the object count. Without a prompt file it generates a few development
prompts chosen for repetition (one table; twenty solar panels; twelve desks).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tools.evaluate.run import asset_material_pairs  # noqa: E402

DEFAULT_PROMPTS = (
    "a table",
    "a solar farm with twenty solar panels in a grid",
    "a classroom with 12 student desks in three rows, each with a chair, and a teacher's desk at the front",
    "a kitchen with a white fridge, a stove, a sink counter and a round dining table with four chairs",
)
PARTS = ("vendor", "assets", "scene.glb", "screenshots")


def _bytes(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file()) if path.is_dir() else 0


def measure(folder: Path) -> dict:
    """{bytes, by part, objects, pairs, draw_calls} of one generated scene folder (draw calls from report.json)."""
    import json

    scene = json.loads((folder / "scene.json").read_text())
    report = json.loads((folder / "report.json").read_text())
    info = report.get("render", {}).get("info") or {}
    total = _bytes(folder)
    parts = {part: _bytes(folder / part) for part in PARTS}
    parts["other"] = total - sum(parts.values())
    return {"bytes": total, "parts": parts, "objects": len(scene["objects"]),
            "pairs": asset_material_pairs(folder, scene),
            # The objects' own calls where the page reports them (floor and walls excluded), else all calls.
            "draw_calls": info.get("objectDrawCalls", info.get("drawCalls")), "all_draw_calls": info.get("drawCalls"),
            "triangles": info.get("triangles")}


def _generate(prompts: list[str], root: Path) -> list[Path]:
    from graph.context import LazyBrowser, RunContext
    from graph.runner import generate_scene
    from tools.core.settings import Settings

    settings = Settings(data_dir=root / "data", _env_file=None)
    browser = LazyBrowser(settings.chromium, settings.render_timeout_s)
    folders = []
    try:
        for i, prompt in enumerate(prompts):
            folder = root / f"s{i}"
            generate_scene(prompt, folder, RunContext(settings, browser))
            folders.append(folder)
    finally:
        browser.close()
    return folders


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("prompts", nargs="?", type=Path)
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--folders", nargs="+", type=Path)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        if args.folders:
            folders = args.folders
        else:
            prompts = ([p.strip() for p in args.prompts.read_text().splitlines() if p.strip()]
                       if args.prompts else list(DEFAULT_PROMPTS))
            folders = _generate(prompts[: args.limit] if args.limit else prompts, Path(tmp))
        rows = [(folder, measure(folder)) for folder in folders]
    print(f"{'KB':>7} {'vendor':>7} {'assets':>7} {'glb':>6} {'shots':>6}  objects pairs draws  scene")
    for folder, m in rows:
        p = {k: v // 1024 for k, v in m["parts"].items()}
        print(f"{m['bytes'] // 1024:7d} {p['vendor']:7d} {p['assets']:7d} {p['scene.glb']:6d} {p['screenshots']:6d}  "
              f"{m['objects']:7d} {m['pairs']:5d} {m['draw_calls']!s:>5}  {folder.name}")
    sizes = [m["bytes"] for _, m in rows]
    without_vendor = [m["bytes"] - m["parts"]["vendor"] for _, m in rows]
    print(f"\nbytes per scene: median {statistics.median(sizes) / 1024:.0f} KB "
          f"({statistics.median(without_vendor) / 1024:.0f} KB without vendor/)")
    within = sum(m["draw_calls"] is not None and m["draw_calls"] <= m["pairs"] for _, m in rows)
    print(f"draw calls <= asset-material pairs: {within}/{len(rows)} scenes")
    for folder, m in rows:
        if m["draw_calls"] is not None:
            print(f"  {folder.name}: {m['draw_calls']} object draw calls ({m['all_draw_calls']} in all) "
                  f"for {m['objects']} objects, {m['pairs']} pairs "
                  f"({m['draw_calls'] / max(m['objects'], 1):.2f} per object)")


if __name__ == "__main__":
    main()
