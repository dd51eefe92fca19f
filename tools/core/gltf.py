"""Write glTF 2.0 binaries (GLB) with pygltflib: assets and whole scenes.

One writer serves both: an asset is one mesh under one node; ``scene.glb``
is many nodes sharing the meshes of repeated assets. Output is a pure
function of the input arrays, so the same parameters give the same bytes.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import numpy as np
import pygltflib as g


@dataclass(frozen=True)
class Texture:
    """A base-colour image embedded in the GLB.

    png: the PNG file's bytes. metres: the world size one repeat of the image
    covers, used when UVs are made by planar projection (0 when the UVs came
    with the mesh and need no projection).
    """

    name: str
    png: bytes
    metres: float = 0.0


@dataclass(frozen=True)
class Material:
    """PBR metallic-roughness material. Colours are linear 0..1, as glTF expects factors.

    texture: an optional base-colour image, multiplied by ``base_color``;
    primitives using it must carry UVs.
    """

    name: str
    base_color: tuple[float, float, float, float] = (0.8, 0.8, 0.8, 1.0)
    metallic: float = 0.0
    roughness: float = 0.8
    emissive: tuple[float, float, float] = (0.0, 0.0, 0.0)
    double_sided: bool = False
    texture: Texture | None = None

    @property
    def blend(self) -> bool:
        """Whether the material is see-through enough to need alpha blending."""
        return self.base_color[3] < 0.999


@dataclass
class Primitive:
    """Triangles of one material.

    positions: (n, 3) float32 metres; normals: (n, 3) float32 unit vectors;
    indices: (m, 3) uint32 vertex indices, counter-clockwise seen from outside;
    uvs: (n, 2) float32 texture coordinates (TEXCOORD_0), or None.
    """

    positions: np.ndarray
    normals: np.ndarray
    indices: np.ndarray
    material: Material
    uvs: np.ndarray | None = None


@dataclass
class Mesh:
    """A glTF mesh: a name and its primitives."""

    name: str
    primitives: list[Primitive]


@dataclass
class Node:
    """A glTF node: an optional mesh, its transform, extras and child nodes."""

    name: str
    mesh: int | None = None
    translation: tuple[float, float, float] = (0.0, 0.0, 0.0)
    rotation: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 1.0)
    scale: tuple[float, float, float] = (1.0, 1.0, 1.0)
    extras: dict = field(default_factory=dict)
    children: tuple[int, ...] = ()  # indices of child nodes; a node nobody lists is a root of the scene


def srgb_to_linear(c: float) -> float:
    """glTF colour factors are linear; people name colours in sRGB."""
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


class _Builder:
    def __init__(self) -> None:
        self.gltf = g.GLTF2(asset=g.Asset(version="2.0", generator="diorama"))
        self.blob = bytearray()
        self.materials: dict[Material, int] = {}
        self.textures: dict[Texture, int] = {}

    def _view(self, data: bytes, target: int | None) -> int:
        while len(self.blob) % 4:
            self.blob.append(0)
        self.gltf.bufferViews.append(
            g.BufferView(buffer=0, byteOffset=len(self.blob), byteLength=len(data), target=target)
        )
        self.blob.extend(data)
        return len(self.gltf.bufferViews) - 1

    def _accessor(self, array: np.ndarray, kind: str, target: int) -> int:
        view = self._view(array.tobytes(), target)
        acc = g.Accessor(
            bufferView=view,
            componentType=g.FLOAT if array.dtype == np.float32 else g.UNSIGNED_INT,
            count=len(array) if kind != "SCALAR" else array.size,
            type=kind,
        )
        if kind in ("VEC2", "VEC3") and array.dtype == np.float32:
            acc.min = [float(v) for v in array.min(axis=0)]
            acc.max = [float(v) for v in array.max(axis=0)]
        self.gltf.accessors.append(acc)
        return len(self.gltf.accessors) - 1

    def texture(self, tex: Texture) -> int:
        """Index of the glTF texture showing ``tex`` (image, sampler and texture are added once)."""
        if tex not in self.textures:
            if not self.gltf.samplers:
                self.gltf.samplers.append(g.Sampler(
                    magFilter=g.LINEAR, minFilter=g.LINEAR_MIPMAP_LINEAR, wrapS=g.REPEAT, wrapT=g.REPEAT))
            view = self._view(tex.png, None)
            self.gltf.images.append(g.Image(name=tex.name, bufferView=view, mimeType="image/png"))
            self.gltf.textures.append(g.Texture(sampler=0, source=len(self.gltf.images) - 1))
            self.textures[tex] = len(self.gltf.textures) - 1
        return self.textures[tex]

    def material(self, mat: Material) -> int:
        if mat not in self.materials:
            pbr = g.PbrMetallicRoughness(
                baseColorFactor=[round(v, 6) for v in mat.base_color],
                metallicFactor=mat.metallic,
                roughnessFactor=mat.roughness,
            )
            if mat.texture is not None:
                pbr.baseColorTexture = g.TextureInfo(index=self.texture(mat.texture))
            self.gltf.materials.append(
                g.Material(
                    name=mat.name,
                    pbrMetallicRoughness=pbr,
                    emissiveFactor=list(mat.emissive),
                    alphaMode=g.BLEND if mat.blend else g.OPAQUE,
                    doubleSided=mat.double_sided,
                )
            )
            self.materials[mat] = len(self.gltf.materials) - 1
        return self.materials[mat]

    def mesh(self, mesh: Mesh) -> int:
        prims = []
        for p in mesh.primitives:
            pos = self._accessor(np.ascontiguousarray(p.positions, np.float32), "VEC3", g.ARRAY_BUFFER)
            nrm = self._accessor(np.ascontiguousarray(p.normals, np.float32), "VEC3", g.ARRAY_BUFFER)
            idx = self._accessor(
                np.ascontiguousarray(p.indices, np.uint32).reshape(-1), "SCALAR", g.ELEMENT_ARRAY_BUFFER
            )
            attributes = g.Attributes(POSITION=pos, NORMAL=nrm)
            if p.material.texture is not None:
                if p.uvs is None or len(p.uvs) != len(p.positions):
                    raise ValueError(f"mesh {mesh.name!r}: textured material {p.material.name!r} needs (n, 2) uvs")
                attributes.TEXCOORD_0 = self._accessor(np.ascontiguousarray(p.uvs, np.float32), "VEC2", g.ARRAY_BUFFER)
            prims.append(
                g.Primitive(
                    attributes=attributes,
                    indices=idx,
                    material=self.material(p.material),
                )
            )
        self.gltf.meshes.append(g.Mesh(name=mesh.name, primitives=prims))
        return len(self.gltf.meshes) - 1

    def finish(self, nodes: list[Node], extras: dict) -> bytes:
        for n in nodes:
            node = g.Node(name=n.name, mesh=n.mesh)
            if any(n.translation):
                node.translation = [float(v) for v in n.translation]
            if tuple(n.rotation) != (0.0, 0.0, 0.0, 1.0):
                node.rotation = [float(v) for v in n.rotation]
            if tuple(n.scale) != (1.0, 1.0, 1.0):
                node.scale = [float(v) for v in n.scale]
            if n.extras:
                node.extras = n.extras
            if n.children:
                node.children = list(n.children)
            self.gltf.nodes.append(node)
        listed = {child for n in nodes for child in n.children}
        self.gltf.scenes = [g.Scene(nodes=[i for i in range(len(nodes)) if i not in listed])]
        self.gltf.scene = 0
        # Round-trip through JSON so extras hold only plain JSON values.
        self.gltf.asset.extras = json.loads(json.dumps(extras, sort_keys=True))
        self.gltf.buffers = [g.Buffer(byteLength=len(self.blob))]
        self.gltf.set_binary_blob(bytes(self.blob))
        return b"".join(self.gltf.save_to_bytes())


def write_glb(meshes: list[Mesh], nodes: list[Node], extras: dict | None = None) -> bytes:
    """A GLB holding ``meshes``, instanced by ``nodes`` (Node.mesh indexes ``meshes``)."""
    builder = _Builder()
    for mesh in meshes:
        builder.mesh(mesh)
    return builder.finish(nodes, extras or {})


def read_glb(data: bytes) -> g.GLTF2:
    """Parse GLB bytes (no validation beyond pygltflib's; see tools.catalog.validate)."""
    return g.GLTF2.load_from_bytes(data)
