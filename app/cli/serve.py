"""`diorama serve`: the REST API, the creator UI and the scene workers in one command."""

from __future__ import annotations

import argparse
import sys

from app.cli.arguments import port_argument

LOOPBACK = ("127.0.0.1", "localhost", "::1")


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `serve` command to the CLI."""
    add_arguments(subparsers.add_parser("serve", help="start the REST API, the web UI and the scene workers"))


def add_arguments(s: argparse.ArgumentParser) -> None:
    """Add the `serve` options (host, port, workers) to a parser."""
    s.add_argument("--host", default="127.0.0.1",
                   help="address to bind (default 127.0.0.1; any other needs DIORAMA_API_KEYS)")
    s.add_argument("--port", type=port_argument, default=8000, help="port (default 8000; 0: any free one)")
    s.add_argument("--workers", type=int, default=None, help="scene worker processes (default DIORAMA_WORKERS)")
    s.set_defaults(func=cmd_serve)


def cmd_serve(args: argparse.Namespace) -> int:
    """`diorama serve`: run the API, web UI and scene workers; refuse a public address without API keys."""
    from app.cli.output import EXIT_BAD_INPUT, EXIT_OK
    from tools.core.settings import get_settings

    settings = get_settings()
    if args.host not in LOOPBACK and not settings.api_keys:
        print(f"error: refusing to listen on {args.host} without API keys: set DIORAMA_API_KEYS=<key>[,<key>...] "
              "or keep the default --host 127.0.0.1 (local-only mode)", file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.workers is not None and not 0 <= args.workers <= 64:
        print(f"error: --workers must be 0..64, got {args.workers}", file=sys.stderr)
        return EXIT_BAD_INPUT
    import uvicorn

    from app.api.server import create_app

    app = create_app(settings, workers=args.workers)
    workers = settings.workers if args.workers is None else args.workers
    mode = "API keys required" if settings.api_keys else "local-only, no key needed"
    print(f"Diorama on http://{args.host}:{args.port}/ ({workers} workers, {mode}; Ctrl-C stops)", flush=True)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning", timeout_graceful_shutdown=5)
    return EXIT_OK


def main(argv: list[str] | None = None) -> int:
    """``python -m app.cli.serve``: the same command without loading every other subcommand, and with the same
    messages and exit codes (a damaged job database: 3; a bad setting such as a short API key: 2)."""
    from app.cli.main import run_command

    p = argparse.ArgumentParser(prog="diorama serve", description="Start the REST API, the web UI and the workers.")
    add_arguments(p)
    return run_command(p.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
