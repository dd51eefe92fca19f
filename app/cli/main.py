"""The `diorama` command: its parser and the generate and view subcommands.

Exit codes: 0 scene written and verified; 1 scene written but checks still fail
after repairs; 2 bad input (the message says what to change); 3 the machine
could not do the work (browser missing, storage down).
"""

from __future__ import annotations

import argparse
import importlib
import shutil
import sys
import time
from pathlib import Path

from app.cli.arguments import port_argument, seed_argument
from app.cli.output import EXIT_BAD_INPUT, EXIT_CHECKS_FAILED, EXIT_ENVIRONMENT, EXIT_OK, progress_printer, summary

# Each module adds its subcommands with register(subparsers); keep their imports light (start-up speed).
SUBCOMMAND_MODULES: tuple[str, ...] = ("app.cli.eval", "app.cli.sheet", "app.cli.assets", "app.cli.batch",
                                        "app.cli.doctor", "app.cli.serve", "app.cli.edit", "app.cli.worker")


def _generate_target(args: argparse.Namespace) -> tuple[Path, str, Path]:
    """(the output folder, the scene id, the staging folder the run writes): bad input refused before anything
    is written, the id too, as it names the staging folder."""
    from app.cli.out_folder import claim_folder
    from app.jobs.scene_folder import SCENE_MARKER, staging_folder
    from graph.scene_id import default_scene_id
    from tools.core.limits import check_scene_id, check_text

    check_text(args.prompt)
    out = claim_folder(args.out, (SCENE_MARKER,), args.force)
    scene_id = check_scene_id(args.id or default_scene_id(args.prompt, args.seed, out))
    return out, scene_id, staging_folder(out, scene_id)


def cmd_generate(args: argparse.Namespace) -> int:
    """`diorama generate`: make one scene from a prompt into a folder (app/jobs/scene_folder.py says how).

    Chromium launches on a thread of its own as soon as the input is known to be good, so its launch overlaps
    loading the graph, planning, assets and compose instead of starting the verify stage."""
    from app.jobs.scene_folder import put_in_place
    from graph.context import LazyBrowser, RunContext
    from tools.core.errors import InputError
    from tools.core.settings import get_settings

    out, scene_id, staging = _generate_target(args)
    settings = get_settings()
    started = time.perf_counter()
    browser = LazyBrowser(settings.chromium, settings.render_timeout_s)
    browser.launch_in_background()
    from app.logs import json_logging_enabled, log_progress

    progress = log_progress if json_logging_enabled() else progress_printer(started)  # JSON mode: stderr stays JSON lines
    context = RunContext(settings, browser, progress)
    try:
        from app.cli.lasting import lasting

        with lasting():
            from graph.runner import generate_scene  # LangGraph and the tools: seconds of imports, beside the launch

        state = generate_scene(args.prompt, staging, context, seed=args.seed, scene_id=scene_id, fresh_out_dir=True)
    except InputError:  # the prompt cannot be made (it never will be): nothing of it is kept
        shutil.rmtree(staging, ignore_errors=True)
        raise
    finally:
        context.browser.close()
    put_in_place(staging, out)
    print(summary(state, args.out, time.perf_counter() - started))
    return EXIT_OK if state["passed"] else EXIT_CHECKS_FAILED


def cmd_view(args: argparse.Namespace) -> int:
    """`diorama view`: serve a scene folder over HTTP until Ctrl-C."""
    from tools.core.static_server import serve_folder

    if not (args.folder / "index.html").is_file():
        print(f"error: {args.folder} has no index.html; generate a scene there first", file=sys.stderr)
        return EXIT_BAD_INPUT
    with serve_folder(args.folder, port=args.port) as url:
        print(f"Serving {args.folder} at {url}index.html  (Ctrl-C to stop)", flush=True)
        try:
            while True:
                time.sleep(3600)
        except KeyboardInterrupt:
            return EXIT_OK


def parser() -> argparse.ArgumentParser:
    """The `diorama` argument parser with every command."""
    p = argparse.ArgumentParser(prog="diorama", description="Turn a sentence into a verified 3D scene.")
    p.add_argument("--log-format", choices=("text", "json"), default=None,
                   help="stderr logs as text or JSON lines carrying scene_id (default: $DIORAMA_LOG_FORMAT, else text)")
    sub = p.add_subparsers(dest="command", required=True)
    g = sub.add_parser("generate", help="generate a scene from a prompt")
    g.add_argument("prompt", help="what the scene shows, e.g. 'a bedroom with a bed and two lamps; 4m x 4m'")
    g.add_argument("--out", type=Path, required=True,
                   help="output folder: new, empty, or a scene folder Diorama wrote (replaced when the run ends)")
    g.add_argument("--force", action="store_true", help="write into a folder that holds other files (they stay)")
    g.add_argument("--seed", type=seed_argument, default=0, help="variety seed, 0 to 2147483647 (default 0)")
    g.add_argument("--id", help="scene id; rerunning an unfinished id resumes it (default: from prompt, seed, folder)")
    g.set_defaults(func=cmd_generate)
    v = sub.add_parser("view", help="serve a scene folder on 127.0.0.1 and print its URL")
    v.add_argument("folder", type=Path)
    v.add_argument("--port", type=port_argument, default=0, help="port (default: a free one)")
    v.set_defaults(func=cmd_view)
    for module in SUBCOMMAND_MODULES:
        importlib.import_module(module).register(sub)
    return p


def _configure_logging(log_format: str | None) -> None:
    """--log-format wins over DIORAMA_LOG_FORMAT; unreadable settings leave text (the command reports them)."""
    from pydantic import ValidationError as SettingsError

    from app.logs import configure_logging
    from tools.core.settings import get_settings

    try:
        settings = get_settings()
    except SettingsError:
        configure_logging(json=log_format == "json")
        return
    configure_logging(json=(log_format or settings.log_format) == "json", level=settings.log_level)


def main(argv: list[str] | None = None) -> int:
    """Run the CLI and return its exit status, mapping known errors to their exit codes."""
    code = run_command(parser().parse_args(argv))
    if argv is None:  # the process's own command line (the diorama script, python -m app.cli): it exits next
        from app.cli.lasting import before_exit

        before_exit()
    return code


def run_command(args: argparse.Namespace) -> int:
    """Run a parsed command (``args.func``): bad settings and bad input exit 2, machine faults 3, Ctrl-C 130, each
    with a one-line message. Entry points that parse their own arguments (`python -m app.cli.serve`) call this."""
    from pydantic import ValidationError as SettingsError

    from app.jobs.health import machine_faults  # full disk, read-only folder, damaged database -> exit 3
    from tools.core.errors import DioramaError, InputError

    try:
        _configure_logging(getattr(args, "log_format", None))
        with machine_faults(folders=[value for value in vars(args).values() if isinstance(value, Path)]):
            return args.func(args)
    except SettingsError as e:  # a DIORAMA_* variable with a bad value
        if e.title != "Settings":  # any other model refusing a value is a bug, not a setting: its traceback
            raise
        problems = "; ".join(f"DIORAMA_{'_'.join(map(str, err['loc'])).upper()}: {err['msg'].removeprefix('Value error, ')}"
                             for err in e.errors())
        print(f"error: bad setting: {problems or e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except InputError as e:
        print(f"error: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except DioramaError as e:
        print(f"error: {e}", file=sys.stderr)
        return EXIT_ENVIRONMENT
    except KeyboardInterrupt:
        print("interrupted; rerun the same command to resume", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
