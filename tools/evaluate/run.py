"""Evaluate finished scene folders independently of the generator's own report.

`evaluate_scene` measures one folder: geometry from the meshes themselves
(tools.evaluate.geometry), the prompt's requirements re-planned and judged on
those meshes (tools.evaluate.requirements), and a fresh render in Chromium
(tools.verify.render.verify_scene, used for the browser part only: ready, console
errors, blank frames, per-object visibility, draw calls). Whatever the
generator's report.json claimed and the measurement contradicts is listed in
`disagreements`. What the prompt names is judged from its parse (tools.evaluate.named: fitting, stand-in,
placeholder or missing; junk objects), room to move on the meshes (tools.evaluate.space: density,
navigability, unreachable seats and desks). `aggregate` sums many scenes (and the prompts that crashed or
were refused) against the issue's targets; `write_summary` writes eval.json, summary.md and a contact sheet.
"""

from __future__ import annotations

import html
import json
import statistics
import time
from pathlib import Path

from tools.verify.browser import Browser
from tools.evaluate.geometry import (bbox_mismatches, collisions, floating, load_world_objects,
                                     out_of_bounds)
from tools.evaluate.named import default_similarity, judge_named, junk_objects, verdict_counts
from tools.evaluate.requirements import judge_requirements
from tools.evaluate.space import measure_space
from tools.core.gltf import read_glb
from tools.core.manifest import SceneManifest
from tools.core.report import CheckName, Report
from tools.plan.planner import plan_prompt
from tools.plan.sentence import parse_prompt
from tools.core.static_server import serve_folder
from tools.verify.checks import VIOLATION_CHECKS
from tools.verify.render import verify_scene

TARGET_MEDIAN_SECONDS = 10.0  # end to end per dev scene, verification included
TARGET_VERIFY_SECONDS = 3.0  # one verification with a warm browser
TARGET_FITTING_SHARE = 0.95  # named things present as a fitting kind
TARGET_DENSITY = 5.0  # median objects per 10 m² of floor, indoor scenes
TARGET_NAVIGABILITY = 0.95  # median share of walkable floor in the largest region, indoor scenes
# Render success as DESIGN.md section 6 counts it: ready, no console errors, not blank.
RENDER_CHECKS = (CheckName.READY, CheckName.NO_CONSOLE_ERRORS, CheckName.NOT_BLANK)
SHEET_COLUMNS = 4
SHEET_TILE = (320, 240)


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
    named = judge_named(parsed, raw_scene.get("objects", []), default_similarity())
    indoor = scene.architecture.get("kind") == "indoor"
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
        **measure_space(objects, bounds, indoor),
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
        "colliding_object_share=0": zero("colliding_object_share"),
        "out_of_bounds_share=0": zero("out_of_bounds_share"),
        "floating_share=0": zero("floating_share"),
    }


def aggregate(records: list[dict], failures: list[dict] = ()) -> dict:
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


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def _cell(text: str) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def _named_cell(r: dict) -> str:
    counts = r["named_counts"]
    return f"{counts['fitting']}/{sum(counts.values())}"


def _space_cell(r: dict) -> str:
    if not r["indoor"]:
        return "outdoor"
    unreachable = f", {len(r['unreachable'])} unreachable" if r["unreachable"] else ""
    return f"{r['density_per_10m2']} / {r['navigability']}{unreachable}"


