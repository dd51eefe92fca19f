// One shader program for every opaque surface. Under software WebGL (SwiftShader) each distinct program costs
// about half a second on the first frame, and three.js makes one per feature set: textured or plain, with or
// without vertex colours (the assets' baked occlusion) or tangents, instanced or not. So every opaque standard
// surface is given the same features: the textures it lacks are 1x1 neutral ones (white colour, flat normal,
// full roughness and metalness, so its own factors stand), and the attributes it lacks are constants (white
// colour, a tangent, UVs at 0). Sampling a 1x1 texture costs far less than compiling another program.
import * as THREE from 'three';

function texel(r, g, b, colorSpace) {
  const texture = new THREE.DataTexture(new Uint8Array([r, g, b, 255]), 1, 1);
  texture.colorSpace = colorSpace;
  texture.needsUpdate = true;
  return texture;
}

const NEUTRAL = {
  map: texel(255, 255, 255, THREE.SRGBColorSpace),
  normalMap: texel(128, 128, 255, THREE.NoColorSpace),
  roughnessMap: texel(255, 255, 255, THREE.NoColorSpace),
  metalnessMap: texel(255, 255, 255, THREE.NoColorSpace),
};

function constantAttribute(count, values, ArrayType = Float32Array, normalized = false) {
  const array = new ArrayType(count * values.length);
  for (let i = 0; i < array.length; i += 1) array[i] = values[i % values.length];
  return new THREE.BufferAttribute(array, values.length, normalized);
}

// Whether `mesh` is drawn by the common program: an opaque, one-sided standard material.
function sharesProgram(mesh) {
  const m = mesh.material;
  return mesh.isMesh && m && !Array.isArray(m) && m.isMeshStandardMaterial && !m.isMeshPhysicalMaterial
    && !m.transparent && m.side === THREE.FrontSide && mesh.geometry.attributes.normal !== undefined;
}

function completeGeometry(geometry, material) {
  if (geometry.attributes.color && geometry.attributes.tangent && geometry.attributes.uv) return;
  const count = geometry.attributes.position.count;
  if (!geometry.attributes.uv) geometry.setAttribute('uv', constantAttribute(count, [0, 0]));
  if (!geometry.attributes.color) geometry.setAttribute('color', constantAttribute(count, [255, 255, 255, 255], Uint8Array, true));
  if (!geometry.attributes.tangent) {
    // A real normal map needs real tangents; under the flat 1x1 one any tangent across the normal reads the
    // same (one along the normal would make the shader's bitangent, and so the pixel, NaN).
    if (material.normalMap !== NEUTRAL.normalMap && geometry.index) geometry.computeTangents();
    else geometry.setAttribute('tangent', tangentsAcross(geometry.attributes.normal));
  }
}

function tangentsAcross(normals) {
  const tangents = new Float32Array(normals.count * 4);
  const n = new THREE.Vector3(), t = new THREE.Vector3(), up = new THREE.Vector3(0, 1, 0), x = new THREE.Vector3(1, 0, 0);
  for (let i = 0; i < normals.count; i += 1) {
    n.fromBufferAttribute(normals, i);
    t.crossVectors(Math.abs(n.y) < 0.9 ? up : x, n).normalize();
    tangents.set([t.x, t.y, t.z, 1], 4 * i);
  }
  return new THREE.BufferAttribute(tangents, 4);
}

function completeMaterial(material) {
  for (const [slot, texture] of Object.entries(NEUTRAL)) {
    if (!material[slot]) material[slot] = texture;
  }
  material.vertexColors = true;
  material.needsUpdate = true;
}

const completed = new WeakSet();

// A mesh of its own (a wall, the floor) drawn as one instance, so that it shares the objects' instanced program.
export function solid(geometry, material) {
  return new THREE.InstancedMesh(geometry, material, 1); // its one instance matrix starts as the identity
}

// Gives `mesh` the common feature set when it is drawn by the common program; call again after swapping its
// geometry.
export function shareProgram(mesh) {
  if (!sharesProgram(mesh)) return;
  if (!completed.has(mesh.material)) completeMaterial(mesh.material);
  completed.add(mesh.material);
  completeGeometry(mesh.geometry, mesh.material);
}

// Gives every opaque standard surface under `root` the common feature set; call once the textures are in.
export function shareOneProgram(root) {
  root.traverse(shareProgram);
}
