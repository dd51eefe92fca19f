"""Materials over a prompt set: share of planned objects carrying a texture and a normal map, texture bytes
per scene, baked-AO cost and brightness.

Each prompt is planned by the grounded planner and its assets made into a temporary scene folder, as the
assets node does; the layout and the page are not run, so "objects" are the plan's instances (the layout
may drop one that does not fit). Texture bytes per scene: the image bytes of every distinct asset GLB in
the folder, which is what the page downloads (each GLB carries its own copy of a shared pattern).

Run: .venv/bin/python bench/bench_materials.py [prompts.txt]   (default ../shared/prompts/dev.txt)
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tools.assets.generate import clear_memo, generate  # noqa: E402
from tools.core.gltf import read_glb  # noqa: E402
from tools.plan.planner import plan_prompt  # noqa: E402
from tools.supply.make import make_asset  # noqa: E402

DEFAULT_PROMPTS = Path(__file__).resolve().parents[2] / "shared" / "prompts" / "dev.txt"
TIMED_CATEGORIES = ("sofa", "chair", "table", "bed", "bookshelf", "house", "oak_tree", "car")


def glb_textures(glb: bytes) -> tuple[bool, bool, int]:
    """(any base-colour texture, any normal map, bytes of its images)."""
    gltf = read_glb(glb)
    textured = any(m.pbrMetallicRoughness and m.pbrMetallicRoughness.baseColorTexture for m in gltf.materials)
    normal = any(m.normalTexture for m in gltf.materials)
    image_bytes = sum(gltf.bufferViews[i.bufferView].byteLength for i in gltf.images if i.bufferView is not None)
    return textured, bool(normal), image_bytes


def scene_figures(prompt: str, seed: int = 0) -> tuple[int, int, int, int]:
    """(objects, textured objects, normal-mapped objects, texture bytes of the scene's assets)."""
    plan = plan_prompt(prompt, seed)
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        objects = textured = normal = 0
        for spec in plan.objects:
            ref = make_asset(spec, seed, out)
            has_texture, has_normal, _ = glb_textures((out / ref.path).read_bytes())
            objects += spec.count
            textured += spec.count * has_texture
            normal += spec.count * has_normal
        image_bytes = sum(glb_textures(p.read_bytes())[2] for p in (out / "assets").glob("*.glb"))
    return objects, textured, normal, image_bytes


def generation_ms() -> None:
    """Milliseconds to generate a few assets without the memo (baked AO included where the code has it)."""
    for category in TIMED_CATEGORIES:
        clear_memo()
        started = time.perf_counter()
        generate(category)
        print(f"  {category:<10} {1000 * (time.perf_counter() - started):7.1f} ms")


def main() -> None:
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_PROMPTS
    prompts = [line.strip() for line in path.read_text().splitlines() if line.strip() and not line.startswith("#")]
    totals = [0, 0, 0]
    scene_bytes = []
    for prompt in prompts:
        objects, textured, normal, image_bytes = scene_figures(prompt)
        totals = [totals[0] + objects, totals[1] + textured, totals[2] + normal]
        scene_bytes.append(image_bytes)
    print(f"{len(prompts)} prompts, {totals[0]} planned objects")
    print(f"textured: {totals[1] / totals[0]:.1%}  normal-mapped: {totals[2] / totals[0]:.1%}")
    print(f"texture bytes per scene: median {statistics.median(scene_bytes) / 1e3:.0f} kB, "
          f"max {max(scene_bytes) / 1e3:.0f} kB")
    print("generation time per asset (memo cleared):")
    generation_ms()


if __name__ == "__main__":
    main()
