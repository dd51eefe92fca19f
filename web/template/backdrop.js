// The scenery round an outdoor place (scene.json architecture.backdrop, tools/page/backdrop.py): the ground
// out to the horizon, fading to the sky's colour, and a ring of silhouettes (a tree line, hills, dunes,
// buildings) beyond every camera, so it never stands between a view and the scene. One draw call for the
// ground and one per layer: each layer is one instanced unit solid. None of it is an object of the scene:
// it sits with the architecture, which the object-ID pass draws black.
import * as THREE from 'three';
import { random } from './look.js';

const APRON_SEGMENTS = [48, 6]; // round, and out from the centre: the haze needs rings of vertices to hold it
const HAZE_FROM = 0.5; // the apron keeps the floor's colour out to this share of the ring's radius, then fades
const JITTER = { angle: 0.45, radius: 0.04, shade: 0.12 }; // of the spacing, of the row gap x rows, +- shade

// Unit solids standing on y = 0, one metre tall and one wide; an instance scales them to its size.
const BACKDROP_SHAPES = {
  cone: () => new THREE.ConeGeometry(0.5, 1, 8).translate(0, 0.5, 0), // a conifer
  dome: () => new THREE.SphereGeometry(0.5, 14, 6, 0, Math.PI * 2, 0, Math.PI / 2).scale(1, 2, 1), // a crown, hill, dune
  block: () => new THREE.BoxGeometry(1, 1, 1).translate(0, 0.5, 0), // a building
  peak: () => new THREE.ConeGeometry(0.5, 1, 5).translate(0, 0.5, 0), // a mountain, faceted
};

// The ground from the scene's edge to beyond the ring, under the scene's own floor (which covers its middle),
// coloured by vertex from the floor's colour at the centre to the hazy rim. `material`: white, with vertex
// colours (and the floor's texture, so the two read as one ground).
export function apronMesh(backdrop, material, y) {
  const { radius, color, rim } = backdrop.apron;
  const clear = backdrop.radius * HAZE_FROM;
  const geometry = new THREE.RingGeometry(0, radius, ...APRON_SEGMENTS).rotateX(-Math.PI / 2);
  const uv = geometry.attributes.uv;
  for (let i = 0; i < uv.count; i += 1) uv.setXY(i, uv.getX(i) * 2 * radius, uv.getY(i) * 2 * radius); // metres
  const near = new THREE.Color(color), far = new THREE.Color(rim), mixed = new THREE.Color();
  const colors = new Float32Array(geometry.attributes.position.count * 3);
  for (let i = 0; i < geometry.attributes.position.count; i += 1) {
    const r = Math.hypot(geometry.attributes.position.getX(i), geometry.attributes.position.getZ(i));
    mixed.copy(near).lerp(far, Math.min(1, Math.max(0, (r - clear) / (radius - clear)))).toArray(colors, 3 * i);
  }
  geometry.setAttribute('color', new THREE.BufferAttribute(colors, 3));
  const mesh = new THREE.Mesh(geometry, material);
  mesh.position.set(backdrop.centre[0], y, backdrop.centre[1]);
  return mesh;
}

// One InstancedMesh per layer: rows of solids round the ring, sized in the layer's ranges, each a shade
// lighter or darker; on a sea-side place none stands on the sea (beyond `seaEdge`, the land's -Z edge).
export function ringMeshes(backdrop, seaEdge) {
  const rand = random(23);
  const [cx, cz] = backdrop.centre;
  return backdrop.layers.map((layer) => {
    const spots = [];
    for (let row = 0; row < layer.rows; row += 1) {
      const radius = backdrop.radius + row * layer.row_gap;
      const count = Math.max(3, Math.round((2 * Math.PI * radius) / layer.spacing));
      for (let i = 0; i < count; i += 1) {
        const angle = ((i + (rand() - 0.5) * JITTER.angle * 2 + row * 0.5) / count) * 2 * Math.PI;
        const height = layer.height[0] + rand() * (layer.height[1] - layer.height[0]);
        const width = height * (layer.width[0] + rand() * (layer.width[1] - layer.width[0]));
        // Its near edge on the ring, never nearer: a broad hill must not reach in round the cameras.
        const r = radius * (1 + rand() * 2 * JITTER.radius) + width / 2;
        const x = cx + Math.sin(angle) * r, z = cz + Math.cos(angle) * r;
        const shade = 1 + (rand() - 0.5) * 2 * JITTER.shade;
        if (seaEdge === null || z >= seaEdge) spots.push({ x, z, angle, height, width, shade });
      }
    }
    const material = new THREE.MeshStandardMaterial({ color: 0xffffff, roughness: 1, metalness: 0,
      flatShading: layer.shape === 'peak' });
    const mesh = new THREE.InstancedMesh(BACKDROP_SHAPES[layer.shape](), material, Math.max(spots.length, 1));
    const matrix = new THREE.Matrix4(), turn = new THREE.Quaternion(), up = new THREE.Vector3(0, 1, 0);
    const base = new THREE.Color(layer.color), tint = new THREE.Color();
    mesh.count = spots.length;
    spots.forEach((s, i) => {
      turn.setFromAxisAngle(up, s.angle); // a building's face, a ridge's flank towards the scene
      matrix.compose(new THREE.Vector3(s.x, 0, s.z), turn, new THREE.Vector3(s.width, s.height, s.width));
      mesh.setMatrixAt(i, matrix);
      mesh.setColorAt(i, tint.copy(base).multiplyScalar(s.shade));
    });
    mesh.computeBoundingSphere();
    return mesh;
  });
}
