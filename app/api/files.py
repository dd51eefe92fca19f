"""A scene's files: the output folder, the bundle zip and scene.glb.

Every answer carries ``Access-Control-Allow-Origin: *``: the UI shows the page
in an iframe sandboxed without ``allow-same-origin``, whose module scripts and
fetches are therefore cross-origin. The page's own CSP is left as it is.
Only the published parts of the folder are served (graph.publish's bundle
lists plus compose's page files), and a path can never leave the scene's folder.
The bundle zip is built once per version of the folder, on disk under
``<data_dir>/bundles/<id>/`` (named by the files' sizes and times), and streamed
from there: a download costs no memory, and a second one no zipping.
"""

from __future__ import annotations

import hashlib
import os
import threading
import zipfile
from pathlib import Path, PurePosixPath
from typing import Annotated

from fastapi import APIRouter, Query, Request
from fastapi import Path as PathParam
from fastapi.responses import FileResponse

from app.api.models import error_responses
from app.api.scenes import SceneId, bundle_cache_dir, file_access_job
from app.api.security import ApiError
from app.jobs.queue import scene_dir
from graph.publish import BUNDLE_FILES, BUNDLE_FOLDERS
from tools.core.static_server import CONTENT_TYPES

router = APIRouter(prefix="/v1/scenes", tags=["files"])
FILE_HEADERS = {"Access-Control-Allow-Origin": "*", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff"}
Token = Annotated[str | None, Query(max_length=200, description="signed token (when API keys are set)")]
FilePath = Annotated[str, PathParam(max_length=500, description="path inside the output folder, e.g. index.html")]


def published_file(folder: Path, relative: str) -> Path:
    """The file at ``relative`` inside ``folder``, if it is part of the published bundle; 404 otherwise."""
    parts = PurePosixPath(relative).parts
    if not parts or relative.startswith("/") or any(p in ("..", ".", "") or "\\" in p or "\0" in p for p in parts):
        raise ApiError(404, "not_found", f"no file {relative!r} in this scene")
    allowed = (len(parts) == 1 and parts[0] in BUNDLE_FILES) or (len(parts) > 1 and parts[0] in BUNDLE_FOLDERS)
    root = folder.resolve()
    path = (root / Path(*parts)).resolve()
    if not allowed or not path.is_relative_to(root) or not path.is_file():
        raise ApiError(404, "not_found", f"no file {relative!r} in this scene")
    return path


def serve_file(path: Path) -> FileResponse:
    """A file response with the content type its suffix implies and the headers every served file carries."""
    media_type = CONTENT_TYPES.get(path.suffix.lower(), "application/octet-stream")
    return FileResponse(path, media_type=media_type, headers=FILE_HEADERS)


def _scene_folder(request: Request, scene_id: str, token: str | None) -> Path:
    job = file_access_job(request, scene_id, token)
    folder = scene_dir(request.app.state.settings.data_dir, job.id)
    if job.status == "cancelled" or not (folder / "index.html").is_file() or job.status in ("queued", "running"):
        raise ApiError(404, "not_found", f"scene {scene_id} has no finished output ({job.status})")
    return folder


@router.get("/{scene_id}/files/{path:path}", summary="A file of the scene's output folder",
            responses={200: {"description": "the file"}, **error_responses(401, 404, 422)})
def scene_file(scene_id: SceneId, path: FilePath, request: Request, token: Token = None) -> FileResponse:
    """One published file of a scene the caller may read."""
    return serve_file(published_file(_scene_folder(request, scene_id, token), path))


@router.get("/{scene_id}/signed/{token}/{path:path}", summary="A file, by a signed URL the page's relative links keep",
            responses={200: {"description": "the file"}, **error_responses(401, 404, 422)})
def signed_scene_file(scene_id: SceneId, token: Annotated[str, PathParam(max_length=200)], path: FilePath,
                      request: Request) -> FileResponse:
    """One published file of a scene, reached by a signed URL's token instead of an API key."""
    if not request.app.state.keys.enabled:
        raise ApiError(404, "not_found", "signed URLs exist only when API keys are configured")
    return serve_file(published_file(_scene_folder(request, scene_id, token), path))


@router.get("/{scene_id}/scene.glb", summary="The whole scene as one GLB",
            responses={200: {"content": {"model/gltf-binary": {}}}, **error_responses(401, 404, 422)})
def scene_glb(scene_id: SceneId, request: Request, token: Token = None) -> FileResponse:
    """The scene's binary glTF."""
    return serve_file(published_file(_scene_folder(request, scene_id, token), "scene.glb"))


@router.get("/{scene_id}/bundle", summary="The output folder as a zip",
            responses={200: {"content": {"application/zip": {}}}, **error_responses(401, 404, 422)})
def scene_bundle(scene_id: SceneId, request: Request, token: Token = None) -> FileResponse:
    """The scene's published files as one zip, built once per version of the folder and streamed from disk."""
    folder = _scene_folder(request, scene_id, token)
    archive = cached_bundle(folder, bundle_cache_dir(request.app.state.settings.data_dir, scene_id))
    headers = {**FILE_HEADERS, "Content-Disposition": f'attachment; filename="{scene_id}.zip"'}
    return FileResponse(archive, media_type="application/zip", headers=headers)


def cached_bundle(folder: Path, cache: Path) -> Path:
    """The zip of the folder's bundle files in ``cache``, made when no zip of these very files is there yet.

    The name is a digest of each file's path, size and modification time, so an edit (new revision) makes a
    new zip; it is written under a temporary name and renamed, so a half-written zip is never served.
    """
    files = bundle_files(folder)
    stamp = hashlib.sha256()
    for path in files:
        info = path.stat()
        stamp.update(f"{path.relative_to(folder).as_posix()}\0{info.st_size}\0{info.st_mtime_ns}\n".encode())
    archive = cache / f"{stamp.hexdigest()[:32]}.zip"
    if archive.is_file():
        return archive
    cache.mkdir(parents=True, exist_ok=True)
    tmp = cache / f"{archive.stem}.{os.getpid()}.{threading.get_ident()}.tmp"
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as zipped:
        for path in files:
            zipped.write(path, path.relative_to(folder).as_posix())
    tmp.replace(archive)
    for old in cache.glob("*.zip"):  # earlier versions of the folder
        if old != archive:
            old.unlink(missing_ok=True)
    return archive


def bundle_files(folder: Path) -> list[Path]:
    """The files a scene bundle holds: the top-level published files, then the asset folders' files.

    Only plain files that really lie inside the folder: no symlink, and nothing reached through a linked folder.
    """
    root = folder.resolve()
    files = [folder / name for name in BUNDLE_FILES]
    for name in BUNDLE_FOLDERS:
        if (folder / name).is_dir():
            files += sorted((folder / name).rglob("*"))
    return [p for p in files if p.is_file() and not p.is_symlink() and p.resolve().is_relative_to(root)]
