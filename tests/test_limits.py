"""Values checked at the edge, one rule for the CLI, the REST API and batch files (tools/core/limits.py): seeds,
counts, sizes, prompt length and language. Each refusal is a clear message with exit 2 / 422 / a job failed as
bad input, never a traceback and never "bad setting" for what is not a setting."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from app.api.server import create_app
from app.cli.batch_input import read_batch
from app.jobs.queue import SqliteJobQueue, new_job_id, scene_dir
from app.jobs.worker import execute
from graph.context import LazyBrowser
from tools.core.errors import InputError, PromptError
from tools.core.limits import SEED_MAX, check_seed, text_problem
from tools.core.settings import Settings
from tools.edit.parse import parse_edits
from tools.plan.planner import plan_prompt

REPO = Path(__file__).resolve().parents[1]
NOT_ENGLISH = ["一个有床的卧室", "🛏️🛋️🪴", "спальня с кроватью"]
TOO_BIG_SEEDS = [-1, SEED_MAX + 1, 2**64, 99999999999999999999]


def cli(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DIORAMA_")}
    return subprocess.run([sys.executable, "-m", "app.cli", *args], cwd=REPO, capture_output=True, text=True,
                          env={**env, "DIORAMA_DATA_DIR": str(tmp_path / "data")}, timeout=300)


def assert_refused(result: subprocess.CompletedProcess, words: str) -> None:
    assert result.returncode == 2, result.stdout + result.stderr
    assert words in result.stderr and "Traceback" not in result.stderr and "bad setting" not in result.stderr


# --- the rules ------------------------------------------------------------------------------

def test_seed_range_is_the_apis():
    assert check_seed(0) == 0 and check_seed(SEED_MAX) == SEED_MAX
    for seed in TOO_BIG_SEEDS:
        with pytest.raises(InputError, match=f"from 0 to {SEED_MAX}"):
            check_seed(seed)


@pytest.mark.parametrize("prompt", NOT_ENGLISH)
def test_a_prompt_with_no_english_words_says_so_not_empty(prompt):
    with pytest.raises(PromptError) as caught:
        plan_prompt(prompt)
    assert "Diorama reads English prompts; this one has no English words" in str(caught.value)
    assert "empty" not in str(caught.value)


def test_accents_are_read_and_empty_is_still_empty():
    for european in ("un café with a table", "crème brûlée on a plate", "a Straße sign", "cafe\u0301 table",
                     "a 20 m² room with a TV"):
        assert text_problem(european) is None, european
    assert "empty" in text_problem("   ")
    assert "at most 2000" in text_problem("a" * 2001)
    assert "English instructions" in text_problem("把沙发变成蓝色", "instruction")


@pytest.mark.parametrize("prompt", ["5m x 4m", "一个有床的卧室 a", "🛏️ a 🛋️"])
def test_a_lone_letter_is_no_english_word(prompt):
    assert "this one has no English words" in text_problem(prompt)


@pytest.mark.parametrize("prompt, other", [("一张桌子 and a table", "一张桌子"), ("a table и стул", "и"),
                                           ("a poster saying 'こんにちは' on the wall", "こんにちは")])
def test_english_mixed_with_another_script_is_refused_naming_the_words(prompt, other):
    assert f"has words in another script ({other!r})" in text_problem(prompt)


def test_the_api_schemas_pattern_is_the_same_rule():
    from tools.core.limits import ENGLISH_TEXT

    for text in ("a table", "crème brûlée", "TV", "5m x 4m", "一张桌子 and a table", "🛏️🛋️", "a π table", "ab\n"):
        assert (re.search(ENGLISH_TEXT, text) is not None) == (text_problem(text) is None), text


@pytest.mark.parametrize("instruction, words", [
    ("add 100000 chairs", "at most 100"), ("remove 500 chairs", "at most 100"),
    ("remove the 200th chair", "up to the 100th"), ("make the bed 0 m long", "use 0.01 to 500 m"),
    ("make the bed 100000 m long", "use 0.01 to 500 m"), ("把沙发变成蓝色", "has no English words"),
])
def test_edit_values_out_of_range_are_prompt_errors(instruction, words):
    with pytest.raises(PromptError, match=words):
        parse_edits(instruction, lambda name: True)


# --- the CLI ----------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", ["-1", "99999999999999999999", "many"])
def test_cli_seed_out_of_range_exits_2(tmp_path, seed):
    result = cli(tmp_path, "generate", "a table", "--out", str(tmp_path / "o"), f"--seed={seed}")
    assert_refused(result, "argument --seed: the seed must be a whole number")
    assert not (tmp_path / "o").exists()


def test_cli_batch_seed_and_view_port_are_checked_too(tmp_path):
    prompts = tmp_path / "p.txt"
    prompts.write_text("a table\n")
    assert_refused(cli(tmp_path, "batch", str(prompts), "--out", str(tmp_path / "b"), "--seed=-1"),
                   "argument --seed")
    assert_refused(cli(tmp_path, "view", str(tmp_path), "--port", "99999"), "argument --port")


def test_cli_eval_seed_and_serve_port_are_checked_too(tmp_path):
    prompts = tmp_path / "p.txt"
    prompts.write_text("a table\n")
    assert_refused(cli(tmp_path, "eval", str(prompts), "--out", str(tmp_path / "e"), "--seed", "99999999999999999999"),
                   "argument --seed: the seed must be a whole number from 0 to 2147483647")
    assert_refused(cli(tmp_path, "serve", "--port", "-1"), "argument --port: the port must be from 0")
    assert not (tmp_path / "e").exists()


@pytest.mark.parametrize("prompt", NOT_ENGLISH[:2])
def test_cli_prompt_in_another_language_exits_2_saying_so(tmp_path, prompt):
    result = cli(tmp_path, "generate", prompt, "--out", str(tmp_path / "o"))
    assert_refused(result, "Diorama reads English prompts")
    assert not (tmp_path / "o").exists()


def write_sofa_scene(folder: Path) -> None:
    """The smallest folder `diorama edit` takes: scene.json of a grounded scene with one sofa."""
    folder.mkdir(parents=True)
    (folder / "scene.json").write_text(json.dumps({"id": "s-x", "prompt": "a sofa", "seed": 0, "planner": "grounded",
                                                   "objects": [{"id": "sofa"}]}))


@pytest.mark.slow
def test_cli_edit_with_too_many_objects_is_bad_input_not_a_bad_setting(tmp_path):
    write_sofa_scene(tmp_path / "scene")
    result = cli(tmp_path, "edit", str(tmp_path / "scene"), "add 100000 chairs")
    assert_refused(result, "100000 objects in one edit is too many; at most 100")
    assert sorted(p.name for p in (tmp_path / "scene").iterdir()) == [".edit.lock", "scene.json"]


# --- the REST API and its workers ---------------------------------------------------------------

@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(Settings(data_dir=tmp_path / "data", _env_file=None), workers=0),
                    base_url="http://127.0.0.1") as c:  # local-only mode answers only loopback Host names
        yield c


@pytest.mark.parametrize("body, words", [
    *[({"prompt": p}, "Diorama reads English prompts") for p in NOT_ENGLISH],
    *[({"prompt": "a table", "seed": s}, "seed") for s in TOO_BIG_SEEDS],
    ({"prompt": "a table", "options": {"max_repairs": 11}}, "max_repairs"),
    ({"prompt": "  "}, "the prompt is empty"),
])
def test_api_refuses_the_same_values_with_422(client, body, words):
    r = client.post("/v1/scenes", json=body)
    assert r.status_code == 422, r.text
    error = r.json()["error"]
    assert error["code"] == "invalid_request" and words in error["message"]


def test_api_edit_instruction_in_another_language_is_422(client):
    scene = client.post("/v1/scenes", json={"prompt": "a table"}).json()
    r = client.post(f"/v1/scenes/{scene['id']}/edits", json={"instruction": "🛋️➡️🔵"})
    assert r.status_code == 422 and "English instructions" in r.json()["error"]["message"], r.text


def test_api_edit_job_with_too_many_objects_fails_as_bad_input(tmp_path):
    settings = Settings(data_dir=tmp_path / "data", _env_file=None)
    queue = SqliteJobQueue(tmp_path / "data" / "jobs.sqlite")
    job_id = new_job_id()
    queue.submit(job_id, "local", "a sofa", 0, {})
    queue.claim("w", lease_s=60)
    queue.finish(job_id, "w", "succeeded", passed=True)
    write_sofa_scene(scene_dir(settings.data_dir, job_id))
    queue.submit_edit(job_id, "add 100000 chairs")
    browser = LazyBrowser(None, 30)  # never launched: the edit is refused before any stage runs
    try:
        execute(queue, queue.claim("w", lease_s=60), "w", settings, browser, os.getppid())
    finally:
        browser.close()
    done = queue.get(job_id)
    assert done.status == "failed" and done.error_code == "invalid_input", done.error_message
    assert done.error_message == "100000 objects in one edit is too many; at most 100"


# --- batch files ------------------------------------------------------------------------------

def test_batch_lines_get_the_same_rules(tmp_path):
    prompts = tmp_path / "p.jsonl"
    prompts.write_text('{"prompt": "a table"}\n'
                       f'{{"prompt": "a table", "seed": {2**64}}}\n'
                       '{"prompt": "一个有床的卧室"}\n'
                       '{"prompt": "a chair", "seed": -1}\n')
    with pytest.raises(InputError) as caught:
        read_batch(prompts, default_seed=0)
    message = str(caught.value)
    assert "line 1:" not in message and "line 2: seed" in message and "line 4: seed" in message
    assert "line 3: prompt: Diorama reads English prompts" in message
    text = tmp_path / "p.txt"
    text.write_text("a table\n🛏️🛋️\n")
    with pytest.raises(InputError, match="line 2: .*has no English words"):
        read_batch(text, default_seed=0)
