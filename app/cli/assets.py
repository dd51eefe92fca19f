"""`diorama assets ...`: search the catalog, import a user's GLB, list what is there.

Imports stay inside the command functions so `diorama --help` stays fast.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

EXIT_OK, EXIT_BAD_INPUT = 0, 2


def _size(text: str) -> tuple[float, float, float]:
    """'2x0.9x0.9' -> (2.0, 0.9, 0.9) metres (width x height x depth)."""
    parts = text.lower().replace("×", "x").split("x")
    try:
        values = tuple(float(p) for p in parts)
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must be WxHxD in metres, e.g. 2x0.9x0.9; got {text!r}") from None
    if len(values) != 3 or min(values) <= 0:
        raise argparse.ArgumentTypeError(f"size must be three positive metres WxHxD, got {text!r}")
    return values


def _catalog():
    from tools.catalog.store import Catalog
    from tools.core.settings import get_settings

    return Catalog(get_settings().data_dir)


def _fmt_size(size) -> str:
    return "x".join(f"{v:.2f}" for v in size)


def cmd_search(args: argparse.Namespace) -> int:
    """`diorama assets search`: print catalog entries ranked for a query."""
    from tools.catalog.search import search_assets

    hits = search_assets(args.query, args.size, args.limit, catalog=_catalog(), mode=args.mode)
    if not hits:
        print(f"nothing in the catalog matches {args.query!r}")
        return EXIT_OK
    print(f"search by {hits[0].mode}" + (f", re-ranked by fit to {_fmt_size(args.size)} m" if args.size else ""))
    print(f"{'#':>2} {'score':>6} {'meaning':>7} {'size':>5}  {'category':<14} {'source':<10} {'size (m)':<16} key")
    for rank, hit in enumerate(hits, 1):
        e = hit.entry
        print(f"{rank:>2} {hit.score:6.3f} {hit.relevance:7.3f} {hit.size_fit:5.2f}  {e.category:<14} {e.source:<10} "
              f"{_fmt_size(e.size):<16} {e.key}")
    return EXIT_OK


def cmd_import(args: argparse.Namespace) -> int:
    """`diorama assets import`: add a model file to the catalog."""
    from tools.catalog.importer import import_asset
    from tools.core.errors import ValidationError

    if not args.file.is_file():
        print(f"error: {args.file} is not a file", file=sys.stderr)
        return EXIT_BAD_INPUT
    catalog = _catalog()
    try:
        result = import_asset(args.file.read_bytes(), args.category, catalog, licence=args.licence,
                              facing=args.facing, units=args.units, up=args.up, name=args.name)
    except ValidationError as e:  # the user's file is the problem: bad input, not a broken machine
        print(f"error: {args.file} was refused: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    print(f"imported {args.file} as {result.entry.key} ({result.entry.category}, licence {result.entry.licence})")
    print(f"  read as {result.units}, {result.up.upper()}-up, front {result.facing}; now {_fmt_size(result.size)} m, "
          f"+Y up, front +Z, origin at the bottom centre")
    print(f"  size fit to a typical {result.entry.category}: error {result.fit_error:.2f} (0 = typical size)")
    print(f"  file: {catalog.file(result.entry)}")
    return EXIT_OK


def cmd_list(args: argparse.Namespace) -> int:
    """`diorama assets list`: print the catalog's entries."""
    entries = _catalog().entries(args.source)
    print(f"{'category':<14} {'source':<10} {'licence':<12} {'size (m)':<16} key")
    for e in entries:
        print(f"{e.category:<14} {e.source:<10} {e.licence:<12} {_fmt_size(e.size):<16} {e.key}")
    print(f"{len(entries)} entries")
    return EXIT_OK


def register(subparsers) -> None:
    """Add the `assets` command and its subcommands to the CLI."""
    assets = subparsers.add_parser("assets", help="the asset catalog: search, import, list")
    sub = assets.add_subparsers(dest="assets_command", required=True)
    s = sub.add_parser("search", help="rank catalog entries for a query (by meaning, then size fit)")
    s.add_argument("query", help="what you need, e.g. 'couch'")
    s.add_argument("--size", type=_size, help="wanted size WxHxD in metres, e.g. 2x0.9x0.9")
    s.add_argument("--limit", type=int, default=10, help="how many results (default 10)")
    s.add_argument("--mode", choices=("auto", "embedding", "lexical"), default="auto",
                   help="auto: embeddings when the extra is installed, else lexical")
    s.set_defaults(func=cmd_search)
    i = sub.add_parser("import", help="validate, normalise (metres, +Y up, front +Z, bottom centre) and store a GLB")
    i.add_argument("file", type=Path, help="a .glb file")
    i.add_argument("--category", required=True, help="what it is, e.g. sofa (see `diorama assets list`)")
    i.add_argument("--licence", default="unspecified", help="its licence, e.g. CC-BY-4.0")
    i.add_argument("--facing", choices=("+z", "-z", "+x", "-x"), default="+z", help="where the model's front points")
    i.add_argument("--units", choices=("m", "cm", "mm", "in"), help="file units (default: detect from the category)")
    i.add_argument("--up", choices=("y", "z"), help="file up axis (default: detect from the category)")
    i.add_argument("--name", help="display name (default: the category)")
    i.set_defaults(func=cmd_import)
    ls = sub.add_parser("list", help="list catalog entries")
    ls.add_argument("--source", choices=("procedural", "generated", "user", "remote"), help="only this source")
    ls.set_defaults(func=cmd_list)
