"""`diorama doctor [--json]`: is this machine ready to make scenes? One line per check, with the fix.

Every check is bounded in time (network probes time out in seconds), so the doctor answers
fast even when a service is down. The data folder is probed by writing (and deleting) a file in
it, each database by opening it, running SQLite's quick check and taking its write lock. FAIL means a scene cannot be made as configured (exit 3);
WARN means it can, with something missing or degraded; OK means ready.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from tools.core.settings import Settings

Status = Literal["OK", "WARN", "FAIL"]
PROBE_TIMEOUT_S = 5.0  # each network probe; a doctor that hangs on a dead service helps nobody
BROWSER_TIMEOUT_S = 30.0
# Import name -> the PyPI distribution pyproject.toml pins for it.
REQUIRED_MODULES = {
    "langgraph": "langgraph", "langgraph.checkpoint.sqlite": "langgraph-checkpoint-sqlite",
    "langchain_core": "langchain-core", "pydantic": "pydantic", "pydantic_settings": "pydantic-settings",
    "numpy": "numpy", "scipy": "scipy", "trimesh": "trimesh", "pygltflib": "pygltflib",
    "playwright": "playwright", "boto3": "boto3", "httpx": "httpx",
}
WEBGL_PROBE = """() => {
  const canvas = document.createElement('canvas');
  const gl = canvas.getContext('webgl2') || canvas.getContext('webgl');
  if (!gl) return null;
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  return info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER);
}"""


@dataclass
class Check:
    """One doctor finding: what was checked, OK/WARN/FAIL, what was seen, and how to fix it."""

    name: str
    status: Status
    detail: str
    fix: str = ""


def load_settings() -> tuple[Settings, list[Check]]:
    """The settings, with each bad DIORAMA_* value reported and replaced by its default so the other checks run."""
    from pydantic import ValidationError

    from tools.core.settings import Settings

    overrides: dict[str, Any] = {}  # field name -> that field's default, so each has the field's type
    checks: list[Check] = []
    for _ in range(len(Settings.model_fields) + 1):
        try:
            return Settings(**overrides), checks
        except ValidationError as error:
            for problem in error.errors():
                field = str(problem["loc"][0]) if problem["loc"] else "storage"  # model-level: the S3 rule
                checks.append(Check(f"setting {field}", "FAIL", problem["msg"],
                                    f"correct or unset DIORAMA_{field.upper()}"))
                overrides[field] = Settings.model_fields[field].get_default(call_default_factory=True)
    return Settings.model_construct(), checks


def check_packages() -> Check:
    """Whether the required Python packages import."""
    missing = []
    for module, dist in REQUIRED_MODULES.items():
        try:
            importlib.import_module(module)
        except ImportError as error:
            missing.append(f"{dist} ({error})")
    if missing:
        return Check("python packages", "FAIL", "cannot import " + "; ".join(missing),
                     "pip install -e . inside the virtual environment (make setup)")
    return Check("python packages", "OK", f"{len(REQUIRED_MODULES)} modules import")


def check_chromium(settings: Settings, bad_settings: set[str]) -> Check:
    """Whether Chromium is found and starts."""
    from tools.core.errors import RenderError
    from tools.verify.browser import Browser, default_chromium

    fix = "install it (apt-get install chromium) or set DIORAMA_CHROMIUM to a Chromium binary"
    if "chromium" in bad_settings:
        return Check("chromium", "FAIL", "DIORAMA_CHROMIUM does not name an executable file", fix)
    executable = settings.chromium or default_chromium()
    where = executable or "Playwright's bundled Chromium"
    try:
        with Browser(executable, timeout_s=BROWSER_TIMEOUT_S) as browser, browser.new_page((64, 64)) as page:
            renderer = page.evaluate(WEBGL_PROBE)
    except RenderError as error:
        return Check("chromium", "FAIL", f"{where} does not launch headless: {error}", fix)
    if not renderer:
        return Check("chromium", "FAIL", f"{where} launches but has no WebGL",
                     "use a Chromium with SwiftShader (Debian's chromium package; Chrome 139+ needs "
                     "--enable-unsafe-swiftshader, which Diorama passes)")
    return Check("chromium", "OK", f"{where} launches headless with WebGL ({renderer})")


def check_three(settings: Settings) -> Check:
    """Whether the scene page's script builds: three.js, Node.js and esbuild present (tools.page.bundle)."""
    from tools.page.bundle import page_bundle

    try:
        built = page_bundle(Path(settings.three_dir))
    except (FileNotFoundError, RuntimeError) as error:
        return Check("three.js", "FAIL", str(error),
                     "run `npm install` in web/ (make setup), or point DIORAMA_THREE_DIR at the npm 'three' package")
    return Check("three.js", "OK", f"page bundle built from {settings.three_dir} into {built}")