def summary_markdown(records: list[dict], totals: dict, failures: list[dict] = ()) -> str:
    """The human summary: one table row per scene, then the aggregate, the targets and what was not evaluated."""
    lines = ["# Evaluation", "", "| # | prompt | gen | render | objects | collisions | out | floating | visible "
             "| requirements | named fitting | junk | density / navigability | disagreements | seconds | KB "
             "| object draw calls (all) / pairs |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for i, r in enumerate(records, 1):
        met = sum(req["passed"] for req in r["requirements"])
        lines.append(
            f"| {r.get('number') or i} | {_cell(r['prompt'][:80])} | {'pass' if r['generator_passed'] else 'FAIL'} "
            f"| {'ok' if r['render_ok'] else 'FAIL'} | {r['objects']} | {len(r['collisions'])} "
            f"| {len(r['out_of_bounds'])} | {len(r['floating'])} | {_pct(r['visible_share'])} "
            f"| {met}/{len(r['requirements'])} | {_named_cell(r)} | {len(r['junk'])} | {_space_cell(r)} "
            f"| {len(r['disagreements'])} "
            f"| {r['seconds'] if r['seconds'] is not None else '-'} | {r['bytes'] // 1024} "
            f"| {r.get('object_draw_calls')} ({r['draw_calls']}) / {r['asset_material_pairs']} |")
    lines += ["", "## Aggregate", "", "| measure | value |", "|---|---|"]
    for key, value in totals.items():
        if key == "targets":
            continue
        shown = _pct(value) if key.endswith(("_share", "_rate")) else value
        lines.append(f"| {key} | {shown} |")
    lines += ["", "## Targets", "", "| target | value | met |", "|---|---|---|"]
    lines += [f"| {name} | {t['value']} | {'yes' if t['met'] else 'no'} |" for name, t in totals["targets"].items()]
    if failures:
        lines += ["", "## Not evaluated", "", "| # | prompt | kind | error |", "|---|---|---|---|"]
        lines += [f"| {f['number']} | {_cell(f['prompt'][:80])} | {f['kind']} | {_cell(f['type'] + ': ' + f['message'])} |"
                  for f in failures]
    shown = [(r.get("number") or i, n) for i, r in enumerate(records, 1) for n in r["named"] if n["verdict"] != "fitting"]
    if shown:
        lines += ["", "## Named things not present as a fitting kind", ""]
        lines += [f"- scene {i}: {_cell(n['name'])}: {n['verdict']} ({_cell(n['why'])})" for i, n in shown]
    junk = [(r.get("number") or i, j) for i, r in enumerate(records, 1) for j in r["junk"]]
    if junk:
        lines += ["", "## Junk objects", ""]
        lines += [f"- scene {i}: {_cell(j['id'])} ({_cell(j['noun'])}): {_cell(j['why'])}" for i, j in junk]
    failing = [(i, r) for i, r in enumerate(records, 1) if r["disagreements"]]
    if failing:
        lines += ["", "## Disagreements with the generator's report", ""]
        for i, r in failing:
            lines += [f"- scene {i}: {_cell(d['what'])}: generator {_cell(json.dumps(d['generator']))}, "
                      f"measured {_cell(json.dumps(d['measured']))}" for d in r["disagreements"][:8]]
    return "\n".join(lines) + "\n"


def contact_sheet_html(out: Path, records: list[dict]) -> str:
    """A page of every scene's hero screenshot (paths relative to ``out``) with its prompt as caption."""
    width, height = SHEET_TILE
    tiles = []
    for i, r in enumerate(records, 1):
        hero = Path(r["folder"]) / "screenshots" / "hero.png"
        try:
            src = hero.resolve().relative_to(out.resolve()).as_posix()
        except ValueError:
            src = ""  # outside the served folder: an empty tile says so
        tiles.append(f'<figure><img src="{html.escape(src)}" width="{width}" height="{height}" alt="">'
                     f"<figcaption>{i}. {html.escape(r['prompt'])}</figcaption></figure>")
    return ("<!doctype html><meta charset='utf-8'><style>body{margin:8px;font:12px sans-serif;background:#fff}"
            f"main{{display:grid;grid-template-columns:repeat({SHEET_COLUMNS},{width}px);gap:8px}}"
            "figure{margin:0}img{display:block;background:#ddd}figcaption{height:4.5em;overflow:hidden}</style>"
            f"<main>{''.join(tiles)}</main>")


def write_contact_sheet(out: Path, records: list[dict], browser: Browser) -> Path:
    """out/contact_sheet.png: the contact sheet page rendered by ``browser`` (full page)."""
    page_path = out / "contact_sheet.html"
    page_path.write_text(contact_sheet_html(out, records), encoding="utf-8")
    image = out / "contact_sheet.png"
    width = SHEET_COLUMNS * (SHEET_TILE[0] + 8) + 16
    with serve_folder(out) as base_url, browser.new_page((width, 100)) as page:
        page.goto(base_url + page_path.name, wait_until="load")
        page.screenshot(path=str(image), full_page=True, type="png")
    return image


def write_summary(out: Path, records: list[dict], browser: Browser, failures: list[dict] = ()) -> dict:
    """Write out/eval.json, out/summary.md and out/contact_sheet.png; returns the aggregate.

    failures: the prompts that crashed or were refused (see ``aggregate``)."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    failures = list(failures)
    totals = aggregate(records, failures)
    (out / "eval.json").write_text(json.dumps({"aggregate": totals, "scenes": records, "failures": failures},
                                              indent=2, default=str) + "\n", encoding="utf-8")
    (out / "summary.md").write_text(summary_markdown(records, totals, failures), encoding="utf-8")
    write_contact_sheet(out, records, browser)
    return totals
