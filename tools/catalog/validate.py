"""Validate GLB bytes before anything else touches them: nothing unchecked gets in.

Every GLB that enters Diorama (generated, imported, remote) goes through
``validate_glb``. The checks run in an order that never allocates more than
the input already occupies: the 12-byte header and every chunk length are
compared with the real file size first, the JSON chunk is capped before it is
decoded, every bufferView and accessor is bounds-checked against the BIN chunk
(count x element size, strides included) and only then does pygltflib parse
the file. A malformed, truncated or bomb-like file raises ``ValidationError``
with a message saying what is wrong and where; nothing else escapes.
"""

from __future__ import annotations

import json
import struct
from collections.abc import Iterator, Mapping, Set
from dataclasses import dataclass, field
from typing import TypeGuard, TypeVar

import pygltflib

from tools.core.errors import ValidationError

GLB_MAGIC = b"glTF"
CHUNK_JSON = 0x4E4F534A
CHUNK_BIN = 0x004E4942
HEADER_BYTES = 12
CHUNK_HEADER_BYTES = 8

COMPONENT_BYTES = {5120: 1, 5121: 1, 5122: 2, 5123: 2, 5125: 4, 5126: 4}
TYPE_COMPONENTS = {"SCALAR": 1, "VEC2": 2, "VEC3": 3, "VEC4": 4, "MAT2": 4, "MAT3": 9, "MAT4": 16}
INDEX_COMPONENTS = frozenset({5121, 5123, 5125})
TRIANGLE_MODES = {4: "list", 5: "strip", 6: "fan"}
IMAGE_TYPES = ("image/png", "image/jpeg")
JPEG_FRAME_MARKERS = frozenset({0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF})
# Extensions a file may *require*: anything else needs a decoder we do not run (Draco, Basis, meshopt).
SUPPORTED_REQUIRED_EXTENSIONS = frozenset({"KHR_materials_emissive_strength", "KHR_texture_transform"})
TEXTURE_SLOTS = ("normalTexture", "occlusionTexture", "emissiveTexture")
PBR_TEXTURE_SLOTS = ("baseColorTexture", "metallicRoughnessTexture")


@dataclass(frozen=True)
class GlbLimits:
    """Caps a GLB must stay under; sizes in bytes, texture sides in pixels."""

    max_file_bytes: int = 64 * 1024 * 1024
    max_json_bytes: int = 4 * 1024 * 1024
    max_triangles: int = 1_000_000
    max_vertices: int = 2_000_000
    max_items: int = 20_000  # entries of any one top-level array (nodes, accessors, ...)
    max_images: int = 32
    max_image_bytes: int = 16 * 1024 * 1024
    max_texture_side: int = 8192


DEFAULT_LIMITS = GlbLimits()
GENERATED_LIMITS = GlbLimits(
    max_file_bytes=8 * 1024 * 1024, max_triangles=50_000, max_vertices=150_000, max_images=16, max_texture_side=1024
)


@dataclass
class GlbInfo:
    """What validation learned about a GLB; ``gltf`` is the parsed file."""

    size_bytes: int
    triangles: int
    vertices: int
    meshes: int
    nodes: int
    images: int
    extras: dict
    gltf: pygltflib.GLTF2 | None = field(repr=False)


def validate_glb(data: bytes, limits: GlbLimits = DEFAULT_LIMITS, parse: bool = True) -> GlbInfo:
    """Check ``data`` is a well-formed, bounded glTF 2.0 binary and parse it.

    Raises ValidationError naming the first problem found; never allocates
    more than ``limits.max_json_bytes`` beyond the input before the bounds
    checks pass. ``parse=False`` skips the pygltflib parse (most of the cost,
    about 50 ms for a small asset) when the caller only needs the verdict;
    ``GlbInfo.gltf`` is then None.
    """
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise ValidationError(f"expected GLB bytes, got {type(data).__name__}")
    data = bytes(data)
    if len(data) > limits.max_file_bytes:
        raise ValidationError(f"file is {len(data)} bytes, over the cap of {limits.max_file_bytes}")
    json_bytes, bin_chunk = _read_chunks(data, limits)
    doc = _decode_json(json_bytes)
    checker = _Checker(doc, bin_chunk, limits)
    triangles, vertices = checker.run()
    gltf = _parse(data) if parse else None
    extras = doc["asset"].get("extras")
    extras = extras if isinstance(extras, dict) else {}
    return GlbInfo(
        size_bytes=len(data),
        triangles=triangles,
        vertices=vertices,
        meshes=len(checker.items("meshes")),
        nodes=len(checker.items("nodes")),
        images=len(checker.items("images")),
        extras=extras,
        gltf=gltf,
    )