def check_data_dir(settings: Settings) -> Check:
    """Whether a file can be written into the data folder and deleted, with room left for scenes."""
    from tools.core.faults import probe_folder

    data_dir = Path(settings.data_dir).resolve()
    if (fault := probe_folder(data_dir)) is not None:
        return Check("data dir", "FAIL", f"{data_dir} cannot take scenes: {fault}",
                     "free space there, fix its permissions or mount, or set DIORAMA_DATA_DIR to a writable folder")
    return Check("data dir", "OK", f"{data_dir} is writable")


def check_databases(settings: Settings) -> list[Check]:
    """Each database of the data folder: opens, passes SQLite's quick check, and its write lock can be taken."""
    from app.jobs.health import databases
    from tools.core.faults import probe_database

    checks = []
    for db in databases(settings):
        if (fault := probe_database(db)) is not None:
            checks.append(Check(f"db {db.name}", "FAIL", str(fault), fix_for(fault.kind, db)))
        else:
            checks.append(Check(f"db {db.name}", "OK", f"{db} passes its quick check" if db.exists()
                                else f"{db} is made on first use"))
    return checks


def fix_for(kind: str, db: Path) -> str:
    """What to do about a database fault of this kind."""
    if kind == "damaged":
        return f"stop Diorama, then restore {db} from a backup or move it aside (a fresh one is made)"
    if kind == "locked":
        return f"stop the process holding {db} (another `diorama serve` or batch on this data dir?)"
    return f"free space or fix permissions where {db} lies, or set DIORAMA_DATA_DIR to a writable folder"


def check_storage(settings: Settings) -> Check:
    """Whether the scene store is usable: the local published folder writable, or the S3 bucket reachable."""
    from tools.core.errors import StorageError
    from tools.core.faults import probe_folder

    if settings.storage == "local":
        root = (Path(settings.data_dir) / "published").resolve()
        if (error := probe_folder(root)) is not None:
            return Check("storage", "FAIL", f"local store {root} is not writable: {error}",
                         "fix the folder's permissions or set DIORAMA_DATA_DIR")
        return Check("storage", "OK", f"local folder {root}")
    from tools.storage.s3 import S3Store

    store = S3Store(settings.s3_endpoint, settings.s3_bucket, settings.s3_prefix, settings.s3_access_key,
                    settings.s3_secret_key.get_secret_value() if settings.s3_secret_key else None,
                    settings.s3_region, max_attempts=1, connect_timeout_s=PROBE_TIMEOUT_S)
    try:
        store.exists("doctor-probe")
    except StorageError as error:
        return Check("storage", "FAIL", str(error),
                     "start the S3 server, or correct DIORAMA_S3_ENDPOINT / DIORAMA_S3_ACCESS_KEY / "
                     "DIORAMA_S3_SECRET_KEY (or DIORAMA_STORAGE=local)")
    return Check("storage", "OK", f"{store.describe()} answers")


