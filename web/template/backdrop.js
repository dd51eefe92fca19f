// The scenery round an outdoor place (scene.json architecture.backdrop, tools/page/backdrop.py): the ground
// out to the horizon, a haze that fades it into the sky, and a ring of silhouettes (a tree line, hills, dunes,
// buildings) beyond every camera, so it never stands between a view and the scene. One draw call for the
// ground and one per layer: each layer is one instanced unit solid. None of it is an object of the scene:
// it sits with the architecture, marked `scenery`, and the object-ID pass leaves it out (it lies behind and
// under every object, so drawn black on the black background it would change no pixel, only cost the time).
import * as THREE from 'three';
import { solid } from './programs.js';
import { random } from './look.js';

const APRON_SEGMENTS = 48;
const JITTER = { angle: 0.45, radius: 0.04, shade: 0.12 }; // of the spacing, of the row gap x rows, +- shade

// Unit solids standing on y = 0, one metre tall and one wide; an instance scales them to its size.
const BACKDROP_SHAPES = {
  cone: () => new THREE.ConeGeometry(0.5, 1, 6).translate(0, 0.5, 0), // a conifer
  dome: () => new THREE.SphereGeometry(0.5, 10, 4, 0, Math.PI * 2, 0, Math.PI / 2).scale(1, 2, 1), // a crown, hill, dune
  block: () => new THREE.BoxGeometry(1, 1, 1).translate(0, 0.5, 0), // a building
  peak: () => new THREE.ConeGeometry(0.5, 1, 5).translate(0, 0.5, 0), // a mountain, faceted
};

// The ground from the scene's edge to beyond the ring, just under the scene's own floor (which covers its
// middle), in the floor's material (its colour and texture), so the two read as one ground. With `seaEdge`
// (a sea-side place: the land's -Z edge) the disc is cut there: land on the near side, and the sea, in
// `seaMaterial`, out to the same round horizon on the far one.
export function apronMeshes(backdrop, material, y, seaEdge = null, seaMaterial = null) {
  const { radius } = backdrop.apron;
  const [cx, cz] = backdrop.centre;
  if (seaEdge === null) return [discPart(cx, cz, radius, -Math.PI, Math.PI, material, y)];
  const edge = Math.acos(Math.min(1, Math.max(-1, (seaEdge - cz) / radius))); // where the cut meets the rim
  return [discPart(cx, cz, radius, -edge, edge, material, y),
    discPart(cx, cz, radius, edge, 2 * Math.PI - edge, seaMaterial, y)];
}

// The part of a disc (centre cx, cz) between two angles from +Z towards +X, closed by its chord; UVs in metres.
// A disc cut by a line is convex, so a fan from its first point covers it (no Shape: three's shape and curve
// classes would add about 20 kB to the page's script for this one polygon).
function discPart(cx, cz, radius, from, to, material, y) {
  const steps = Math.max(3, Math.ceil((APRON_SEGMENTS * (to - from)) / (2 * Math.PI)));
  const position = [];
  const uv = [];
  for (let i = 0; i <= steps; i += 1) {
    const angle = from + ((to - from) * i) / steps;
    const x = cx + Math.sin(angle) * radius, z = cz + Math.cos(angle) * radius;
    position.push(x, 0, z);
    uv.push(x, -z);
  }
  const index = [];
  for (let i = 1; i < steps; i += 1) index.push(0, i, i + 1); // counter-clockwise seen from above: faces up
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute('position', new THREE.Float32BufferAttribute(position, 3));
  geometry.setAttribute('uv', new THREE.Float32BufferAttribute(uv, 2));
  geometry.setIndex(index);
  geometry.computeVertexNormals();
  const mesh = solid(geometry, material);
  mesh.position.y = y;
  mesh.userData.scenery = true;
  return mesh;
}

// The haze: a linear fog in the horizon's colour from beyond the farthest object the camera can see (so it
// touches no object and no requested colour; fog depth never exceeds distance) out to the apron's rim, which
// melts into the sky. Set again for each camera pose; weather fog, where the look has one, replaces it (look.js).
export class Haze {
  constructor(data) {
    const b = data.architecture.backdrop;
    const boxes = [data.bounds, ...data.objects.map((o) => o.bbox)];
    const lo = [0, 1, 2].map((k) => Math.min(...boxes.map((box) => box.min[k])));
    const hi = [0, 1, 2].map((k) => Math.max(...boxes.map((box) => box.max[k])));
    this.corners = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => new THREE.Vector3(
      (i & 1 ? hi : lo)[0], (i & 2 ? hi : lo)[1], (i & 4 ? hi : lo)[2]));
    this.centre = new THREE.Vector3(b.centre[0], 0, b.centre[1]);
    this.rim = b.apron.radius;
    this.fog = new THREE.Fog(b.haze.color, 1, 2);
  }

  follow(camera) {
    const near = Math.max(...this.corners.map((c) => c.distanceTo(camera.position)));
    this.fog.near = near;
    this.fog.far = Math.max(near * 1.5, camera.position.distanceTo(this.centre) + this.rim);
  }
}

// Vertex colours of a unit solid lit by the sun (a unit vector towards it) and the sky: a face turned to the
// sun at full strength, one turned away at SHADED; `faceted` gives each face its own flat shade (a rock face).
const SHADED = 0.55;
const UNLIT_GAIN = 1.15; // an unlit white reads as the lit scene's sunny side: the silhouettes' tone beside it
function bakedLight(geometry, sun, faceted) {
  const solid = faceted ? geometry.toNonIndexed() : geometry;
  if (faceted) solid.computeVertexNormals();
  const normals = solid.attributes.normal;
  const colors = new Float32Array(normals.count * 3);
  const n = new THREE.Vector3();
  for (let i = 0; i < normals.count; i += 1) {
    n.fromBufferAttribute(normals, i);
    const shade = UNLIT_GAIN * (SHADED + (1 - SHADED) * Math.max(0, n.dot(sun)));
    colors.fill(shade, 3 * i, 3 * i + 3);
  }
  solid.setAttribute('color', new THREE.BufferAttribute(colors, 3));
  return solid;
}

// One InstancedMesh per layer: rows of solids round the ring, sized in the layer's ranges, each a shade
// lighter or darker; on a sea-side place none stands on the sea (beyond `seaEdge`, the land's -Z edge).
export function ringMeshes(backdrop, seaEdge, sun) {
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
    // Unlit, its light baked into the vertices: far silhouettes need no more, and a lit material over a third
    // of the frame cost the verifier's software renderer seconds per scene.
    const material = new THREE.MeshBasicMaterial({ color: 0xffffff, vertexColors: true });
    const geometry = bakedLight(BACKDROP_SHAPES[layer.shape](), sun, layer.shape === 'peak');
    const mesh = new THREE.InstancedMesh(geometry, material, Math.max(spots.length, 1));
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
    mesh.userData.scenery = true;
    return mesh;
  });
}
