"""Evaluate finished scene folders independently of the generator's own report.

`evaluate_scene` measures one folder: geometry from the meshes themselves
(tools.evaluate.geometry), the prompt's requirements re-planned and judged on
those meshes (tools.evaluate.requirements), and a fresh render in Chromium
(tools.verify.render.verify_scene, used for the browser part only: ready, console
errors, blank frames, per-object visibility, draw calls). Whatever the
generator's report.json claimed and the measurement contradicts is listed in
`disagreements`. What the prompt names is judged from its parse (tools.evaluate.named: fitting, stand-in,
placeholder or missing; junk objects), room to move on the meshes (tools.evaluate.space: density,
navigability, unreachable seats and desks, what blocks a door's swing or a window, doors not reached). `aggregate` sums many scenes (and the prompts that crashed or
were refused) against the issue's targets; tools.evaluate.summary writes them down.
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Sequence
from pathlib import Path

from tools.core.gltf import read_glb
from tools.core.manifest import SceneManifest
from tools.core.report import CheckName, Report
from tools.evaluate.geometry import bbox_mismatches, collisions, floating, load_world_objects, out_of_bounds
from tools.evaluate.named import default_similarity, judge_named, junk_objects, surfaces_drawn, verdict_counts
from tools.evaluate.requirements import judge_requirements
from tools.evaluate.space import measure_space
from tools.plan.planner import plan_prompt
from tools.plan.sentence import parse_prompt
from tools.verify.browser import Browser
from tools.verify.checks import VIOLATION_CHECKS
from tools.verify.render import verify_scene

TARGET_MEDIAN_SECONDS = 10.0  # end to end per dev scene, verification included
TARGET_VERIFY_SECONDS = 3.0  # one verification with a warm browser
TARGET_FITTING_SHARE = 0.95  # named things present as a fitting kind
TARGET_DENSITY = 5.0  # median objects per 10 m² of floor, indoor scenes
TARGET_NAVIGABILITY = 0.95  # median share of walkable floor in the largest region, indoor scenes
# Render success as DESIGN.md section 6 counts it: ready, no console errors, not blank.
RENDER_CHECKS = (CheckName.READY, CheckName.NO_CONSOLE_ERRORS, CheckName.NOT_BLANK)


def folder_bytes(folder: Path) -> int:
    """Bytes of every file under ``folder`` (vendor/ included: it ships with the scene)."""
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file())


def asset_material_pairs(folder: Path, scene: dict) -> int:
    """Distinct (asset, material) pairs among the scene's objects: the fewest draw calls instancing allows."""
    return sum(len(read_glb((folder / asset).read_bytes()).materials) or 1
               for asset in {entry["asset"] for entry in scene.get("objects", [])})


def _read_json(path: Path) -> dict | None:
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None


def evaluate_scene(folder: Path, browser: Browser, seed: int | None = None, seconds: float | None = None,
                   number: int | None = None) -> dict:
    """Measure one scene folder; returns the per-scene record of eval.json.

    seed: the seed the prompt was planned with (default: scene.json's);
    seconds: end-to-end generation seconds, when the caller timed it;
    number: the prompt's number in its file (kept in the record).
    """
    folder = Path(folder)
    started = time.perf_counter()
    raw_scene = _read_json(folder / "scene.json")
    if raw_scene is None:
        raise FileNotFoundError(f"{folder} has no scene.json")
    scene = SceneManifest.model_validate(raw_scene)
    raw_report = _read_json(folder / "report.json")
    report = Report.model_validate(raw_report) if raw_report is not None else None
    objects = load_world_objects(folder, raw_scene)  # the measuring helpers take scene.json's JSON as it is
    plan = plan_prompt(scene.prompt, scene.seed if seed is None else seed)
    bounds = scene.bounds.model_dump()
    geometry_started = time.perf_counter()
    measured = {
        "collisions": collisions(objects),
        "out_of_bounds": out_of_bounds(objects, bounds),
        "floating": floating(objects, bounds),
        "bbox_mismatches": bbox_mismatches(objects),
    }
    geometry_seconds = time.perf_counter() - geometry_started
    requirements = judge_requirements(plan, folder, raw_scene, objects)
    parsed = parse_prompt(scene.prompt)
    indoor = scene.architecture.get("kind") == "indoor"
    look = {**(raw_scene.get("look") or {}), "outdoor": not indoor}  # the page draws weather outdoors only
    named = judge_named(parsed, raw_scene.get("objects", []), default_similarity(), look,
                        surfaces_drawn(scene.architecture))
    render = verify_scene(folder, browser)
    render_passed = {check["name"]: check["passed"] for check in render["checks"]}
    visible = render["visible"]
    record = {
        "number": number,
        "prompt": scene.prompt,
        "folder": str(folder),
        "seconds": round(seconds, 3) if seconds is not None else None,
        "stage_seconds": report.timings if report else {},
        "generator_passed": report.passed if report else None,
        "render_ok": all(render_passed.get(name, False) for name in RENDER_CHECKS),
        "objects": len(objects),
        **measured,
        "visible_share": round(sum(visible.values()) / len(visible), 4) if visible else (1.0 if not objects else 0.0),
        "hidden": sorted(object_id for object_id, seen in visible.items() if not seen),
        "requirements": requirements,
        "named": named,
        "named_counts": verdict_counts(named),
        "junk": junk_objects(parsed, raw_scene.get("objects", [])),
        **measure_space(objects, bounds, indoor, scene.architecture),
        "bytes": folder_bytes(folder),
        "draw_calls": (render.get("info") or {}).get("drawCalls"),  # the whole frame, room included
        "object_draw_calls": (render.get("info") or {}).get("objectDrawCalls"),  # what the pairs target is about
        "asset_material_pairs": asset_material_pairs(folder, raw_scene),
        "render": {"ready": render["ready"], "error": render["error"], "console_errors": render["console_errors"][:5],
                   "checks": render_passed, "seconds": render["seconds"], "info": render.get("info")},
        "geometry_seconds": round(geometry_seconds, 3),
    }
    record["disagreements"] = disagreements(report, record)
    record["evaluate_seconds"] = round(time.perf_counter() - started, 3)
    return record


