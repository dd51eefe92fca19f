"""`diorama edit DIR "instruction"`: a new revision of a scene; `diorama edit DIR --list`: its revisions.

Progress, summary and exit codes are generate's: 0 the new revision verified, 1 written but checks
still fail, 2 the instruction was not understood or names nothing in the scene, 3 environment.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path


def cmd_edit(args: argparse.Namespace) -> int:
    """`diorama edit`: apply an instruction to a scene folder as a new revision, or list its revisions."""
    from app.cli.output import EXIT_BAD_INPUT, EXIT_CHECKS_FAILED, EXIT_OK, progress_printer, summary

    if args.list:
        return _print_revisions(args.folder)
    if not args.instruction or not args.instruction.strip():
        print("error: say what to change, e.g. diorama edit out/living \"make the sofa blue\"", file=sys.stderr)
        return EXIT_BAD_INPUT
    from app.logs import json_logging_enabled, log_progress
    from graph.context import LazyBrowser, RunContext
    from tools.core.settings import get_settings

    settings = get_settings()
    started = time.perf_counter()
    browser = LazyBrowser(settings.chromium, settings.render_timeout_s)
    if (Path(args.folder) / "scene.json").is_file():  # as generate: the launch overlaps imports and the edit
        browser.launch_in_background()
    progress = log_progress if json_logging_enabled() else progress_printer(started)  # as generate's
    context = RunContext(settings, browser, progress)
    try:
        from app.cli.lasting import lasting

        with lasting():
            from graph.edit import edit_scene
            from tools.edit.account import account_lines, scene_lines

        state = edit_scene(args.folder, args.instruction, context)
    finally:
        context.browser.close()
    print(summary(state, args.folder, time.perf_counter() - started))
    print(f"  kept in place: {len(state.get('pinned', []))} of {len(state['placements'])} objects")
    edit = state["report"].get("edit", {})
    print("\n".join(scene_lines(edit.get("scene", [])) + account_lines(edit.get("objects", []))))
    return EXIT_OK if state["passed"] else EXIT_CHECKS_FAILED


def _print_revisions(folder: Path) -> int:
    from graph.revisions import list_revisions

    for entry in list_revisions(folder):
        counts = ", ".join(f"{n} {word}" for word, n in (entry.get("counts") or {}).items())
        print(f"{entry['revision']:3d}  {entry['created_at']}  {entry['instruction'] or '(generated)'}"
              + (f"  [{counts}]" if counts else ""))
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    """Add the `edit` command to the CLI."""
    e = sub.add_parser("edit", help="change a generated scene by an instruction (a new revision), or list revisions")
    e.add_argument("folder", type=Path, help="the scene's output folder")
    e.add_argument("instruction", nargs="?", help="e.g. 'make the sofa blue and move the lamp next to it'")
    e.add_argument("--list", action="store_true", help="list the scene's revisions instead")
    e.set_defaults(func=cmd_edit)
