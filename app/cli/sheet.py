"""`diorama sheet --out DIR`: render the asset contact sheet (every category x variant) for review."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def cmd_sheet(args: argparse.Namespace) -> int:
    """`diorama sheet`: render the contact sheet of every asset category and variant."""
    from app.cli.output import EXIT_BAD_INPUT, EXIT_ENVIRONMENT, EXIT_OK
    from tools.core.errors import RenderError
    from tools.core.settings import get_settings
    from tools.evaluate.sheet import render_sheet
    from tools.verify.browser import Browser

    settings = get_settings()
    try:
        with Browser(settings.chromium, settings.render_timeout_s) as browser:
            written = render_sheet(args.out, browser, settings.three_dir, args.family or None)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except (RenderError, FileNotFoundError) as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_ENVIRONMENT
    print(f"contact sheet: {written[0]}  ({len(written) - 1} family sheets next to it; "
          f"page: {args.out / 'index.html'}, details: {args.out / 'sheet-report.json'})")
    return EXIT_OK


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `sheet` command to the CLI."""
    s = subparsers.add_parser("sheet", help="render a contact sheet of every asset category and variant")
    s.add_argument("--out", type=Path, required=True, help="output folder (sheet.png, sheet-<family>.png, index.html)")
    s.add_argument("--family", action="append", help="only this generator family (repeatable), e.g. furniture")
    s.set_defaults(func=cmd_sheet)