def disagreements(report: Report | None, record: dict) -> list[dict]:
    """[{what, generator, measured}] wherever report.json (or scene.json's boxes) and the measurement differ;
    report None: the folder has no report.json, so only the boxes can disagree."""
    found = []
    claimed = {check.name: check.passed for check in report.checks} if report else {}
    for field, name in VIOLATION_CHECKS.items():
        if name in claimed and claimed[name] != (not record[field]):
            found.append({"what": name, "generator": claimed[name], "measured": record[field]})
    for name, passed in record["render"]["checks"].items():
        if name in claimed and claimed[name] != passed:
            found.append({"what": name, "generator": claimed[name], "measured": passed})
    said = {req.id: req.passed for req in report.requirements} if report else {}
    for req in record["requirements"]:
        if req["id"] not in said:
            found.append({"what": f"requirement {req['id']}", "generator": "absent", "measured": req["passed"]})
        elif said[req["id"]] != req["passed"]:
            found.append({"what": f"requirement {req['id']}", "generator": said[req["id"]],
                          "measured": f"{req['passed']} ({req['evidence']})"})
    for mismatch in record["bbox_mismatches"]:
        if mismatch.get("kind") == "loose":
            continue  # a conservative box is imprecise, not wrong; eval.json still lists it
        found.append({"what": f"scene.json bbox of {mismatch['id']}", "generator": mismatch["claimed"],
                      "measured": mismatch["measured"]})
    return found


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..1) of a non-empty list."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def _share(part: int, whole: int) -> float | None:
    return round(part / whole, 4) if whole else None


def _median(values: list[float]) -> float | None:
    return round(statistics.median(values), 4) if values else None


def prompt_measures(records: list[dict], failures: list[dict]) -> dict:
    """Named things' shares, junk, crashes and refusals, and the indoor scenes' density and navigability."""
    counts = {v: sum(r["named_counts"][v] for r in records) for v in ("fitting", "stand-in", "placeholder", "missing")}
    named = sum(counts.values())
    indoor = [r for r in records if r["indoor"]]
    densities = [r["density_per_10m2"] for r in indoor if r["density_per_10m2"] is not None]
    navigable = [r["navigability"] for r in indoor]
    return {
        "named_things": named,
        "fitting_share": _share(counts["fitting"], named),
        "stand_in_share": _share(counts["stand-in"], named),
        "placeholder_share": _share(counts["placeholder"], named),
        "missing_share": _share(counts["missing"], named),
        "junk_objects": sum(len(r["junk"]) for r in records),
        "crashes": sum(f["kind"] == "crash" for f in failures),
        "input_errors": sum(f["kind"] == "input_error" for f in failures),
        "indoor_scenes": len(indoor),
        "median_density_per_10m2": _median(densities),
        "p10_density_per_10m2": round(percentile(densities, 0.1), 4) if densities else None,
        "median_navigability": _median(navigable),
        "navigable_scene_share": _share(sum(n >= TARGET_NAVIGABILITY for n in navigable), len(navigable)),
        "unreachable_usable_objects": sum(len(r["unreachable"]) for r in indoor),
        **opening_measures(indoor),
    }


