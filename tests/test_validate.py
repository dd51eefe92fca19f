"""validate_glb: good files pass; malformed, truncated and bomb-like ones are refused with ValidationError only."""

from __future__ import annotations

import copy
import json
import struct
import tracemalloc

import numpy as np
import pytest
import trimesh
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tools.assets.generate import generate
from tools.catalog.validate import CHUNK_BIN, CHUNK_JSON, GENERATED_LIMITS, GlbLimits, image_size, validate_glb
from tools.core.errors import ValidationError
from tools.core.gltf import Material, Mesh, Node, Primitive, write_glb


def box_glb() -> bytes:
    """A small valid GLB: one box, one material, one node, extras like a generated asset's."""
    box = trimesh.creation.box((0.5, 0.9, 0.5))
    primitive = Primitive(
        np.asarray(box.vertices, np.float32), np.asarray(box.vertex_normals, np.float32),
        np.asarray(box.faces, np.uint32), Material("grey"),
    )
    return write_glb([Mesh("box", [primitive])], [Node("box", mesh=0)], {"category": "cube", "source": "test"})


VALID = box_glb()
MEMORY_HEADROOM = 4 * 1024 * 1024  # what validation may allocate beyond the input, for any input


def split_glb(data: bytes) -> tuple[dict, bytes]:
    """(JSON document, BIN chunk bytes) of a well-formed GLB."""
    json_length = struct.unpack_from("<I", data, 12)[0]
    doc = json.loads(data[20 : 20 + json_length])
    bin_start = 20 + json_length
    bin_length = struct.unpack_from("<I", data, bin_start)[0]
    return doc, data[bin_start + 8 : bin_start + 8 + bin_length]


def make_glb(doc: dict | bytes, blob: bytes = b"") -> bytes:
    """A GLB with ``doc`` (a dict or raw bytes) as its JSON chunk and ``blob`` as its BIN chunk."""
    raw = doc if isinstance(doc, bytes) else json.dumps(doc).encode()
    raw += b" " * (-len(raw) % 4)
    blob += b"\0" * (-len(blob) % 4)
    chunks = struct.pack("<II", len(raw), CHUNK_JSON) + raw
    if blob:
        chunks += struct.pack("<II", len(blob), CHUNK_BIN) + blob
    return struct.pack("<4sII", b"glTF", 2, 12 + len(chunks)) + chunks


DOC, BLOB = split_glb(VALID)


def edited(edit) -> bytes:
    doc = copy.deepcopy(DOC)
    edit(doc)
    return make_glb(doc, BLOB)


def refused(data: bytes, match: str, limits: GlbLimits | None = None) -> None:
    with pytest.raises(ValidationError, match=match):
        validate_glb(data, limits or GlbLimits())


def test_generated_assets_pass_with_their_counts():
    for category in ("chair", "oak_tree", "car", "tv"):
        info = validate_glb(generate(category).glb, GENERATED_LIMITS)
        assert info.triangles > 0 and info.vertices > 0 and info.meshes == 1 and info.nodes == 1
        assert info.extras["category"] == category and info.gltf is not None


def test_rebuilt_valid_file_passes():
    assert validate_glb(make_glb(DOC, BLOB)).triangles == validate_glb(VALID).triangles


@pytest.mark.parametrize(
    ("data", "match"),
    [
        (b"", "too short"),
        (b"glTF", "too short"),
        (b"PK\x03\x04" + VALID[4:], "not a GLB"),
        (VALID[:4] + struct.pack("<I", 1) + VALID[8:], "version 1"),
        (VALID[:-100], "truncated"),
        (VALID + b"\0" * 8, "trailing"),
        (VALID[:12] + struct.pack("<II", 0xFFFFFFF0, CHUNK_JSON) + VALID[20:], "claims 4294967280 bytes"),
        (VALID[:12] + struct.pack("<II", 16, CHUNK_BIN) + VALID[20:], "expected JSON"),
    ],
    ids=["empty", "magic-only", "wrong-magic", "old-version", "truncated", "trailing", "huge-chunk", "bin-first"],
)
def test_broken_containers_are_refused(data, match):
    refused(data, match)


