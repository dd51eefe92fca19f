"""argparse types for the CLI's numbers: the same limits as the REST API (tools/core/limits.py), so a bad value
ends as argparse's usage line and exit 2, never as a traceback from deep inside a run."""

from __future__ import annotations

import argparse

from tools.core.limits import seed_problem

PORT_MAX = 65535


def _integer(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"the {what} must be a whole number, got {text!r}") from None


def seed_argument(text: str) -> int:
    """--seed: a whole number in the API's seed range."""
    seed = _integer(text, "seed")
    problem = seed_problem(seed)
    if problem:
        raise argparse.ArgumentTypeError(problem)
    return seed


def port_argument(text: str) -> int:
    """--port: 0 (any free port) to 65535."""
    port = _integer(text, "port")
    if not 0 <= port <= PORT_MAX:
        raise argparse.ArgumentTypeError(f"the port must be from 0 (any free one) to {PORT_MAX}, got {port}")
    return port
