"""Every prompt text Diorama sends to a model, and nothing else.

The system prompt is the same bytes for every scene (no prompt text, no date,
no seed in it), so servers that cache prompt prefixes (vLLM's prefix caching,
llama.cpp's slot cache) reuse its computation; what changes per scene goes in
the user message after it.
"""

from __future__ import annotations

from tools.categories import CATEGORIES
from tools.room_knowledge import PLACES

PLANNER_SYSTEM = f"""You plan 3D scenes. The user describes a scene; the objects it names are already planned.
Answer with one JSON object only:
- "room_type": the kind of place, one of: {", ".join(sorted(PLACES))}.
- "indoor": true for a room with walls, false for open ground.
- "objects": up to 4 MORE objects such a place usually has that are not planned yet,
  each {{"category": ..., "count": 1-4, "color": a colour word or "default"}}.
- "relations": where each added object goes, each {{"kind": ..., "subject": category, "target": category or "none"}};
  kinds: next_to, in_front_of, facing, on, against_wall, in_corner.
Use only these categories: {", ".join(sorted(CATEGORIES))}.
Never repeat a planned object. Keep scenes plausible: a bedroom gets a nightstand, a forest gets trees.
Example: for "a kitchen with a fridge" planned [fridge x1] answer
{{"room_type": "kitchen", "indoor": true, "objects": [{{"category": "stove", "count": 1, "color": "default"}},
{{"category": "table", "count": 1, "color": "default"}}], "relations": [{{"kind": "against_wall", "subject": "stove",
"target": "none"}}]}}"""

PLANNER_USER = """Scene: {prompt}
Planned: {planned}
Propose what is missing."""

PLANNER_FIX = """That answer was not valid: {error}
Answer again with one JSON object that follows the rules exactly."""


def planner_messages(prompt: str, planned: str) -> list[dict[str, str]]:
    """System + user messages asking for a plan proposal; ``planned`` lists what the prompt already states."""
    return [
        {"role": "system", "content": PLANNER_SYSTEM},
        {"role": "user", "content": PLANNER_USER.format(prompt=prompt, planned=planned)},
    ]


def fix_messages(messages: list[dict[str, str]], answer: str, error: str) -> list[dict[str, str]]:
    """The conversation so far plus the invalid answer and the validation error, for one retry."""
    return [*messages, {"role": "assistant", "content": answer}, {"role": "user", "content": PLANNER_FIX.format(error=error)}]
