"""The limits on what a person may ask, in one place: the CLI's arguments, the REST API's bodies, the lines of
a batch file and the prompt and edit parsers all check these, so a value refused by one is refused by all,
with the same message.

Each rule has a ``*_problem`` form (the message, or None when the value is fine: pydantic validators and
argparse types raise their own error kinds with it) and a ``check_*`` form that raises the domain error.
"""

from __future__ import annotations

import re

from tools.core.errors import InputError, PromptError

SEED_MIN, SEED_MAX = 0, 2**31 - 1  # what every random source the run seeds takes, and what JSON clients send safely
PROMPT_MAX_CHARS = 2000
INSTRUCTION_MAX_CHARS = 2000
SCENE_ID_PATTERN = r"^[a-z0-9][a-z0-9_-]{0,63}$"
MAX_OF_ONE_KIND = 500  # instances of one kind a prompt may ask for ("a bedroom with 600 beds" is refused)
MAX_EDIT_COUNT = 100  # objects one edit may add or remove, and the highest ordinal it may name ("the 100th chair")
MEASURE_MIN_M, MEASURE_MAX_M = 0.01, 500.0  # a size stated for one object ("a 2 m statue", "make the bed 2 m long")
MAX_REPAIRS = 10  # repair rounds after a failed verification (a setting, and a per-scene option)

EXAMPLES = {"prompt": "a bedroom with a bed and a lamp", "instruction": "make the sofa blue"}
# The letters the planner reads: English, and the Latin letters of European words it meets ("café", "crème
# brûlée", "Straße"). A text must hold a word of two of them in a row, and no letter of another script.
LATIN_LETTERS = r"A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f\u1e00-\u1eff"
# Word characters that are no letter of another script: digits, "_", ª º ² ½, IPA and modifier letters, ligatures.
_LATIN_WORD_CHARS = rf"\d_\u00aa-\u00bf\u0250-\u02ff\ufb00-\ufb06{LATIN_LETTERS}"
ENGLISH_WORD = rf"[{LATIN_LETTERS}]{{2}}"
OTHER_SCRIPT_LETTER = rf"[^\W{_LATIN_WORD_CHARS}]"  # a word character outside those: 一, с, α, ﾃ
# The whole rule as one pattern (Python's regex dialect), which the API's schema states as the text's pattern.
ENGLISH_TEXT = rf"^[\W{_LATIN_WORD_CHARS}]*{ENGLISH_WORD}[\W{_LATIN_WORD_CHARS}]*$"


def seed_problem(seed: int) -> str | None:
    """Why ``seed`` cannot seed a scene, or None."""
    if not SEED_MIN <= seed <= SEED_MAX:
        return f"the seed must be a whole number from {SEED_MIN} to {SEED_MAX}, got {seed}"
    return None


def check_seed(seed: int) -> int:
    """``seed`` itself, or InputError when it is out of range."""
    problem = seed_problem(seed)
    if problem:
        raise InputError(problem)
    return seed


def scene_id_problem(scene_id: object) -> str | None:
    """Why ``scene_id`` cannot name a scene (it becomes a folder name and a checkpoint thread), or None."""
    if not (isinstance(scene_id, str) and re.match(SCENE_ID_PATTERN, scene_id)):
        return f"scene id {scene_id!r} must be 1-64 lower-case letters, digits, '-' or '_'"
    return None


def check_scene_id(scene_id: object) -> str:
    """``scene_id`` itself, or InputError when it is not a valid scene id."""
    problem = scene_id_problem(scene_id)
    if problem:
        raise InputError(problem)
    assert isinstance(scene_id, str)  # scene_id_problem refuses anything else
    return scene_id


def text_problem(text: object, what: str = "prompt") -> str | None:
    """Why ``text`` cannot be a prompt (``what`` = "prompt") or an edit instruction ("instruction"), or None.

    Empty, too long, with no English word (no two Latin letters in a row: Chinese, a row of emoji, "5m x 4m"),
    or with words in another script beside English ones: the planner reads English, so such a text is refused
    as such, not called empty, and not half read.
    """
    if not isinstance(text, str):
        return f"the {what} must be text, got {type(text).__name__}"
    limit = INSTRUCTION_MAX_CHARS if what == "instruction" else PROMPT_MAX_CHARS
    example = EXAMPLES.get(what, EXAMPLES["prompt"])
    if not text.strip():
        return f"the {what} is empty: say what you want, e.g. '{example}'"
    if len(text) > limit:
        return f"the {what} is {len(text)} characters long; at most {limit} are read"
    if not re.search(ENGLISH_WORD, text):
        return (f"Diorama reads English {what}s; this one has no English words. Write it in English, "
                f"e.g. '{example}'")
    other = re.search(f"{OTHER_SCRIPT_LETTER}+", text)
    if other:
        return (f"Diorama reads English {what}s; this one has words in another script ({other.group()!r}), which "
                f"it would not read. Write it all in English, e.g. '{example}'")
    return None


def check_text(text: object, what: str = "prompt") -> str:
    """``text`` itself, or PromptError saying why it cannot be read (see text_problem)."""
    problem = text_problem(text, what)
    if problem:
        raise PromptError(problem)
    assert isinstance(text, str)  # text_problem refuses anything else
    return text


def check_count(count: int, limit: int, what: str) -> int:
    """``count`` itself, or PromptError "100000 objects in one edit is too many; at most 100"."""
    if count > limit:
        raise PromptError(f"{count} {what} is too many; at most {limit}")
    return count


def check_ordinal(ordinal: int) -> int:
    """``ordinal`` itself, or PromptError when an edit names an object further along than MAX_EDIT_COUNT."""
    if ordinal > MAX_EDIT_COUNT:
        raise PromptError(f"'the {ordinal}th' is too far along: an edit counts objects up to the {MAX_EDIT_COUNT}th")
    return ordinal


def check_measure(metres: float) -> float:
    """``metres`` itself, or PromptError when a stated object size is outside MEASURE_MIN_M .. MEASURE_MAX_M."""
    if not MEASURE_MIN_M <= metres <= MEASURE_MAX_M:
        raise PromptError(f"a stated size of {metres:g} m is not plausible (use {MEASURE_MIN_M:g} to "
                          f"{MEASURE_MAX_M:g} m)")
    return metres