def check_model(settings: Settings) -> Check:
    """Whether each configured model endpoint answers and serves the configured model."""
    import httpx

    from tools.model.client import parse_endpoints

    if not settings.llm_base_url:
        return Check("model", "OK", "not configured: grounded planner")
    key = settings.llm_api_key
    problems, served = [], []
    for endpoint in parse_endpoints(settings.llm_base_url, settings.llm_model, key):
        headers = {"Authorization": f"Bearer {endpoint.api_key}"} if endpoint.api_key else {}
        try:
            response = httpx.get(endpoint.models_url, headers=headers, timeout=PROBE_TIMEOUT_S)
            response.raise_for_status()
            models = [m["id"] for m in response.json()["data"]]
        except (httpx.HTTPError, ValueError, KeyError, TypeError) as error:
            problems.append(f"{endpoint.models_url}: {type(error).__name__}: {error}")
            continue
        if endpoint.model and endpoint.model not in models:
            problems.append(f"{endpoint.base_url} does not serve {endpoint.model!r} (it serves {models})")
        else:
            served.append(f"{endpoint.base_url} ({endpoint.model or (models[0] if models else '?')})")
    if problems:
        return Check("model", "FAIL", "; ".join(problems),
                     "start the model server, correct DIORAMA_LLM_BASE_URL / DIORAMA_LLM_MODEL, or unset "
                     "DIORAMA_LLM_BASE_URL to use the grounded planner")
    return Check("model", "OK", "serving: " + ", ".join(served))


def check_optional_services(settings: Settings) -> list[Check]:
    """SearxNG and the remote 3D service, only when configured; a run goes on without them, so WARN at worst."""
    import httpx

    probes = []
    if settings.searxng_url:
        probes.append(("searxng", f"{settings.searxng_url.rstrip('/')}/search?q=chair+dimensions&format=json",
                       "start SearxNG with the JSON format enabled, or unset DIORAMA_SEARXNG_URL"))
    if settings.remote3d_url:
        probes.append(("remote 3D", f"{settings.remote3d_url.rstrip('/')}/v1/tasks/doctor-probe",
                       "start the text-to-3D service, or unset DIORAMA_REMOTE3D_URL (placeholders stay)"))
    checks = []
    for name, url, fix in probes:
        try:
            response = httpx.get(url, timeout=PROBE_TIMEOUT_S)
        except httpx.HTTPError as error:
            checks.append(Check(name, "WARN", f"{url} did not answer: {type(error).__name__}: {error}", fix))
            continue
        ok = response.status_code < 500  # remote 3D answers 404 for the probe task: it is up
        checks.append(Check(name, "OK" if ok else "WARN", f"{url} answered HTTP {response.status_code}",
                            "" if ok else fix))
    return checks


def run_checks() -> list[Check]:
    """Every doctor check, settings problems first."""
    settings, checks = load_settings()
    bad = {c.name.removeprefix("setting ") for c in checks}
    checks = [c for c in checks if c.name != "setting chromium"]  # the chromium check says it, with the fix
    steps: list[Callable[[], Check | list[Check]]] = [
        check_packages, lambda: check_chromium(settings, bad), lambda: check_three(settings),
        lambda: check_data_dir(settings), lambda: check_databases(settings), lambda: check_storage(settings),
        lambda: check_model(settings),
        lambda: check_optional_services(settings),
    ]
    for step in steps:
        found = step()
        checks.extend(found if isinstance(found, list) else [found])
    return checks


def cmd_doctor(args: argparse.Namespace) -> int:
    """`diorama doctor`: print the checks (or JSON); fail when any check failed."""
    checks = run_checks()
    if args.json:
        print(json.dumps([asdict(c) for c in checks], indent=2))
    else:
        for check in checks:
            print(f"{check.status:<4}  {check.name:<16} {check.detail}")
            if check.fix:
                print(f"{'':<6}{'':<16} fix: {check.fix}")
    failed = any(c.status == "FAIL" for c in checks)
    if not args.json:
        print("\nready" if not failed else "\nnot ready: fix the FAIL lines above", file=sys.stderr)
    return 3 if failed else 0


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `doctor` command to the CLI."""
    p = subparsers.add_parser("doctor", help="check Chromium, three.js, storage and the model endpoint")
    p.add_argument("--json", action="store_true", help="print the checks as a JSON list")
    p.set_defaults(func=cmd_doctor)
