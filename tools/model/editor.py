"""Edit operations from the model, for the clauses the grounded editor could not read.

The answer is structured output of ``EditProposal`` (tools/edit/parse.py) through the
model client; operations are applied by the same code as the grounded ones, so a
model cannot do what the grounded editor refuses (name a missing object, an
unknown colour, an implausible size).
"""

from __future__ import annotations

from pydantic import ValidationError as SchemaViolation

from tools.core.errors import ModelOutputError
from tools.core.schema import ScenePlan
from tools.edit.parse import EditOp, EditProposal
from tools.model.client import LLMClient
from tools.model.prompts import editor_messages

MAX_TOKENS = 512


def propose_edits(clauses: list[str], plan: ScenePlan, client: LLMClient) -> tuple[list[EditOp], str]:
    """(operations, model) for ``clauses``; ModelError when the server fails or the answer is not valid."""
    objects = ", ".join(f"{s.key} ({s.count} x {s.noun or s.category})" for s in plan.objects)
    messages = editor_messages(objects, "; ".join(clauses))
    data, result = client.chat_json(messages, EditProposal.model_json_schema(), schema_name="edit_operations",
                                    seed=plan.seed, max_tokens=MAX_TOKENS)
    try:
        proposal = EditProposal.model_validate(data)
    except SchemaViolation as e:
        raise ModelOutputError(f"edit operations from {result.model} do not follow the schema: {e.errors()[:2]}") from e
    if not proposal.operations:
        raise ModelOutputError(f"{result.model} proposed no operation")
    return proposal.operations, result.model