def test_header_claiming_a_huge_file_is_refused_without_allocating_it():
    bomb = struct.pack("<4sII", b"glTF", 2, 0xFFFFFFFF) + struct.pack("<II", 0x7FFFFFF0, CHUNK_JSON) + b"{}  "
    tracemalloc.start()
    try:
        refused(bomb, "truncated")
        refused(make_glb({"asset": {"version": "2.0"}, "buffers": [{"byteLength": 2**40}]}), "exceeds the BIN chunk")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < MEMORY_HEADROOM


@pytest.mark.parametrize(
    ("raw", "match"),
    [
        (b"\xff\xfe{}", "not UTF-8"),
        (b"{not json", "does not parse"),
        (b"[1, 2, 3]", "holds a list"),
        (b"[" * 100_000 + b"]" * 100_000, "nested too deeply|does not parse"),
        (b'{"asset": {"version": "1.0"}}', "asset.version"),
        (b'{"asset": {"version": "2.0"}, "nodes": {"a": 1}}', "'nodes' must be an array"),
        (b'{"asset": {"version": "2.0"}, "accessors": [' + b"{}," * 30_000 + b"{}]}", "over the cap"),
    ],
    ids=["not-utf8", "garbage", "array", "deep", "version", "wrong-type", "too-many-items"],
)
def test_bad_json_is_refused(raw, match):
    refused(make_glb(raw), match)


def test_json_chunk_over_the_cap_is_refused_before_decoding():
    refused(make_glb(b'{"asset": {"version": "2.0"}}' + b" " * 2048), "JSON chunk is", GlbLimits(max_json_bytes=1024))


def set_path(path: list, value):
    def edit(doc):
        target = doc
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return edit


@pytest.mark.parametrize(
    ("path", "value", "match"),
    [
        (["accessors", 0, "count"], 10**12, "over the cap"),
        (["accessors", 0, "count"], 10**6, "needs 12000000 bytes"),
        (["accessors", 0, "count"], -1, "integer >= 1"),
        (["accessors", 0, "count"], "12", "integer >= 1"),
        (["accessors", 0, "componentType"], 9999, "componentType"),
        (["accessors", 0, "type"], "VEC7", "accessor type"),
        (["accessors", 0, "byteOffset"], 2**31, "needs"),
        (["accessors", 0, "bufferView"], 99, "not an index into bufferViews"),
        (["bufferViews", 0, "byteLength"], 2**40, "past the buffer"),
        (["bufferViews", 0, "byteStride"], 3, "byteStride"),
        (["buffers", 0, "byteLength"], 2**40, "exceeds the BIN chunk"),
        (["buffers", 0, "uri"], "http://example.com/x.bin", "uri"),
        (["meshes", 0, "primitives", 0, "indices"], 0, "unsigned integers"),
        (["meshes", 0, "primitives", 0, "mode"], 9, "primitive mode"),
        (["meshes", 0, "primitives", 0, "material"], 1000, "not an index into materials"),
        (["meshes", 0, "primitives"], [], "non-empty"),
        (["nodes", 0, "mesh"], True, "not an index into meshes"),
        (["nodes", 0, "children"], [0], "own child"),
        (["scenes", 0, "nodes"], [5], "not an index into nodes"),
        (["scene"], 3, "not an index into scenes"),
        (["extensionsRequired"], ["KHR_draco_mesh_compression"], "unsupported extensions"),
    ],
)
def test_bad_structure_is_refused(path, value, match):
    refused(edited(set_path(path, value)), match)


def test_node_cycle_is_refused():
    def cycle(doc):
        doc["nodes"] = [{"children": [1]}, {"children": [2]}, {"children": [1]}]

    refused(edited(cycle), "more than one parent|cycle")


def test_triangle_and_vertex_caps():
    info = validate_glb(VALID)
    refused(VALID, f"{info.triangles} triangles", GlbLimits(max_triangles=info.triangles - 1))
    refused(VALID, "vertices|count .* over the cap", GlbLimits(max_vertices=info.vertices - 1))
    refused(VALID, "file is", GlbLimits(max_file_bytes=len(VALID) - 1))