def _read_chunks(data: bytes, limits: GlbLimits) -> tuple[bytes, memoryview]:
    """The JSON chunk's bytes and a view of the BIN chunk (empty when absent), from headers checked against the file."""
    if len(data) < HEADER_BYTES + CHUNK_HEADER_BYTES:
        raise ValidationError(f"file is {len(data)} bytes: too short for a GLB header and a JSON chunk")
    magic, version, declared = struct.unpack_from("<4sII", data, 0)
    if magic != GLB_MAGIC:
        raise ValidationError(f"not a GLB: magic is {magic!r}, expected b'glTF'")
    if version != 2:
        raise ValidationError(f"GLB container version {version}; only version 2 is supported")
    if declared != len(data):
        state = "truncated" if declared > len(data) else "followed by trailing bytes"
        raise ValidationError(f"header declares {declared} bytes but the file has {len(data)} ({state})")
    json_bytes, bin_chunk, offset, index = b"", memoryview(b""), HEADER_BYTES, 0
    while offset < len(data):
        if offset + CHUNK_HEADER_BYTES > len(data):
            raise ValidationError(f"chunk {index} header at byte {offset} runs past the end of the file")
        length, kind = struct.unpack_from("<II", data, offset)
        start = offset + CHUNK_HEADER_BYTES
        if length > len(data) - start:
            raise ValidationError(f"chunk {index} claims {length} bytes but only {len(data) - start} remain")
        if length % 4:
            raise ValidationError(f"chunk {index} length {length} is not a multiple of 4")
        if index == 0:
            if kind != CHUNK_JSON:
                raise ValidationError(f"first chunk has type 0x{kind:08x}, expected JSON")
            if length > limits.max_json_bytes:
                raise ValidationError(f"JSON chunk is {length} bytes, over the cap of {limits.max_json_bytes}")
            json_bytes = data[start : start + length]
        elif kind == CHUNK_JSON:
            raise ValidationError(f"chunk {index} is a second JSON chunk")
        elif kind == CHUNK_BIN:
            if index != 1:
                raise ValidationError(f"BIN chunk must be the second chunk, found it as chunk {index}")
            bin_chunk = memoryview(data)[start : start + length]
        offset, index = start + length, index + 1
    return json_bytes, bin_chunk


def _decode_json(raw: bytes) -> dict:
    try:
        doc = json.loads(raw.decode("utf-8").rstrip(" \x00"))
    except UnicodeDecodeError as e:
        raise ValidationError(f"JSON chunk is not UTF-8: {e.reason} at byte {e.start}") from None
    except RecursionError:
        raise ValidationError("JSON chunk is nested too deeply") from None
    except ValueError as e:  # JSONDecodeError, and integers longer than Python converts
        raise ValidationError(f"JSON chunk does not parse: {e}") from None
    if not isinstance(doc, dict):
        raise ValidationError(f"JSON chunk holds a {type(doc).__name__}, expected an object")
    return doc


def _parse(data: bytes) -> pygltflib.GLTF2:
    try:
        return pygltflib.GLTF2.load_from_bytes(data)
    except (ValueError, TypeError, KeyError, AttributeError, IndexError, struct.error) as e:
        raise ValidationError(f"pygltflib could not read the file: {type(e).__name__}: {e}") from None


