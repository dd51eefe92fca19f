"""A scene's files: the output folder, the bundle zip and scene.glb, from this host's disk or the store
(app/api/output.py says which, and why S3 copies are streamed rather than redirected to).

Every answer carries ``Access-Control-Allow-Origin: *``: the UI shows the page
in an iframe sandboxed without ``allow-same-origin``, whose module scripts and
fetches are therefore cross-origin. The page's own CSP is left as it is.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request, Response
from fastapi import Path as PathParam

from app.api.models import error_responses
from app.api.output import SceneOutput
from app.api.scenes import SceneId, bundle_cache_dir, file_access_job, outputs_of
from app.api.security import ApiError

router = APIRouter(prefix="/v1/scenes", tags=["files"])
Token = Annotated[str | None, Query(max_length=200, description="signed token (when API keys are set)")]
FilePath = Annotated[str, PathParam(max_length=500, description="path inside the output folder, e.g. index.html")]


def _finished_output(request: Request, scene_id: str, token: str | None) -> SceneOutput:
    job = file_access_job(request, scene_id, token)
    if job.status in ("queued", "running", "cancelled"):
        raise ApiError(404, "not_found", f"scene {scene_id} has no finished output ({job.status})")
    output = outputs_of(request).of(job)
    if not output.published():
        raise ApiError(404, "not_found", f"scene {scene_id} has no finished output ({job.status})")
    return output


@router.get("/{scene_id}/files/{path:path}", summary="A file of the scene's output folder",
            responses={200: {"description": "the file"}, **error_responses(401, 404, 422, 503)})
def scene_file(scene_id: SceneId, path: FilePath, request: Request, token: Token = None) -> Response:
    """One published file of a scene the caller may read."""
    return _finished_output(request, scene_id, token).file(path)


@router.get("/{scene_id}/signed/{token}/{path:path}", summary="A file, by a signed URL the page's relative links keep",
            responses={200: {"description": "the file"}, **error_responses(401, 404, 422, 503)})
def signed_scene_file(scene_id: SceneId, token: Annotated[str, PathParam(max_length=200)], path: FilePath,
                      request: Request) -> Response:
    """One published file of a scene, reached by a signed URL's token instead of an API key."""
    if not request.app.state.keys.enabled:
        raise ApiError(404, "not_found", "signed URLs exist only when API keys are configured")
    return _finished_output(request, scene_id, token).file(path)


@router.get("/{scene_id}/scene.glb", summary="The whole scene as one GLB",
            responses={200: {"content": {"model/gltf-binary": {}}}, **error_responses(401, 404, 422, 503)})
def scene_glb(scene_id: SceneId, request: Request, token: Token = None) -> Response:
    """The scene's binary glTF."""
    return _finished_output(request, scene_id, token).file("scene.glb")


@router.get("/{scene_id}/bundle", summary="The output folder as a zip",
            responses={200: {"content": {"application/zip": {}}}, **error_responses(401, 404, 422, 503)})
def scene_bundle(scene_id: SceneId, request: Request, token: Token = None) -> Response:
    """The scene's published files as one zip, built once per version of the scene and streamed from disk."""
    output = _finished_output(request, scene_id, token)
    return output.bundle(bundle_cache_dir(request.app.state.settings.data_dir, scene_id), f"{scene_id}.zip")
