"""What `diorama eval` writes: eval.json, summary.md (a row per scene, the aggregate, the targets, what was
not evaluated and why) and contact_sheet.png (every scene's hero screenshot)."""

from __future__ import annotations

import html
import json
from collections.abc import Sequence
from pathlib import Path

from tools.core.static_server import serve_folder
from tools.evaluate.run import aggregate
from tools.verify.browser import Browser

SHEET_COLUMNS = 4
SHEET_TILE = (320, 240)


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
    return f"{r['density_per_10m2']} / {r['navigability']}{unreachable} / {opening_words(r)}"


def opening_words(r: dict) -> str:
    """An indoor scene's doors and windows in a few words: 'openings clear', else what is wrong with which."""
    wrong = [f"{o['id']} blocked by {', '.join(o['blocked_by'])}" for o in r["doors"] + r["windows"] if o["blocked_by"]]
    wrong += [f"{d['id']} not reached" for d in r["doors"] if not d["reached"]]
    return "; ".join(wrong) or "openings clear"


def summary_markdown(records: list[dict], totals: dict, failures: Sequence[dict] = ()) -> str:
    """The human summary: one table row per scene, then the aggregate, the targets and what was not evaluated."""
    lines = ["# Evaluation", "", "| # | prompt | gen | render | objects | collisions | out | floating | visible "
             "| requirements | named fitting | junk | density / navigability / openings | disagreements | seconds | KB "
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
    shown = [(r.get("number") or i, n) for i, r in enumerate(records, 1) for n in r["named"] if n["verdict"] not in ("fitting", "scene")]
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


def write_summary(out: Path, records: list[dict], browser: Browser, failures: Sequence[dict] = ()) -> dict:
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