class _Checker:
    """Structure, references and byte bounds of a decoded glTF JSON document."""

    def __init__(self, doc: dict, bin_chunk: memoryview, limits: GlbLimits) -> None:
        self.doc, self.bin_chunk, self.bin_length, self.limits = doc, bin_chunk, len(bin_chunk), limits

    def run(self) -> tuple[int, int]:
        self._check_asset()
        self._check_extensions()
        buffer_lengths = self._check_buffers()
        view_lengths = self._check_buffer_views(buffer_lengths)
        self._check_accessors(view_lengths)
        triangles, vertices = self._check_meshes()
        self._check_nodes_and_scenes()
        self._check_images(view_lengths)
        self._check_textures_and_materials()
        self._check_animations_and_skins()
        return triangles, vertices

    def items(self, name: str) -> list[dict]:
        """The top-level array ``name`` (empty when absent); each entry must be an object."""
        value = self.doc.get(name, [])
        if not isinstance(value, list):
            raise ValidationError(f"'{name}' must be an array, got {type(value).__name__}")
        if len(value) > self.limits.max_items:
            raise ValidationError(f"'{name}' has {len(value)} entries, over the cap of {self.limits.max_items}")
        for i, item in enumerate(value):
            if not isinstance(item, dict):
                raise ValidationError(f"{name}[{i}] must be an object, got {type(item).__name__}")
        return value

    def _check_asset(self) -> None:
        asset = self.doc.get("asset")
        if not isinstance(asset, dict) or asset.get("version") != "2.0":
            raise ValidationError("asset.version must be \"2.0\"")

    def _check_extensions(self) -> None:
        required = self.doc.get("extensionsRequired", [])
        if not isinstance(required, list) or not all(isinstance(r, str) for r in required):
            raise ValidationError("extensionsRequired must be an array of names")
        unsupported = sorted(set(required) - SUPPORTED_REQUIRED_EXTENSIONS)
        if unsupported:
            raise ValidationError(f"file requires unsupported extensions {unsupported}; export it without them")

    def _check_buffers(self) -> list[int]:
        lengths = []
        for i, buffer in enumerate(self.items("buffers")):
            length = _count(buffer, "byteLength", f"buffers[{i}]", minimum=1)
            if "uri" in buffer:
                raise ValidationError(f"buffers[{i}] has a uri; only a self-contained GLB (data in its BIN chunk) is accepted")
            if i != 0:
                raise ValidationError(f"buffers[{i}]: a GLB has one buffer, its BIN chunk")
            if length > self.bin_length:
                raise ValidationError(f"buffers[0].byteLength {length} exceeds the BIN chunk ({self.bin_length} bytes)")
            lengths.append(length)
        return lengths

    def _check_buffer_views(self, buffer_lengths: list[int]) -> list[int]:
        lengths = []
        for i, view in enumerate(self.items("bufferViews")):
            where = f"bufferViews[{i}]"
            buffer = _index(view, "buffer", len(buffer_lengths), where, "buffers")
            offset = _count(view, "byteOffset", where, default=0)
            length = _count(view, "byteLength", where, minimum=1)
            if offset + length > buffer_lengths[buffer]:
                raise ValidationError(f"{where} spans bytes {offset}..{offset + length}, past the buffer's {buffer_lengths[buffer]}")
            if "byteStride" in view:
                stride = _count(view, "byteStride", where)
                if not 4 <= stride <= 252 or stride % 4:
                    raise ValidationError(f"{where}.byteStride {stride} is not a multiple of 4 in 4..252")
            lengths.append(length)
        return lengths

    def _check_accessors(self, view_lengths: list[int]) -> None:
        views = self.items("bufferViews")
        for i, accessor in enumerate(self.items("accessors")):
            where = f"accessors[{i}]"
            component = accessor.get("componentType")
            if not _is_key_of(component, COMPONENT_BYTES):
                raise ValidationError(f"{where}.componentType {component!r} is not a glTF component type")
            kind = accessor.get("type")
            if not _is_key_of(kind, TYPE_COMPONENTS):
                raise ValidationError(f"{where}.type {kind!r} is not a glTF accessor type")
            count = _count(accessor, "count", where, minimum=1)
            if count > self.limits.max_vertices * 3:
                raise ValidationError(f"{where}.count {count} is over the cap of {self.limits.max_vertices * 3}")
            element = COMPONENT_BYTES[component] * TYPE_COMPONENTS[kind]
            if "bufferView" in accessor:
                view = _index(accessor, "bufferView", len(view_lengths), where, "bufferViews")
                offset = _count(accessor, "byteOffset", where, default=0)
                stride = views[view].get("byteStride", element)
                needed = offset + stride * (count - 1) + element
                if needed > view_lengths[view]:
                    raise ValidationError(
                        f"{where} needs {needed} bytes ({count} x {element}-byte elements) "
                        f"but bufferViews[{view}] holds {view_lengths[view]}"
                    )
            if "sparse" in accessor:
                self._check_sparse(accessor["sparse"], count, element, view_lengths, where)

    def _check_sparse(self, sparse: object, count: int, element: int, view_lengths: list[int], where: str) -> None:
        if not isinstance(sparse, dict):
            raise ValidationError(f"{where}.sparse must be an object")
        sparse_count = _count(sparse, "count", f"{where}.sparse", minimum=1)
        if sparse_count > count:
            raise ValidationError(f"{where}.sparse.count {sparse_count} exceeds the accessor's count {count}")
        for part, size in (("indices", None), ("values", element)):
            block = sparse.get(part)
            if not isinstance(block, dict):
                raise ValidationError(f"{where}.sparse.{part} must be an object")
            view = _index(block, "bufferView", len(view_lengths), f"{where}.sparse.{part}", "bufferViews")
            offset = _count(block, "byteOffset", f"{where}.sparse.{part}", default=0)
            if size is None:
                component = block.get("componentType")
                if not _is_key_of(component, INDEX_COMPONENTS):
                    raise ValidationError(f"{where}.sparse.indices.componentType {component!r} is not an index type")
                size = COMPONENT_BYTES[component]
            if offset + sparse_count * size > view_lengths[view]:
                raise ValidationError(f"{where}.sparse.{part} runs past bufferViews[{view}]")

    def _check_meshes(self) -> tuple[int, int]:
        accessors = self.items("accessors")
        materials = len(self.items("materials"))
        triangles = vertices = 0
        for m, mesh in enumerate(self.items("meshes")):
            primitives = mesh.get("primitives")
            if not isinstance(primitives, list) or not primitives:
                raise ValidationError(f"meshes[{m}].primitives must be a non-empty array")
            for p, primitive in enumerate(primitives):
                where = f"meshes[{m}].primitives[{p}]"
                if not isinstance(primitive, dict):
                    raise ValidationError(f"{where} must be an object")
                drawn, position_count = self._check_primitive(primitive, accessors, materials, where)
                triangles += drawn
                vertices += position_count
        if triangles > self.limits.max_triangles:
            raise ValidationError(f"{triangles} triangles, over the cap of {self.limits.max_triangles}")
        if vertices > self.limits.max_vertices:
            raise ValidationError(f"{vertices} vertices, over the cap of {self.limits.max_vertices}")
        return triangles, vertices

    def _check_primitive(self, primitive: dict, accessors: list[dict], materials: int, where: str) -> tuple[int, int]:
        """(triangles drawn, POSITION vertex count) of one primitive, after its references check out."""
        attributes = primitive.get("attributes")
        if not isinstance(attributes, dict) or not attributes:
            raise ValidationError(f"{where}.attributes must be a non-empty object")
        for name in attributes:
            _index(attributes, name, len(accessors), f"{where}.attributes", "accessors")
        if "material" in primitive:
            _index(primitive, "material", materials, where, "materials")
        position_count = accessors[attributes["POSITION"]]["count"] if "POSITION" in attributes else 0
        if "POSITION" in attributes and accessors[attributes["POSITION"]]["type"] != "VEC3":
            raise ValidationError(f"{where}: POSITION must be a VEC3 accessor")
        drawn_count = position_count
        if "indices" in primitive:
            index = _index(primitive, "indices", len(accessors), where, "accessors")
            if accessors[index]["componentType"] not in INDEX_COMPONENTS or accessors[index]["type"] != "SCALAR":
                raise ValidationError(f"{where}.indices must be a SCALAR accessor of unsigned integers")
            drawn_count = accessors[index]["count"]
        mode = primitive.get("mode", 4)
        if not isinstance(mode, int) or isinstance(mode, bool) or not 0 <= mode <= 6:
            raise ValidationError(f"{where}.mode {mode!r} is not a glTF primitive mode")
        if mode == 4:
            return drawn_count // 3, position_count
        return (max(drawn_count - 2, 0) if mode in TRIANGLE_MODES else 0), position_count

    def _check_nodes_and_scenes(self) -> None:
        nodes = self.items("nodes")
        meshes = len(self.items("meshes"))
        parents: dict[int, int] = {}
        for i, node in enumerate(nodes):
            if "mesh" in node:
                _index(node, "mesh", meshes, f"nodes[{i}]", "meshes")
            for child in _index_list(node, "children", len(nodes), f"nodes[{i}]", "nodes"):
                if child in parents or child == i:
                    raise ValidationError(f"nodes[{child}] has more than one parent (or is its own child)")
                parents[child] = i
        for start in parents:  # with one parent each, a cycle shows as a walk that never reaches a root
            seen, at = set(), start
            while at in parents:
                if at in seen:
                    raise ValidationError(f"node hierarchy has a cycle through nodes[{at}]")
                seen.add(at)
                at = parents[at]
        scenes = self.items("scenes")
        for i, scene in enumerate(scenes):
            _index_list(scene, "nodes", len(nodes), f"scenes[{i}]", "nodes")
        if "scene" in self.doc:
            _index(self.doc, "scene", len(scenes), "document", "scenes")

    def _check_images(self, view_lengths: list[int]) -> None:
        images = self.items("images")
        if len(images) > self.limits.max_images:
            raise ValidationError(f"{len(images)} images, over the cap of {self.limits.max_images}")
        for i, image in enumerate(images):
            where = f"images[{i}]"
            if "uri" in image:
                raise ValidationError(f"{where} has a uri; only images stored in the GLB's BIN chunk are accepted")
            view = _index(image, "bufferView", len(view_lengths), where, "bufferViews")
            if image.get("mimeType") not in IMAGE_TYPES:
                raise ValidationError(f"{where}.mimeType {image.get('mimeType')!r} is not one of {IMAGE_TYPES}")
            if view_lengths[view] > self.limits.max_image_bytes:
                raise ValidationError(f"{where} is {view_lengths[view]} bytes, over the cap of {self.limits.max_image_bytes}")
            self._check_image_pixels(self.items("bufferViews")[view], where)

    def _check_image_pixels(self, view: dict, where: str) -> None:
        """A small file can decode to gigabytes: read the image's declared size before anything decodes it."""
        offset = view.get("byteOffset", 0)
        size = image_size(self.bin_chunk[offset : offset + view["byteLength"]])
        if size is None:
            raise ValidationError(f"{where} is not a readable PNG or JPEG")
        cap = self.limits.max_texture_side
        if not (0 < size[0] <= cap and 0 < size[1] <= cap):
            raise ValidationError(f"{where} is {size[0]}x{size[1]} pixels; each side must be 1..{cap}")

    def _check_textures_and_materials(self) -> None:
        textures = self.items("textures")
        images, samplers = len(self.items("images")), len(self.items("samplers"))
        for i, texture in enumerate(textures):
            if "source" in texture:
                _index(texture, "source", images, f"textures[{i}]", "images")
            if "sampler" in texture:
                _index(texture, "sampler", samplers, f"textures[{i}]", "samplers")
        for i, material in enumerate(self.items("materials")):
            for where, slot in _texture_slots(material, f"materials[{i}]"):
                _index(slot, "index", len(textures), where, "textures")

    def _check_animations_and_skins(self) -> None:
        accessors, nodes = len(self.items("accessors")), len(self.items("nodes"))
        for i, skin in enumerate(self.items("skins")):
            if "inverseBindMatrices" in skin:
                _index(skin, "inverseBindMatrices", accessors, f"skins[{i}]", "accessors")
            _index_list(skin, "joints", nodes, f"skins[{i}]", "nodes")
        for i, animation in enumerate(self.items("animations")):
            samplers = animation.get("samplers", [])
            if not isinstance(samplers, list):
                raise ValidationError(f"animations[{i}].samplers must be an array")
            for s, sampler in enumerate(samplers):
                if not isinstance(sampler, dict):
                    raise ValidationError(f"animations[{i}].samplers[{s}] must be an object")
                for key in ("input", "output"):
                    _index(sampler, key, accessors, f"animations[{i}].samplers[{s}]", "accessors")


