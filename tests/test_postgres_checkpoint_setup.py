"""Processes opening the checkpoints of one fresh database at once all get them (none waits forever).

A process waiting on the set-up lock used to hold a transaction open that the lock holder's
CREATE INDEX CONCURRENTLY waited for: two workers starting on a new database hung on their first job.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tools.core.settings import REPO_ROOT

pytest.importorskip("psycopg", reason="the PostgreSQL driver is an extra: pip install -e '.[postgres]'")

OPEN = """
from graph.checkpoints import open_checkpointer
from tools.core.settings import Settings
with open_checkpointer(Settings(_env_file=None, data_dir=sys.argv[1], database_url=sys.argv[2])) as saver:
    assert saver.get_tuple({"configurable": {"thread_id": "none"}}) is None
"""


def test_processes_setting_up_checkpoints_together_all_finish(postgres_server, tmp_path):
    url = postgres_server.fresh_database()
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT)}
    procs = [subprocess.Popen([sys.executable, "-c", "import sys\n" + OPEN, str(tmp_path), url], cwd=REPO_ROOT,
                              env=env, stderr=subprocess.PIPE) for _ in range(3)]
    for proc in procs:
        try:
            _, err = proc.communicate(timeout=120)
        except subprocess.TimeoutExpired:
            for p in procs:
                p.kill()
            pytest.fail("a process opening the checkpoints hung (set-up lock against CREATE INDEX CONCURRENTLY)")
        assert proc.returncode == 0, err.decode()
