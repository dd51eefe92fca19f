"""Verification speed: browser launch once, then seconds per scene with the browser warm.

    .venv/bin/python bench/bench_verify.py [--scenes N] [--folder SCENE_DIR]

Composes one small room (table, chair, vase) with tools.page.compose, or takes an
existing scene folder, and verifies it N times on one Browser, each in a fresh
context, as the agent does. Each run splits into page load (to the ready
signal) and the views (setView, screenshot, imageStats, objectPixels).
Prints the launch time, each run, and the median and worst warm run.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tools.assets.generate import generate  # noqa: E402
from tools.core.schema import Environment, ObjectSpec, Placement, ScenePlan  # noqa: E402
from tools.page.compose import write_scene  # noqa: E402
from tools.verify.browser import Browser  # noqa: E402
from tools.verify.render import verify_scene  # noqa: E402

TARGET_WARM_SECONDS = 3.0


def compose_room(out: Path) -> None:
    """Write a 4 m x 4 m room with a table, a chair and a vase on the table."""
    assets = {"table": generate("table", material="wood"), "chair": generate("chair", color="#c0392b"),
              "vase": generate("vase", color="#2e86c1")}
    refs = {spec: asset.write_into(out) for spec, asset in assets.items()}
    plan = ScenePlan(prompt="a red chair at a wooden table with a vase", seed=0,
                     environment=Environment(kind="indoor", width=4.0, depth=4.0, windows=1),
                     objects=[ObjectSpec(key=key, category=asset.category) for key, asset in assets.items()])
    table, chair, vase = assets["table"], assets["chair"], assets["vase"]
    placements = [
        Placement(id="table_1", spec="table", category="table", asset=table.key, position=(0, 0, 0), size=table.size),
        Placement(id="chair_1", spec="chair", category="chair", asset=chair.key, position=(0, 0, 0.8), yaw=3.14159,
                  size=chair.size),
        Placement(id="vase_1", spec="vase", category="vase", asset=vase.key, position=(0.3, table.size[1], 0),
                  size=vase.size, parent="table_1", mount="surface"),
    ]
    write_scene(out, plan, refs, placements, "bench-verify", ROOT / "web" / "node_modules" / "three")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--scenes", type=int, default=5, help="warm verifications to time")
    parser.add_argument("--folder", type=Path, help="verify this scene folder instead of composing one")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        out = args.folder or Path(tmp) / "scene"
        if args.folder is None:
            compose_room(out)
        with Browser() as browser:
            print(f"browser launch: {browser.launch_seconds:.2f} s ({browser.executable})")
            cold = verify_scene(out, browser)
            print(f"first scene: {cold['seconds']:.2f} s, ready={cold['ready']}")
            warm = []
            for run in range(args.scenes):
                report = verify_scene(out, browser)
                failed = [f"{check['name']} ({check['evidence']})" for check in report["checks"] if not check["passed"]]
                warm.append(report["seconds"])
                timings = report["timings"]
                print(f"warm {run + 1}: {report['seconds']:.2f} s (load {timings.get('load', 0):.2f}, "
                      f"views {timings.get('views', 0):.2f}), {len(report['visible'])} objects, "
                      f"{len(report['views'])} views, failed: {failed or 'none'}")
    info = report["info"] or {}
    print(f"page info: {info.get('drawCalls')} draw calls ({info.get('objectDrawCalls')} for objects), "
          f"{info.get('triangles')} triangles, load {info.get('loadMs')} ms")
    print(f"warm median {statistics.median(warm):.2f} s, worst {max(warm):.2f} s "
          f"(target <= {TARGET_WARM_SECONDS:.1f} s)")


if __name__ == "__main__":
    main()