def _texture_slots(material: dict, where: str) -> Iterator[tuple[str, dict]]:
    """Every texture reference of a material, as (path, the object holding 'index')."""
    holders: list[tuple[str, dict, tuple[str, ...]]] = [(where, material, TEXTURE_SLOTS)]
    pbr = material.get("pbrMetallicRoughness")
    if pbr is not None:
        if not isinstance(pbr, dict):
            raise ValidationError(f"{where}.pbrMetallicRoughness must be an object")
        holders.append((f"{where}.pbrMetallicRoughness", pbr, PBR_TEXTURE_SLOTS))
    for path, holder, slots in holders:
        for slot in slots:
            if slot in holder:
                if not isinstance(holder[slot], dict):
                    raise ValidationError(f"{path}.{slot} must be an object")
                yield f"{path}.{slot}", holder[slot]


_Key = TypeVar("_Key")


def _is_key_of(value: object, table: Mapping[_Key, object] | Set[_Key]) -> TypeGuard[_Key]:
    """``value in table`` for any JSON value (lists and objects are unhashable; True == 1 is not a type code)."""
    return isinstance(value, (int, str)) and not isinstance(value, bool) and value in table


def _count(obj: dict, key: str, where: str, default: int | None = None, minimum: int = 0) -> int:
    """obj[key] as a non-negative integer (>= minimum); missing: ``default`` or an error."""
    value = obj.get(key, default)
    if value is None:
        raise ValidationError(f"{where}.{key} is missing")
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        raise ValidationError(f"{where}.{key} must be an integer >= {minimum}, got {value!r}")
    return value


