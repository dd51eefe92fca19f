"""The page's script and style: web/template's modules and the parts of three.js they use, bundled by esbuild.

``web/build.mjs`` writes one minified ES module per page (``viewer.js`` for a scene, ``sheet.js`` for the
asset sheet) and the minified ``ui.css`` into ``web/dist/``, which is never committed. ``make setup`` builds
it (``python -m tools.page.bundle``), so the first scene pays nothing; compose asks for it again on every
scene and it is rebuilt, in about a second, when its inputs changed since (a template edited, another
three.js): a page is never composed with a script older than the template it came from, which a make
stamp alone cannot promise to someone who edits viewer.js and runs the tests.

Usage: python -m tools.page.bundle [three_dir]
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

WEB_DIR = Path(__file__).resolve().parents[2] / "web"
BUNDLE_DIR = WEB_DIR / "dist"
BUILD_SCRIPT = WEB_DIR / "build.mjs"
# What build.mjs writes; a scene folder gets compose.PAGE_FILES of them.
BUNDLE_FILES = ("viewer.js", "ui.css", "sheet.js")
STAMP = ".built"  # the digest of the inputs the files in BUNDLE_DIR were built from
BUILD_TIMEOUT_S = 120
# The bytes the bundle is made of; esbuild's own version is pinned by the lock file.
_SOURCE_GLOBS = ("*.mjs", "page-three.json", "package-lock.json", "template/*.js", "template/*.css", "sheet/*.js")


def page_bundle(three_dir: Path) -> Path:
    """The folder holding BUNDLE_FILES built from ``three_dir`` (the npm 'three' package); builds it when missing
    or stale. Raises FileNotFoundError naming what to install when Node.js, esbuild or three.js is missing."""
    three_dir = Path(three_dir).resolve()
    digest = inputs_digest(three_dir)
    stamp = BUNDLE_DIR / STAMP
    if stamp.is_file() and stamp.read_text(encoding="utf-8") == digest and _complete(BUNDLE_DIR):
        return BUNDLE_DIR
    _build(three_dir, digest)
    return BUNDLE_DIR


def inputs_digest(three_dir: Path) -> str:
    """sha256 over every source file's name and bytes and the three.js package (where, which version)."""
    three_manifest = three_dir / "package.json"
    if not three_manifest.is_file():
        raise FileNotFoundError(f"three.js not found under {three_dir}; run `make setup` (npm install in web/)")
    digest = hashlib.sha256(str(three_dir).encode())
    digest.update(three_manifest.read_bytes())
    for path in sorted(p for pattern in _SOURCE_GLOBS for p in WEB_DIR.glob(pattern)):
        digest.update(path.relative_to(WEB_DIR).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def _complete(folder: Path) -> bool:
    return all((folder / name).is_file() for name in BUNDLE_FILES)


def _build(three_dir: Path, digest: str) -> None:
    """Build into a fresh folder beside BUNDLE_DIR, then move each file in (atomic renames), the stamp last:
    a concurrent build of the same inputs writes the same bytes, and a reader never sees half a file."""
    node = shutil.which("node")
    if node is None:
        raise FileNotFoundError("node not found: install Node.js 20 (the page's script is bundled with esbuild)")
    BUNDLE_DIR.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=BUNDLE_DIR, prefix=".build-") as scratch:
        result = subprocess.run([node, str(BUILD_SCRIPT), "--three", str(three_dir), "--out", scratch],
                                capture_output=True, text=True, timeout=BUILD_TIMEOUT_S, check=False)
        if result.returncode != 0:
            if "Cannot find package 'esbuild'" in result.stderr:
                raise FileNotFoundError("esbuild not installed: run `make setup` (npm install in web/)")
            raise RuntimeError(f"{BUILD_SCRIPT} failed:\n{result.stderr.strip()}")
        for name in BUNDLE_FILES:
            os.replace(Path(scratch) / name, BUNDLE_DIR / name)
        stamp = Path(scratch) / STAMP
        stamp.write_text(digest, encoding="utf-8")
        os.replace(stamp, BUNDLE_DIR / STAMP)


if __name__ == "__main__":
    from tools.core.settings import get_settings

    built = page_bundle(Path(sys.argv[1]) if len(sys.argv) > 1 else get_settings().three_dir)
    print(" ".join(f"{name} {(built / name).stat().st_size // 1024} KB" for name in BUNDLE_FILES))
