"""How the hero view frames its subject, from the scene.json files of an eval folder (no rendering).

    python bench/bench_hero.py EVAL_DIR [--subjects OTHER_EVAL_DIR]

Per scene: how far the hero looks down (degrees), its distance to its target and to the subject's centre, the
camera's height and, indoors, whether it stands inside the room (else whether the floor's edge shows); the subject's share of the frame (its boxes'
projected rectangle, clipped to the frame) and how many subject objects the frame cuts (a box corner outside
it). The subject is the requested objects, else the hero's own ``subject`` ids (tools/page/camera.py), else
those of the same scene in ``--subjects`` (so a folder made before the hero named its subject is measured on
the subject chosen after). Where the hero frames only part of the requested objects (a large room, things far
apart outdoors), ``framed`` counts the part it names and ``framed cut`` how many of that part the frame cuts.
Prints one line a scene and the medians, indoors and outdoors apart.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
from pathlib import Path

import numpy as np

from tools.page.camera import ROOM_INSET, floor_edge_shows, ndc, view_contains

ASPECT = 4 / 3  # the verifier's 1024x768 viewport (tools/page/compose.DESIGN_ASPECT)


def _subject(scene: dict, other: dict | None) -> list[dict]:
    by_id = {o["id"]: o for o in scene["objects"]}
    asked = [o for o in scene["objects"] if o["requested"]]
    if asked:
        return asked
    for source in (scene, other):
        ids = (source or {}).get("camera", {}).get("views", {}).get("hero", {}).get("subject")
        if ids:
            return [by_id[i] for i in ids if i in by_id]
    return []


def frame_share(view: dict, objects: list[dict]) -> float:
    """Share of the frame the rectangle round the objects' projected box corners covers, clipped to the frame."""
    points = [ndc(view, (x, y, z), ASPECT) for o in objects
              for x in (o["bbox"]["min"][0], o["bbox"]["max"][0]) for y in (o["bbox"]["min"][1], o["bbox"]["max"][1])
              for z in (o["bbox"]["min"][2], o["bbox"]["max"][2])]
    drawn = np.array([p for p in points if p is not None])
    if not len(drawn):
        return 0.0
    lo, hi = np.clip(drawn.min(axis=0), -1, 1), np.clip(drawn.max(axis=0), -1, 1)
    return float(np.prod(hi - lo) / 4)


def measure(scene: dict, other: dict | None) -> dict:
    hero = scene["camera"]["views"]["hero"]
    position, target = np.asarray(hero["position"]), np.asarray(hero["target"])
    back = position - target
    subject = _subject(scene, other)
    named = set(hero.get("subject") or [o["id"] for o in subject])
    part = [o for o in subject if o["id"] in named] or subject
    centre = (np.mean([o["bbox"]["min"] for o in subject], axis=0) + np.mean([o["bbox"]["max"] for o in subject], axis=0)) / 2 \
        if subject else target
    lo, hi = np.asarray(scene["bounds"]["min"]), np.asarray(scene["bounds"]["max"])
    indoor = scene["architecture"]["kind"] == "indoor"
    inside = bool(np.all(position[[0, 2]] >= lo[[0, 2]] + ROOM_INSET - 1e-3)
                  and np.all(position[[0, 2]] <= hi[[0, 2]] - ROOM_INSET + 1e-3)) if indoor else None
    return {
        "indoor": indoor,
        "elevation": math.degrees(math.atan2(back[1], math.hypot(back[0], back[2]))),
        "distance": float(np.linalg.norm(back)),
        "to_subject": float(np.linalg.norm(position - centre)),
        "height": float(position[1]),
        "inside": inside,
        "edge": indoor and not inside and floor_edge_shows(hero, (lo, hi), ASPECT),  # the floor slab's edge in frame
        "share": frame_share(hero, subject),
        "cut": sum(not view_contains(hero, o["bbox"]["min"], o["bbox"]["max"], ASPECT, hero["fov"]) for o in subject),
        "subject": len(subject),
        "framed": len(part),
        "framed_cut": sum(not view_contains(hero, o["bbox"]["min"], o["bbox"]["max"], ASPECT, hero["fov"]) for o in part),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--subjects", type=Path, help="an eval folder of the same prompts naming the heroes' subjects")
    args = parser.parse_args()
    rows = []
    for path in sorted(args.folder.glob("*/scene.json")):
        scene = json.loads(path.read_text())
        twin = args.subjects / path.parent.name / "scene.json" if args.subjects else None
        other = json.loads(twin.read_text()) if twin is not None and twin.is_file() else None
        row = measure(scene, other)
        rows.append(row)
        print(f"{path.parent.name:<40} {'in ' if row['indoor'] else 'out'} down {row['elevation']:5.1f}  "
              f"dist {row['distance']:5.1f}  to subject {row['to_subject']:5.1f}  y {row['height']:4.2f}  "
              f"inside {row['inside']!s:<5}  share {row['share']:.2f}  cut {row['cut']}/{row['subject']}  "
              f"framed {row['framed']} (cut {row['framed_cut']})")
    for label, group in (("indoor", [r for r in rows if r["indoor"]]), ("outdoor", [r for r in rows if not r["indoor"]])):
        if not group:
            continue
        med = {k: statistics.median(r[k] for r in group) for k in ("elevation", "distance", "to_subject", "height", "share")}
        inside = sum(bool(r["inside"]) for r in group)
        print(f"{label}: {len(group)} scenes, median down {med['elevation']:.1f} deg (max "
              f"{max(r['elevation'] for r in group):.1f}), to target {med['distance']:.1f} m, to subject "
              f"{med['to_subject']:.1f} m, camera y {med['height']:.2f} m, subject share {med['share']:.2f}, "
              f"subject objects cut {sum(r['cut'] for r in group)}/{sum(r['subject'] for r in group)}, framed part "
              f"{sum(r['framed'] for r in group)} (cut {sum(r['framed_cut'] for r in group)})"
              + (f", inside the room {inside}/{len(group)}, behind a wall with the floor's edge in frame "
                 f"{sum(bool(r['edge']) for r in group)}" if label == "indoor" else ""))


if __name__ == "__main__":
    main()