def _index(obj: dict, key: str, size: int, where: str, target: str) -> int:
    """obj[key] as a valid index into the top-level array ``target`` of ``size`` entries."""
    return _checked_index(obj.get(key), size, f"{where}.{key}", target)


def _index_list(obj: dict, key: str, size: int, where: str, target: str) -> list[int]:
    values = obj.get(key, [])
    if not isinstance(values, list):
        raise ValidationError(f"{where}.{key} must be an array")
    return [_checked_index(v, size, f"{where}.{key}[{i}]", target) for i, v in enumerate(values)]


def _checked_index(value: object, size: int, where: str, target: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < size:
        raise ValidationError(f"{where} = {value!r} is not an index into {target} ({size} entries)")
    return value


def image_size(blob: bytes | memoryview) -> tuple[int, int] | None:
    """(width, height) in pixels read from a PNG or JPEG header, without decoding; None if unreadable."""
    blob = memoryview(blob)
    if bytes(blob[:8]) == b"\x89PNG\r\n\x1a\n" and len(blob) >= 24 and bytes(blob[12:16]) == b"IHDR":
        return struct.unpack_from(">II", blob, 16)
    if bytes(blob[:2]) != b"\xff\xd8":
        return None
    offset = 2
    while offset + 4 <= len(blob):
        if blob[offset] != 0xFF:
            return None
        marker, length = blob[offset + 1], struct.unpack_from(">H", blob, offset + 2)[0]
        if marker in JPEG_FRAME_MARKERS and offset + 9 <= len(blob):
            height, width = struct.unpack_from(">HH", blob, offset + 5)
            return width, height
        if length < 2:
            return None
        offset += 2 + length
    return None