def png_header(width: int, height: int) -> bytes:
    return b"\x89PNG\r\n\x1a\n" + struct.pack(">I4sII", 13, b"IHDR", width, height) + b"\x08\x06\0\0\0" + b"\0" * 4


def with_image(image_bytes: bytes, mime: str = "image/png") -> bytes:
    doc = copy.deepcopy(DOC)
    offset = len(BLOB)
    doc["bufferViews"].append({"buffer": 0, "byteOffset": offset, "byteLength": len(image_bytes)})
    doc["buffers"][0]["byteLength"] = offset + len(image_bytes)
    doc["images"] = [{"bufferView": len(doc["bufferViews"]) - 1, "mimeType": mime}]
    doc["textures"] = [{"source": 0}]
    doc["materials"][0]["pbrMetallicRoughness"]["baseColorTexture"] = {"index": 0}
    return make_glb(doc, BLOB + image_bytes)


def test_images_are_checked_by_their_declared_size():
    assert validate_glb(with_image(png_header(64, 64))).images == 1
    refused(with_image(png_header(100_000, 100_000)), "100000x100000 pixels")
    refused(with_image(b"GIF89a" + b"\0" * 20, "image/gif"), "mimeType")
    refused(with_image(b"not an image at all!"), "not a readable PNG or JPEG")
    refused(with_image(png_header(64, 64)), "over the cap of 0", GlbLimits(max_images=0))


def test_jpeg_size_is_read_from_its_frame_header():
    jpeg = b"\xff\xd8" + b"\xff\xe0" + struct.pack(">H", 16) + b"\0" * 14 + b"\xff\xc0" + struct.pack(">HBHH", 17, 8, 480, 640)
    assert image_size(jpeg) == (640, 480)


def test_material_texture_reference_must_exist():
    refused(edited(set_path(["materials", 0, "emissiveTexture"], {"index": 4})), "not an index into textures")


# --- fuzzing: whatever the bytes, only ValidationError comes out -----------------------------------------------

FUZZ = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def validate_or_refuse(data: bytes) -> None:
    try:
        validate_glb(data)
    except ValidationError:
        pass


@FUZZ
@given(st.binary(max_size=4096))
def test_random_bytes_only_raise_validation_error(data):
    validate_or_refuse(data)
    validate_or_refuse(b"glTF" + data)


@FUZZ
@given(st.lists(st.tuples(st.integers(0, len(VALID) - 1), st.integers(0, 255)), min_size=1, max_size=8))
def test_byte_flips_only_raise_validation_error(flips):
    data = bytearray(VALID)
    for position, value in flips:
        data[position] = value
    validate_or_refuse(bytes(data))


@FUZZ
@given(st.integers(0, len(VALID)), st.binary(max_size=64))
def test_truncation_and_insertion_only_raise_validation_error(cut, insert):
    validate_or_refuse(VALID[:cut])
    validate_or_refuse(VALID[:cut] + insert + VALID[cut:])


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**64), 2**64) | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


def json_paths(value, prefix=()):
    """Every path into a JSON value, as tuples of keys and indices."""
    yield prefix
    if isinstance(value, dict):
        for key, child in value.items():
            yield from json_paths(child, (*prefix, key))
    elif isinstance(value, list):
        for i, child in enumerate(value):
            yield from json_paths(child, (*prefix, i))


PATHS = [p for p in json_paths(DOC) if p]


@FUZZ
@given(st.sampled_from(PATHS), JSON_VALUES)
def test_json_field_replacement_only_raises_validation_error(path, value):
    validate_or_refuse(edited(set_path(list(path), value)))


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(PATHS), st.integers(2**20, 2**62))
def test_huge_numbers_anywhere_stay_in_bounded_memory(path, value):
    data = edited(set_path(list(path), value))
    tracemalloc.start()
    try:
        validate_or_refuse(data)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < len(data) * 40 + MEMORY_HEADROOM
