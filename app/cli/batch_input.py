"""The prompt file of `diorama batch`: a .txt (one prompt per line) or .jsonl ({prompt, seed?, id?, options?}).

Every line is checked before anything runs, against the REST API's own body model, whose limits are
tools/core/limits.py (those of `diorama generate` too), so a file that runs here would run there too.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from app.cli.eval import slug


@dataclass(frozen=True)
class BatchItem:
    """One prompt of a batch file, with the line it came from."""

    line: int
    prompt: str
    seed: int
    scene_id: str | None = None
    options: dict = field(default_factory=dict)

    @property
    def name(self) -> str:
        """The scene's folder: stable across reruns of the same file."""
        return f"{self.line:03d}-{slug(self.prompt)}"


def read_batch(path: Path, default_seed: int) -> list[BatchItem]:
    """Every prompt of a .txt or .jsonl file; InputError naming each bad line (nothing runs then)."""
    from tools.core.errors import InputError

    if not path.is_file():
        raise InputError(f"prompt file {path} does not exist")
    jsonl = path.suffix.lower() in (".jsonl", ".ndjson")
    items, problems = [], []
    for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not text.strip() or text.lstrip().startswith("#"):
            continue
        try:
            items.append(_jsonl_item(number, text, default_seed) if jsonl else _text_item(number, text, default_seed))
        except ValueError as problem:
            problems.append(f"line {number}: {problem}")
    first_line_of: dict[str, int] = {}
    for item in items:
        if item.scene_id and first_line_of.setdefault(item.scene_id, item.line) != item.line:
            problems.append(f"line {item.line}: id {item.scene_id!r} is already used on line "
                            f"{first_line_of[item.scene_id]} (one id, one scene)")
    if problems:
        raise InputError(f"{path} has bad lines (nothing was run):\n  " + "\n  ".join(problems))
    if not items:
        raise InputError(f"{path} holds no prompt")
    return items


def _text_item(number: int, text: str, default_seed: int) -> BatchItem:
    from app.api.models import SceneCreate

    try:
        SceneCreate(prompt=text.strip())  # the API's limits, so a file that runs here would run there
    except ValueError as e:
        raise ValueError(_first_problem(e)) from None
    return BatchItem(number, text.strip(), default_seed)


def _jsonl_item(number: int, text: str, default_seed: int) -> BatchItem:
    from app.api.models import SceneCreate
    from tools.core.limits import scene_id_problem

    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise ValueError(f"not JSON ({e.msg} at column {e.colno})") from None
    if not isinstance(data, dict):
        raise ValueError('expected an object like {"prompt": "a bedroom with a bed", "seed": 1}')
    scene_id = data.pop("id", None)
    if scene_id is not None and scene_id_problem(scene_id):
        raise ValueError(f"id {scene_id!r} must be 1-64 lower-case letters, digits, '-' or '_'")
    data.setdefault("seed", default_seed)
    try:
        request = SceneCreate.model_validate(data)
    except ValueError as e:
        raise ValueError(_first_problem(e)) from None
    options = request.options.model_dump(exclude_none=True)
    return BatchItem(number, request.prompt.strip(), request.seed, scene_id, options)


def _first_problem(error: ValueError) -> str:
    errors = getattr(error, "errors", None)
    if callable(errors):
        first = errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        return f"{where}: {first['msg']}" if where else first["msg"]
    return str(error)
