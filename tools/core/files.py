"""Files written whole: a reader sees the old file or the new one, never half of one.

Every writer of a file that another process may read while it is written (assets, reports, caches, the catalog's
GLBs, a batch's results) goes through here. The temporary file is made beside the target (a rename across
filesystems is not atomic) under a name no other writer can take (two workers writing the same asset used to share
``x.tmp``), and ends in ``.tmp``, the suffix the storage layer skips when it lists a folder.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

TEMP_SUFFIX = ".tmp"


@contextmanager
def replacing(path: Path) -> Iterator[Path]:
    """A new temporary path beside ``path``: renamed onto ``path`` when the block ends, removed if it raises."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f"{path.name}.{os.getpid()}-{secrets.token_hex(4)}{TEMP_SUFFIX}")
    try:
        tmp.open("xb").close()  # made here with the umask's permissions (mkstemp's are owner-only)
        yield tmp
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def write_whole(path: Path, data: bytes | str) -> None:
    """Write ``data`` (text as UTF-8) to ``path`` whole, or leave ``path`` as it was."""
    with replacing(path) as tmp:
        tmp.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
