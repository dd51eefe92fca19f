"""A clock time in the prompt sets the hour as a time word does (tools.plan.look clock_times)."""

from __future__ import annotations

import pytest

from tools.plan.look import apply_look
from tools.plan.planner import plan_prompt


@pytest.mark.parametrize(("prompt", "time_of_day"), [
    ("a quiet warehouse at 3am with one forklift", "night"),
    ("a diner at 2 AM", "night"),
    ("a kitchen at 9 pm", "night"),
    ("an office at 21:00", "night"),
    ("a street at 7:30 with a bus stop", "morning"),
    ("a park at 5 p.m. with a bench", "day"),
    ("a cafe at 6:45 pm", "sunset"),
    ("a beach at noon, then a bonfire at 10 pm", "night"),  # the last hour named wins, as with time words
    ("a classroom with 3 desks", "day"),  # a count is no clock
    ("a clock tower showing 3 o'clock", "day"),  # a bare hour names no part of the day
])
def test_clock_times_set_the_hour(prompt: str, time_of_day: str) -> None:
    assert apply_look(plan_prompt(prompt, 0)).look.time_of_day == time_of_day