def opening_measures(indoor: list[dict]) -> dict:
    """Doors and windows of the indoor scenes: how many, how many have something standing in front of them,
    how many doors the walkable floor misses (obstructed: the three summed), and the share of scenes whose
    openings are all clear and reached."""
    doors = [d for r in indoor for d in r["doors"]]
    windows = [w for r in indoor for w in r["windows"]]
    clear = [all(not o["blocked_by"] for o in r["doors"] + r["windows"]) and all(d["reached"] for d in r["doors"])
             for r in indoor]
    blocked_doors, unreached = sum(bool(d["blocked_by"]) for d in doors), sum(not d["reached"] for d in doors)
    blocked_windows = sum(bool(w["blocked_by"]) for w in windows)
    return {
        "doors": len(doors),
        "blocked_doors": blocked_doors,
        "unreached_doors": unreached,
        "windows": len(windows),
        "blocked_windows": blocked_windows,
        "obstructed_openings": blocked_doors + unreached + blocked_windows,
        "clear_openings_scene_share": _share(sum(clear), len(clear)),
    }


def _prompt_targets(result: dict) -> dict:
    """The issue's targets for what the prompt names and room to move, each {value, met}."""
    def at_least(key: str, bound: float) -> dict:
        return {"value": result[key], "met": result[key] is not None and result[key] >= bound}

    def zero(key: str) -> dict:
        return {"value": result[key], "met": not result[key]}

    return {
        "fitting_share>=0.95": at_least("fitting_share", TARGET_FITTING_SHARE),
        "junk_objects=0": zero("junk_objects"),
        "crashes=0": zero("crashes"),
        "median_density_per_10m2>=5": at_least("median_density_per_10m2", TARGET_DENSITY),
        "median_navigability>=0.95": at_least("median_navigability", TARGET_NAVIGABILITY),
        "unreachable_usable_objects=0": zero("unreachable_usable_objects"),
        "obstructed_openings=0": zero("obstructed_openings"),
        "colliding_object_share=0": zero("colliding_object_share"),
        "out_of_bounds_share=0": zero("out_of_bounds_share"),
        "floating_share=0": zero("floating_share"),
    }


def aggregate(records: list[dict], failures: Sequence[dict] = ()) -> dict:
    """Totals over scenes: the shares of DESIGN.md section 6, times, and each issue target with met or not.

    failures: [{number, prompt, kind ('crash' or 'input_error'), type, message}] of the prompts not evaluated."""
    total = sum(r["objects"] for r in records)
    colliding = sum(len({obj for pair in r["collisions"] for obj in (pair["a"], pair["b"])}) for r in records)
    requirements = [req for r in records for req in r["requirements"]]
    visible = sum(round(r["visible_share"] * r["objects"]) for r in records)
    seconds = [r["seconds"] for r in records if r["seconds"] is not None]
    verify = [r["render"]["seconds"] for r in records]
    # The target counts the objects' calls: floor, walls and windows add a handful more, reported apart.
    draw_ok = [r.get("object_draw_calls") is not None and r["object_draw_calls"] <= r["asset_material_pairs"]
               for r in records]
    result = {
        "scenes": len(records),
        "objects": total,
        "generator_passed_share": _share(sum(bool(r["generator_passed"]) for r in records), len(records)),
        "render_success_share": _share(sum(r["render_ok"] for r in records), len(records)),
        "colliding_object_share": _share(colliding, total),
        "collision_free_scene_share": _share(sum(not r["collisions"] for r in records), len(records)),
        "out_of_bounds_share": _share(sum(len(r["out_of_bounds"]) for r in records), total),
        "floating_share": _share(sum(len(r["floating"]) for r in records), total),
        "requirement_pass_rate": _share(sum(req["passed"] for req in requirements), len(requirements)),
        "requirements": len(requirements),
        "visibility_share": _share(visible, total),
        "disagreements": sum(len(r["disagreements"]) for r in records),
        "loose_bboxes": sum(m.get("kind") == "loose" for r in records for m in r["bbox_mismatches"]),
        "scenes_with_disagreements": sum(bool(r["disagreements"]) for r in records),
        "median_seconds": round(statistics.median(seconds), 3) if seconds else None,
        "p90_seconds": round(percentile(seconds, 0.9), 3) if seconds else None,
        "median_verify_seconds": round(statistics.median(verify), 3) if verify else None,
        "median_bytes": int(statistics.median([r["bytes"] for r in records])) if records else None,
        **prompt_measures(records, list(failures)),
    }
    result["targets"] = {
        "median_end_to_end_s<=10": {"value": result["median_seconds"],
                                     "met": bool(seconds) and result["median_seconds"] <= TARGET_MEDIAN_SECONDS},
        "verification_warm_s<=3": {"value": result["median_verify_seconds"],
                                   "met": bool(verify) and result["median_verify_seconds"] <= TARGET_VERIFY_SECONDS},
        "object_draw_calls<=asset_material_pairs": {"value": f"{sum(draw_ok)}/{len(records)} scenes",
                                             "met": bool(records) and all(draw_ok)},
        **_prompt_targets(result),
    }
    return result
