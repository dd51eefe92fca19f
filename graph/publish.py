"""publish: record the URLs in scene.json and report.json, then upload the bundle through the run's store.

Keys: ``scenes/<scene_id>/<relpath>`` for the bundle (so the page's relative
paths work from the store too) and the shared, content-addressed
``assets/<key>.glb`` the assets node already uploaded. The upload is all or
nothing (tools/storage/bundle.py): asset folders and data first, then
report.json, then the page, then the ``published.json`` marker; a failed put
deletes what this attempt uploaded. Every put is idempotent, so a resumed run
re-enters this node safely.
"""

from __future__ import annotations

from pathlib import Path

from langgraph.runtime import Runtime

from graph.context import RunContext
from graph.stage import stage
from graph.state import SceneState
from graph.verify import write_json
from tools.core.manifest import SceneManifest
from tools.core.report import Report
from tools.core.telemetry import current_tool_calls, tool_call
from tools.page.compose import PAGE_FILES
from tools.storage.base import Store
from tools.storage.bundle import PAGE, BundleUpload, all_or_nothing

BUNDLE_FILES = ("index.html", *PAGE_FILES, "scene.json", "scene.glb", "report.json")
# Anything else in the output folder stays private. vendor/: the three.js modules of scenes composed before
# the page was bundled (their index.html still loads them).
BUNDLE_FOLDERS = ("assets", "textures", "vendor", "screenshots")
DATA_FILES = tuple(name for name in BUNDLE_FILES if name not in (PAGE, "report.json"))


def scene_urls(store: Store, prefix: str, out: Path, asset_urls: dict[str, str]) -> dict:
    """The ``urls`` block of scene.json: where each published part of the scene is read from."""
    shots = sorted((out / "screenshots").glob("*.png")) if (out / "screenshots").is_dir() else []
    return {
        "index": store.url(f"{prefix}/index.html"),
        "scene_json": store.url(f"{prefix}/scene.json"),
        "scene_glb": store.url(f"{prefix}/scene.glb"),
        "report": store.url(f"{prefix}/report.json"),
        "screenshots": {shot.stem: store.url(f"{prefix}/screenshots/{shot.name}") for shot in shots},
        "assets": dict(sorted(asset_urls.items())),
    }


def upload_data(upload: BundleUpload, out: Path) -> int:
    """Put the bundle's folders and data files (all but report.json and the page); how many files."""
    count = sum(upload.put_folder(out / folder, folder) for folder in BUNDLE_FOLDERS if (out / folder).is_dir())
    for name in DATA_FILES:
        if (out / name).is_file() and not (out / name).is_symlink():
            upload.put_file(name, out / name)
            count += 1
    return count


def upload_last(upload: BundleUpload, out: Path) -> int:
    """Put report.json, then the page: a reader who finds the page finds everything it loads."""
    names = [name for name in ("report.json", PAGE) if (out / name).is_file() and not (out / name).is_symlink()]
    for name in names:
        upload.put_file(name, out / name)
    return len(names)


def upload_bundle(store: Store, out: Path, prefix: str) -> int:
    """Publish a whole output folder under ``prefix``, all or nothing; how many files."""
    with all_or_nothing(store, prefix) as upload:
        return upload_data(upload, out) + upload_last(upload, out)


@stage("publish")
def publish(state: SceneState, runtime: Runtime[RunContext]) -> dict:
    """Finalise report.json, add URLs to scene.json (``urls`` and each object's ``asset_url``), upload."""
    out = Path(state["out_dir"])
    store = runtime.context.store
    prefix = f"scenes/{state['scene_id']}"
    asset_urls = {ref["path"]: ref.get("url") or store.url(ref["path"]) for ref in state["assets"].values()}
    urls = scene_urls(store, prefix, out, asset_urls)
    # verify's copy holds the requirements' results
    scene = SceneManifest.model_validate_json((out / "scene.json").read_text(encoding="utf-8"))
    scene.urls = urls
    for obj in scene.objects:
        obj.asset_url = asset_urls.get(obj.asset)
    scene_json = scene.model_dump(mode="json")
    write_json(out / "scene.json", scene_json)
    with all_or_nothing(store, prefix) as upload:
        with tool_call("storage_put_bundle"):
            files = upload_data(upload, out)
        # report.json is written after the data so its tool_calls include that upload (all but the last puts)
        report = Report.model_validate({
            **state["report"], "repairs": state.get("repair_log", []), "timings": state.get("timings", {}),
            "tool_calls": state.get("tool_calls", []) + current_tool_calls(), "urls": urls,
        }).model_dump(mode="json")
        write_json(out / "report.json", report)
        with tool_call("storage_put"):
            files += upload_last(upload, out)
    runtime.context.progress("publish", f"{files} files to {store.describe()}")
    return {"report": report, "scene": scene_json}
