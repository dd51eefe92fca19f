// Diorama scene page. Static: everything scene-specific comes from scene.json next to this file,
// and any text from it reaches the page only through textContent.
import * as THREE from 'three';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import { mergeGeometries } from 'three/addons/utils/BufferGeometryUtils.js';
import { mountUi } from './ui.js';
import { applyLook, objectColor, softDot } from './look.js';
import { Animator, Motion, PART_BIT } from './motion.js';
import { apronMeshes, Haze, ringMeshes } from './backdrop.js';
import { shareOneProgram, shareProgram, solid } from './programs.js';

const root = document.documentElement;
const startedAt = performance.now();
const BACKGROUND = { indoor: '#e7eaef', outdoor: '#cfe2f3' };
const PLINTH_DEPTH = 0.25; // the slab under the floor that makes the scene read as a model on a table
const PLINTH_GAP = 0.02; // below the floor by more than the depth buffer resolves at hero distance: no z-fighting
const OUTDOOR_MARGIN = 0.6; // ground beyond the bounds, so edge objects do not stand on the rim
const WALL_CAP_COLOR = '#4a4f58';
const DOOR_LEAF_COLOR = '#8a6446'; // a wooden leaf, darker than the walls and the frame
const DOOR_HANDLE_HEIGHT = 1.0; // metres above the floor
const SOIL_COLOR = '#6e5138';
const PHONE_SCREEN_PX = 600; // a screen whose short side is under this (CSS px) is a phone
const PHONE_SHADOW_MAP = 1024; // a phone cannot show a 2048 map's detail, and pays for it every shadow pass
// Contact shadows: a soft dark blob under each floor-standing object, reaching this share beyond its footprint,
// at this darkness in the middle; objects starting higher than FLOOR_CONTACT above the floor, or lower than
// CONTACT_MIN_HEIGHT (a rug, a mat: they lie flat and cast nothing), get none.
// Wider than CONTACT_MAX_SPAN (a big bed, a piano) the sun's shadow alone grounds it, and a blob that size
// reads as a stain.
const CONTACT_REACH = 1.2;
const CONTACT_OPACITY = 0.4;
const FLOOR_CONTACT = 0.05;
const CONTACT_MIN_HEIGHT = 0.15;
const CONTACT_MAX_SPAN = 2.5;
const CONTACT_LIFT = 0.004; // above the floor plane, so the blob never fights it for depth

function fail(reason) {
  root.dataset.dioramaState = 'error';
  root.dataset.dioramaError = String(reason && reason.message ? reason.message : reason);
  document.getElementById('status').textContent = 'This scene could not be shown.';
}
window.addEventListener('error', (event) => fail(event.message));
window.addEventListener('unhandledrejection', (event) => fail(event.reason));

const vec3 = (v) => new THREE.Vector3(v[0], v[1], v[2]);

function standard(color, extra = {}) {
  return new THREE.MeshStandardMaterial({ color, roughness: 0.9, metalness: 0, ...extra });
}

function buildFloor(data, group) {
  const arch = data.architecture;
  if (arch.kind === 'space') return; // planets float in space: no ground or plinth under them
  const lo = vec3(data.bounds.min), hi = vec3(data.bounds.max);
  const indoor = arch.kind === 'indoor';
  const pad = indoor ? Math.max(0, ...arch.walls.map((w) => w.thickness)) : OUTDOOR_MARGIN;
  const ground = { x0: lo.x - pad, z0: lo.z - pad, x1: hi.x + pad, z1: hi.z + pad };
  const slabDepth = Math.max(PLINTH_DEPTH, 0.015 * Math.hypot(ground.x1 - ground.x0, ground.z1 - ground.z0));
  const water = arch.floor.material === 'water';
  // Outdoors the plinth is a cut through soil (through deeper water at sea); indoors a darker shade of the floor.
  const slabColor = indoor || water ? new THREE.Color(arch.floor.color).multiplyScalar(0.55) : new THREE.Color(SOIL_COLOR);
  const roughness = water ? 0.3 : 0.85;
  const backdrop = arch.backdrop;
  // With a backdrop the ground runs on to the horizon: no plinth, the apron (just under the floor) goes round it.
  surface(group, ground, arch.floor.color, roughness, slabColor, backdrop ? 0 : slabDepth, arch.floor.texture);
  if (arch.sea && !backdrop) { // the sea beyond the back (-Z) edge of a beach or a harbour
    const sea = { x0: ground.x0, z0: ground.z0 - arch.sea.depth, x1: ground.x1, z1: ground.z0 };
    surface(group, sea, arch.sea.color, 0.3, new THREE.Color(arch.sea.color).multiplyScalar(0.55), slabDepth);
  }
  if (!backdrop) return;
  const seaEdge = arch.sea ? ground.z0 : null; // with a backdrop, the sea runs out to the horizon
  const apron = textureSurface(standard(arch.floor.color, { roughness }), arch.floor.texture);
  const sea = arch.sea ? standard(arch.sea.color, { roughness: 0.3 }) : null;
  group.add(...apronMeshes(backdrop, apron, -PLINTH_GAP, seaEdge, sea), ...ringMeshes(backdrop, seaEdge, sunDirection(data)));
}

// Floor and wall textures (scene.json architecture: floor.texture, walls[].texture): each image is fetched once,
// and the page is ready only when every one has loaded or failed (Viewer.load awaits surfaceLoads).
const textureLoader = new THREE.TextureLoader();
const surfaceImages = new Map(); // url -> Promise<Texture>
const surfaceLoads = [];

function surfaceImage(url, srgb, metres) {
  if (!surfaceImages.has(url)) {
    surfaceImages.set(url, textureLoader.loadAsync(url).then((texture) => {
      texture.wrapS = texture.wrapT = THREE.RepeatWrapping;
      texture.repeat.set(1 / metres, 1 / metres); // the geometry's UVs are in metres (metresUv)
      if (srgb) texture.colorSpace = THREE.SRGBColorSpace; // normal and roughness texels are data, not colour
      return texture;
    }));
  }
  return surfaceImages.get(url);
}

// Gives `material` the texture's maps as they arrive; its colour stays the factor (texel x colour), so a
// requested colour stays true. A map that fails to load leaves the surface plain and says so in the console.
function textureSurface(material, texture) {
  if (!texture) return material;
  const slots = { map: texture.map, normalMap: texture.normal_map, roughnessMap: texture.roughness_map };
  for (const [slot, url] of Object.entries(slots)) {
    surfaceLoads.push(surfaceImage(url, slot === 'map', texture.metres).then((image) => {
      material[slot] = image;
      material.needsUpdate = true;
    }, (error) => console.warn(`texture ${url} did not load, the surface stays plain: ${error && error.message}`)));
  }
  return material;
}

// A PlaneGeometry of width x height whose UVs run in metres, so one texture repeat covers the same ground on
// every wall and walls of different lengths still share one material (and merge into one draw call).
function metresUv(geometry, width, height) {
  const uv = geometry.attributes.uv;
  for (let i = 0; i < uv.count; i += 1) uv.setXY(i, uv.getX(i) * width, uv.getY(i) * height);
  return geometry;
}

// A flat surface over rect {x0, z0, x1, z1} at y = 0 on a plinth slab of its own (none for a depth of 0);
// `texture` (or none) tiles it.
function surface(group, rect, color, roughness, slabColor, slabDepth, texture) {
  const width = rect.x1 - rect.x0, depth = rect.z1 - rect.z0;
  const cx = (rect.x0 + rect.x1) / 2, cz = (rect.z0 + rect.z1) / 2;
  const top = solid(metresUv(new THREE.PlaneGeometry(width, depth), width, depth),
    textureSurface(standard(color, { roughness }), texture));
  top.rotation.x = -Math.PI / 2;
  top.position.set(cx, 0, cz);
  top.receiveShadow = true;
  group.add(top);
  if (!slabDepth) return; // no plinth: the ground goes on beyond this surface
  const slab = solid(new THREE.BoxGeometry(width, slabDepth, depth), standard(slabColor));
  slab.position.set(cx, -slabDepth / 2 - PLINTH_GAP, cz);
  group.add(slab);
}

// A unit vector towards the scene's sun (its directional light), or straight up when it has none.
function sunDirection(data) {
  const sun = data.lights.find((light) => light.type === 'directional');
  return sun ? vec3(sun.position).sub(vec3(sun.target)).normalize() : new THREE.Vector3(0, 1, 0);
}

function inwardNormal(wall, centre) {
  const dx = wall.to[0] - wall.from[0], dz = wall.to[1] - wall.from[1];
  const n = new THREE.Vector3(-dz, 0, dx).normalize();
  const mid = new THREE.Vector3((wall.from[0] + wall.to[0]) / 2, 0, (wall.from[1] + wall.to[1]) / 2);
  return n.dot(centre.clone().sub(mid)) < 0 ? n.negate() : n;
}

// A plane facing `normal`, its centre at `at`. PlaneGeometry faces +Z; yaw it onto the normal.
function facingPlane(width, height, material, at, normal) {
  const mesh = solid(new THREE.PlaneGeometry(width, height), material);
  mesh.position.copy(at);
  mesh.rotation.y = Math.atan2(normal.x, normal.z);
  return mesh;
}

// Merges meshes that share a material (and shadow flags) into one mesh each, their transforms baked in,
// so the room costs one draw call per material rather than one per wall or pane.
function mergeByMaterial(meshes) {
  const groups = new Map();
  for (const mesh of meshes) {
    const key = `${mesh.material.uuid}|${mesh.castShadow}|${mesh.receiveShadow}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(mesh);
  }
  return [...groups.values()].map((same) => {
    if (same.length === 1) return same[0];
    const geometries = same.map((mesh) => {
      mesh.updateMatrix();
      return mesh.geometry.clone().applyMatrix4(mesh.matrix);
    });
    const merged = solid(mergeGeometries(geometries), same[0].material);
    merged.castShadow = same[0].castShadow;
    merged.receiveShadow = same[0].receiveShadow;
    return merged;
  });
}

// The wall caps, drawn as one mesh: only the caps of walls facing the camera show (a culled wall's cap
// would float across the room as a dark line), so the merged geometry is chosen per set of facing walls.
class WallCaps {
  constructor(caps, material) {
    this.caps = caps; // [{mesh, point, normal}]
    this.byMask = new Map();
    this.mesh = solid(new THREE.BufferGeometry(), material);
    this.mesh.frustumCulled = false; // its bounds change with its geometry
    for (const cap of caps) cap.mesh.updateMatrix();
  }

  faceCamera(cameraPosition) {
    const toCamera = new THREE.Vector3();
    const facing = this.caps.filter((cap) => toCamera.copy(cameraPosition).sub(cap.point).dot(cap.normal) > 0);
    const mask = facing.map((cap) => this.caps.indexOf(cap)).join(',');
    if (!this.byMask.has(mask)) {
      this.byMask.set(mask, facing.length
        ? mergeGeometries(facing.map((cap) => cap.mesh.geometry.clone().applyMatrix4(cap.mesh.matrix)))
        : null);
      if (facing.length) { // a new geometry: give it what the common program reads, once
        this.mesh.geometry = this.byMask.get(mask);
        shareProgram(this.mesh);
      }
    }
    const geometry = this.byMask.get(mask);
    this.mesh.visible = geometry !== null;
    if (geometry) this.mesh.geometry = geometry;
  }
}

// Things hung on a wall that the view culls would float in front of the room with their wall gone: they go
// with it. Which wall an object hangs on is the nearest one to it; hidden instances are scaled to nothing.
const HIDDEN = new THREE.Matrix4().makeScale(0, 0, 0);

class WallHung {
  constructor(data, instanced) {
    const walls = data.architecture.walls;
    const centre = vec3(data.bounds.min).add(vec3(data.bounds.max)).multiplyScalar(0.5);
    this.walls = walls.map((wall) => ({
      point: new THREE.Vector3((wall.from[0] + wall.to[0]) / 2, 0, (wall.from[1] + wall.to[1]) / 2),
      normal: inwardNormal(wall, centre),
    }));
    const wallOf = data.objects.map((o) => ((o.mount ?? 'floor') === 'wall' ? nearestWall(walls, o.position) : -1));
    this.hung = [];
    for (const { mesh, objectIndices } of instanced) {
      objectIndices.forEach((objectIndex, k) => {
        if (wallOf[objectIndex] < 0) return;
        const matrix = new THREE.Matrix4();
        mesh.getMatrixAt(k, matrix);
        this.hung.push({ mesh, k, wall: wallOf[objectIndex], matrix });
      });
    }
    this.mask = '';
  }

  faceCamera(cameraPosition) {
    const toCamera = new THREE.Vector3();
    const facing = this.walls.map((w) => toCamera.copy(cameraPosition).sub(w.point).dot(w.normal) > 0);
    const mask = facing.join(',');
    if (mask === this.mask) return;
    this.mask = mask;
    for (const { mesh, k, wall, matrix } of this.hung) {
      mesh.setMatrixAt(k, facing[wall] ? matrix : HIDDEN);
      mesh.instanceMatrix.needsUpdate = true;
    }
  }
}

function nearestWall(walls, position) {
  const p = new THREE.Vector2(position[0], position[2]);
  const distance = (wall) => {
    const a = new THREE.Vector2(...wall.from), b = new THREE.Vector2(...wall.to);
    const ab = b.clone().sub(a);
    const t = Math.min(1, Math.max(0, p.clone().sub(a).dot(ab) / Math.max(ab.lengthSq(), 1e-9)));
    return a.addScaledVector(ab, t).distanceTo(p);
  };
  return walls.reduce((best, wall, i) => (distance(wall) < distance(walls[best]) ? i : best), 0);
}

function buildWalls(data, group) {
  const arch = data.architecture;
  const centre = vec3(data.bounds.min).add(vec3(data.bounds.max)).multiplyScalar(0.5);
  const cap = standard(WALL_CAP_COLOR);
  const normals = arch.walls.map((wall) => inwardNormal(wall, centre));
  const wallMaterials = new Map(); // one material per wall colour and texture, so alike walls merge
  const wallMaterial = (color, texture) => {
    const key = `${color}|${texture ? texture.pattern : ''}`;
    if (!wallMaterials.has(key)) wallMaterials.set(key, textureSurface(standard(color, { roughness: 0.95 }), texture));
    return wallMaterials.get(key);
  };
  const parts = [], caps = [];
  arch.walls.forEach((wall, i) => {
    const a = new THREE.Vector3(wall.from[0], 0, wall.from[1]), b = new THREE.Vector3(wall.to[0], 0, wall.to[1]);
    const length = a.distanceTo(b) + 2 * wall.thickness; // overlap the corners so no gap shows
    const mid = a.clone().add(b).multiplyScalar(0.5);
    // Single-sided, facing inward: from outside, a near wall is culled and the room stays visible.
    const face = facingPlane(length, wall.height, wallMaterial(wall.color || '#f1ece4', wall.texture),
      mid.clone().setY(wall.height / 2), normals[i]);
    metresUv(face.geometry, length, wall.height);
    face.receiveShadow = true;
    // The cap on top shows the wall's thickness, as on an architect's cut-away model.
    const top = solid(new THREE.PlaneGeometry(length, wall.thickness), cap);
    top.rotation.set(-Math.PI / 2, Math.atan2(a.z - b.z, b.x - a.x), 0, 'YXZ'); // lie flat, then along the wall
    top.position.copy(mid.clone().addScaledVector(normals[i], -wall.thickness / 2).setY(wall.height));
    caps.push({ mesh: top, point: mid, normal: normals[i] });
    parts.push(face);
  });
  const glass = standard('#a9d6f2', { roughness: 0.08, metalness: 0.1, emissive: '#7fb6dd', emissiveIntensity: 0.35 });
  glass.name = 'window-glass'; // look.js lights it by the hour
  const frame = standard('#fbfbf8', { roughness: 0.6 });
  for (const win of arch.windows) {
    const n = normals[win.wall], at = vec3(win.center);
    parts.push(facingPlane(win.width + 0.12, win.height + 0.12, frame, at.clone().addScaledVector(n, 0.004), n));
    parts.push(facingPlane(win.width, win.height, glass, at.clone().addScaledVector(n, 0.008), n));
    parts.push(facingPlane(0.04, win.height, frame, at.clone().addScaledVector(n, 0.012), n));
    parts.push(facingPlane(win.width, 0.04, frame, at.clone().addScaledVector(n, 0.012), n));
  }
  // A closed door: its leaf set back in a casing that stands proud of the wall, with a handle; the casing and
  // the skirting share the windows' frame material, so the trim adds no draw call and the leaf one.
  const leaf = standard(DOOR_LEAF_COLOR, { roughness: 0.7 });
  for (const door of arch.doors || []) {
    const n = normals[door.wall], at = vec3(door.center);
    const along = new THREE.Vector3(n.z, 0, -n.x); // the plane's own +X: along the wall
    parts.push(...doorCasing(door, at, n, along, frame));
    parts.push(facingPlane(door.width, door.height, leaf, at.clone().addScaledVector(n, 0.006), n));
    const handle = at.clone().addScaledVector(along, door.width / 2 - 0.1).setY(DOOR_HANDLE_HEIGHT);
    parts.push(facingPlane(0.12, 0.03, frame, handle.addScaledVector(n, 0.02), n));
  }
  if (arch.ceiling) parts.push(ceiling(arch, wallMaterial(arch.ceiling.color, arch.ceiling.texture)));
  else arch.walls.forEach((wall, i) => parts.push(...skirting(wall, i, normals[i], arch.doors || [], frame)));
  for (const mesh of mergeByMaterial(parts)) group.add(mesh);
  const wallCaps = new WallCaps(caps, cap);
  group.add(wallCaps.mesh);
  return wallCaps;
}

// A natural enclosure's ceiling (a cave's rock overhead): one plane facing down over the walls' extent,
// single-sided like the walls, so a camera above the room looks through it and one inside sees the rock.
function ceiling(arch, material) {
  const xs = arch.walls.flatMap((w) => [w.from[0], w.to[0]]), zs = arch.walls.flatMap((w) => [w.from[1], w.to[1]]);
  const [x0, x1, z0, z1] = [Math.min(...xs), Math.max(...xs), Math.min(...zs), Math.max(...zs)];
  const mesh = solid(metresUv(new THREE.PlaneGeometry(x1 - x0, z1 - z0), x1 - x0, z1 - z0), material);
  mesh.rotation.x = Math.PI / 2; // the plane's +Z normal turned to face down
  mesh.position.set((x0 + x1) / 2, arch.ceiling.height, (z0 + z1) / 2);
  mesh.receiveShadow = true;
  return mesh;
}

const CASING_WIDTH = 0.07; // a door casing's face, metres, and how far it stands proud of the wall
const CASING_DEPTH = 0.02;
const SKIRTING_HEIGHT = 0.09; // skirting boards along the walls' feet
const SKIRTING_DEPTH = 0.012;

// The casing round a door's opening: two jambs and a head, faces CASING_DEPTH proud of the wall and of the leaf.
// Only faces that look into the room, so a wall culled for the view takes its door with it (reveals facing
// along the wall stayed behind as lines in the air).
function doorCasing(door, at, n, along, material) {
  const out = at.clone().addScaledVector(n, CASING_DEPTH);
  const jambHeight = door.height + CASING_WIDTH;
  const parts = [];
  for (const side of [-1, 1]) {
    const jamb = out.clone().addScaledVector(along, side * (door.width + CASING_WIDTH) / 2).setY(jambHeight / 2);
    parts.push(facingPlane(CASING_WIDTH, jambHeight, material, jamb, n));
  }
  const head = out.clone().setY(door.height + CASING_WIDTH / 2);
  parts.push(facingPlane(door.width + 2 * CASING_WIDTH, CASING_WIDTH, material, head, n));
  return parts;
}

// Skirting boards along the foot of wall `index`: a face standing SKIRTING_DEPTH off the wall, broken where a
// door's casing meets the floor. Single-sided like the wall, so a wall culled for the view takes its skirting
// with it (a top edge would stay behind as a line on the floor).
function skirting(wall, index, n, doors, material) {
  const a = new THREE.Vector3(wall.from[0], 0, wall.from[1]), b = new THREE.Vector3(wall.to[0], 0, wall.to[1]);
  const length = a.distanceTo(b), dir = b.clone().sub(a).normalize();
  const gaps = doors.filter((door) => door.wall === index).map((door) => {
    const t = vec3(door.center).setY(0).sub(a).dot(dir), half = door.width / 2 + CASING_WIDTH;
    return [t - half, t + half];
  }).sort((x, y) => x[0] - y[0]);
  const runs = [];
  let start = 0;
  for (const [g0, g1] of gaps) {
    if (g0 > start) runs.push([start, g0]);
    start = Math.max(start, g1);
  }
  if (start < length) runs.push([start, length]);
  const parts = [];
  for (const [t0, t1] of runs) {
    const mid = a.clone().addScaledVector(dir, (t0 + t1) / 2);
    parts.push(facingPlane(t1 - t0, SKIRTING_HEIGHT, material,
      mid.clone().setY(SKIRTING_HEIGHT / 2).addScaledVector(n, SKIRTING_DEPTH), n));
  }
  return parts;
}

function deviceShadowMapSize(requested) {
  const phone = Math.min(window.screen.width, window.screen.height) < PHONE_SCREEN_PX;
  return phone ? Math.min(requested, PHONE_SHADOW_MAP) : requested;
}

function buildLights(data, scene) {
  for (const spec of data.lights) {
    if (spec.type === 'probe') { // the look's sky as spherical harmonics (tools/page/sky_light.py), linear RGB
      const sh = new THREE.SphericalHarmonics3().fromArray(spec.sh.flat());
      scene.add(new THREE.LightProbe(sh, spec.intensity));
    } else if (spec.type === 'directional') {
      const light = new THREE.DirectionalLight(spec.color, spec.intensity);
      light.position.copy(vec3(spec.position));
      light.target.position.copy(vec3(spec.target));
      if (spec.castShadow) {
        const s = spec.shadow, cam = light.shadow.camera;
        light.castShadow = true;
        Object.assign(cam, { left: -s.extent, right: s.extent, top: s.extent, bottom: -s.extent, near: s.near, far: s.far });
        cam.updateProjectionMatrix();
        const mapSize = deviceShadowMapSize(s.mapSize);
        light.shadow.mapSize.set(mapSize, mapSize);
        light.shadow.bias = s.bias;
        light.shadow.normalBias = s.normalBias;
        light.shadow.radius = s.radius ?? 4;
      }
      scene.add(light, light.target);
    } else if (spec.type === 'point') {
      const light = new THREE.PointLight(spec.color, spec.intensity, spec.distance, spec.decay);
      light.userData.object = spec.object; // a flickering fire flickers its light too (motion.js)
      light.position.copy(vec3(spec.position));
      scene.add(light);
    }
  }
}

// Contact shadows as one instanced mesh: a blob under every object standing on the ground, sized to its
// footprint, so things sit on the floor even where the sun's shadow falls away from them. One draw call;
// indoors only: outdoors the sun's shadow grounds things under an open sky, and blobs under grass tufts, an
// umbrella's canopy or a boat on the sea read as dark stains.
function buildContactShadows(data) {
  if (data.architecture.kind !== 'indoor') return null;
  const span = (o) => Math.max(o.bbox.max[0] - o.bbox.min[0], o.bbox.max[2] - o.bbox.min[2]);
  const standing = data.objects.filter((o) => o.parent === null && o.bbox.min[1] < FLOOR_CONTACT
    && o.bbox.max[1] - o.bbox.min[1] > CONTACT_MIN_HEIGHT && span(o) < CONTACT_MAX_SPAN
    && (o.mount ?? 'floor') === 'floor');
  if (!standing.length) return null;
  const geometry = new THREE.PlaneGeometry(1, 1).rotateX(-Math.PI / 2);
  const falloff = softDot(64, 0.6);
  falloff.colorSpace = THREE.NoColorSpace; // an alpha map is data, not a colour: read it as drawn
  const material = new THREE.MeshBasicMaterial({ color: 0x000000, alphaMap: falloff, transparent: true,
    opacity: CONTACT_OPACITY, depthWrite: false, toneMapped: false });
  const blobs = new THREE.InstancedMesh(geometry, material, standing.length);
  const matrix = new THREE.Matrix4();
  standing.forEach((o, i) => {
    const [x0, , z0] = o.bbox.min, [x1, , z1] = o.bbox.max;
    matrix.makeScale((x1 - x0) * CONTACT_REACH, 1, (z1 - z0) * CONTACT_REACH)
      .setPosition((x0 + x1) / 2, CONTACT_LIFT, (z0 + z1) / 2);
    blobs.setMatrixAt(i, matrix);
  });
  blobs.computeBoundingSphere();
  blobs.renderOrder = -1; // before other transparent things (glass), which should draw over it
  return blobs;
}

// 32-bit FNV-1a of an image's bytes, with its length: the key under which identical images are shared.
function imageKey(bytes) {
  const view = new Uint8Array(bytes);
  let hash = 0x811c9dc5;
  for (let i = 0; i < view.length; i += 1) hash = Math.imul(hash ^ view[i], 0x01000193);
  return `${view.length}:${hash >>> 0}`;
}

// Each asset GLB is its own glTF, so GLTFLoader would decode and upload the same wood or fabric image once
// per file (78 images, 18 distinct, in the demo room). This plugin hands every file one shared image per
// distinct set of bytes; each texture is a clone, so it shares the GPU upload but keeps its own sampler,
// colour space and transform.
function shareImages(shared) {
  return (parser) => {
    const ownLoad = parser.loadImageSource.bind(parser);
    parser.loadImageSource = (sourceIndex, imageLoader) => {
      const def = parser.json.images[sourceIndex];
      if (def.bufferView === undefined) return ownLoad(sourceIndex, imageLoader);
      return parser.getDependency('bufferView', def.bufferView).then((bytes) => {
        const key = `${def.mimeType}:${imageKey(bytes)}`;
        if (!shared.has(key)) shared.set(key, ownLoad(sourceIndex, imageLoader));
        return shared.get(key).then((texture) => texture.clone());
      });
    };
    return { name: 'diorama_shared_images' };
  };
}

// Starts loading every distinct asset of the scene; resolves to {path: gltf scene}.
function fetchAssets(data) {
  const loader = new GLTFLoader().register(shareImages(new Map()));
  const paths = [...new Set(data.objects.map((o) => o.asset))];
  return Promise.all(paths.map((p) => loader.loadAsync(p).catch((e) => {
    throw new Error(`asset ${p} failed to load: ${e && e.message ? e.message : e}`);
  }))).then((loaded) => new Map(paths.map((p, i) => [p, loaded[i].scene])));
}

// One InstancedMesh per mesh of each distinct asset, one instance per object using that asset (in
// scene.json order), so repeated objects cost one draw call per asset material rather than one each.
// Returns [{mesh, objectIndices}]: objectIndices[k] is the scene.json index of instance k.
function instanceObjects(data, assets, group) {
  const objectMatrices = data.objects.map((spec) => new THREE.Matrix4().compose(
    vec3(spec.position), new THREE.Quaternion(...spec.rotation), vec3(spec.scale)));
  const meshes = [];
  assets.forEach((asset, path) => {
    const objectIndices = data.objects.flatMap((spec, i) => (spec.asset === path ? [i] : []));
    asset.updateMatrixWorld(true);
    asset.traverse((node) => {
      if (!node.isMesh) return;
      const mesh = new THREE.InstancedMesh(node.geometry, node.material, objectIndices.length);
      const matrix = new THREE.Matrix4();
      objectIndices.forEach((objectIndex, k) => {
        mesh.setMatrixAt(k, matrix.multiplyMatrices(objectMatrices[objectIndex], node.matrixWorld));
      });
      mesh.castShadow = true;
      mesh.receiveShadow = true;
      // A double-sided transparent material (glass) is drawn in one pass: three.js would draw its back and
      // front faces apart, a second shader program and a second draw call for a pane that needs neither.
      if (node.material.transparent && node.material.side === THREE.DoubleSide) node.material.forceSinglePass = true;
      mesh.computeBoundingSphere();
      group.add(mesh);
      meshes.push({ mesh, objectIndices, node }); // node: motion.js moves parts by it
    });
  });
  return meshes;
}

// The object-ID pass colour of scene.json object `index`: its id i+1 spread over the R, G, B bytes,
// as a linear colour so that a linear render target reads the bytes back exactly as written. A mesh of
// a behaviour's moving part (a candle's flame) also sets PART_BIT, so the motion check can judge the part.
function idColor(index, movingPart = false) {
  const id = (index + 1) | (movingPart ? PART_BIT : 0);
  return new THREE.Color().setRGB((id & 255) / 255, ((id >> 8) & 255) / 255, ((id >> 16) & 255) / 255,
    THREE.LinearSRGBColorSpace);
}

function statsOfLuminance(pixels) {
  let sum = 0, sumSq = 0;
  const seen = new Uint8Array(256);
  const n = pixels.length / 4;
  for (let i = 0; i < pixels.length; i += 4) {
    const y = 0.2126 * pixels[i] + 0.7152 * pixels[i + 1] + 0.0722 * pixels[i + 2];
    sum += y; sumSq += y * y; seen[Math.round(y)] = 1;
  }
  const mean = sum / n;
  return { mean, std: Math.sqrt(Math.max(0, sumSq / n - mean * mean)), distinct: seen.reduce((a, b) => a + b, 0) };
}

class Viewer {
  constructor(data) {
    this.data = data;
    this.afterRender = []; // run after every frame (the UI's labels follow the camera)
    this.frames = 0; // full frames drawn on the canvas: under software WebGL each costs most of a second
    const indoor = data.architecture.kind === 'indoor';
    this.renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
    const r = this.renderer;
    r.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
    r.setSize(window.innerWidth, window.innerHeight);
    r.outputColorSpace = THREE.SRGBColorSpace;
    // Neutral keeps requested colours recognisable (a red chair stays red), unlike ACES's hue shifts.
    r.toneMapping = THREE.NeutralToneMapping;
    r.shadowMap.enabled = true;
    r.shadowMap.type = THREE.PCFShadowMap; // PCFSoftShadowMap is gone in r18x; PCF with radius is soft
    r.shadowMap.autoUpdate = false; // static scene: the sun's shadow map is drawn once
    document.getElementById('stage').appendChild(r.domElement);

    this.scene = new THREE.Scene();
    this.background = new THREE.Color(indoor ? BACKGROUND.indoor : BACKGROUND.outdoor);
    this.scene.background = this.background;
    // No environment map: PMREM filtering costs 5-10 s under software WebGL (SwiftShader), so
    // generators paint large bodies rather than mirror them and the lights carry the look.

    this.architecture = new THREE.Group();
    this.objectsGroup = new THREE.Group();
    this.scene.add(this.architecture, this.objectsGroup);
    buildFloor(data, this.architecture);
    this.haze = data.architecture.backdrop ? new Haze(data) : null;
    if (this.haze) this.scene.fog = this.haze.fog; // look.js puts weather fog in its place
    this.wallCaps = indoor ? buildWalls(data, this.architecture) : null;
    buildLights(data, this.scene);

    const cam = data.camera;
    this.camera = new THREE.PerspectiveCamera(cam.fov, window.innerWidth / window.innerHeight, cam.near || 0.05, cam.far || 500);
    this.controls = new OrbitControls(this.camera, r.domElement);
    this.controls.maxPolarAngle = Math.PI / 2 - 0.02; // never under the floor
    this.controls.addEventListener('change', () => { if (!this.movingToView) this.render(); });
    window.addEventListener('resize', () => this.resize());
  }

  async load(assetsLoading) {
    this.instanced = instanceObjects(this.data, await assetsLoading, this.objectsGroup);
    await Promise.all(surfaceLoads); // each settles, loaded or not: a missing texture never holds the page
    shareOneProgram(this.scene);
    this.wallHung = this.wallCaps ? new WallHung(this.data, this.instanced) : null;
    this.effects = new THREE.Group(); // snow, rain, contact shadows: not objects, left out of the object-ID pass
    this.scene.add(this.effects);
    const contact = buildContactShadows(this.data);
    if (contact) this.effects.add(contact);
    const look = applyLook(this, this.data);
    const motion = new Motion(this.data, this.instanced, this.scene);
    this.animator = new Animator(this, [look, motion]);
    this.loadMs = performance.now() - startedAt;
    // The ID pass draws each instanced mesh with one white unlit material tinted per instance by its id
    // colour; the tint lives in a separate attribute so the visible pass never sees it.
    this.idMaterial = new THREE.MeshBasicMaterial({ color: 0xffffff, side: THREE.DoubleSide, toneMapped: false, fog: false });
    const parts = motion.partPieces();
    this.idColors = new Map(this.instanced.map(({ mesh, objectIndices }) => {
      const colors = new THREE.InstancedBufferAttribute(new Float32Array(objectIndices.length * 3), 3);
      objectIndices.forEach((objectIndex, k) => colors.setXYZ(k,
        ...idColor(objectIndex, parts.has(`${mesh.uuid}:${k}`)).toArray()));
      return [mesh, colors];
    }));
    this.occluder = new THREE.MeshBasicMaterial({ color: 0x000000, toneMapped: false, fog: false });
    // renderer.info counts the shadow pass too (drawn with the first frame only); these counters let
    // info() report the visible pass alone, and the objects' share of it.
    this.passCounts = { objectCalls: 0, shadowCalls: 0, shadowTriangles: 0 };
    for (const { mesh } of this.instanced) {
      mesh.onAfterRender = () => { this.passCounts.objectCalls += 1; };
      mesh.onAfterShadow = (renderer, object, camera, shadowCamera, geometry, material, group) => {
        const vertices = group ? group.count : (geometry.index || geometry.attributes.position).count;
        this.passCounts.shadowCalls += 1;
        this.passCounts.shadowTriangles += object.count * Math.min(vertices, geometry.drawRange.count) / 3;
      };
    }
  }

  // The camera pose a frame was drawn from; a view asked for again with nothing moved need not be redrawn
  // (preserveDrawingBuffer keeps the canvas as it was).
  poseKey() {
    const c = this.camera;
    return [...c.position.toArray(), ...c.quaternion.toArray(), c.near, c.far, c.aspect, c.fov].join(',');
  }

  render() {
    if (this.wallCaps) this.wallCaps.faceCamera(this.camera.position);
    if (this.wallHung) this.wallHung.faceCamera(this.camera.position);
    if (this.haze && this.scene.fog === this.haze.fog) this.haze.follow(this.camera);
    this.renderer.setRenderTarget(null);
    Object.assign(this.passCounts, { objectCalls: 0, shadowCalls: 0, shadowTriangles: 0 });
    this.renderer.render(this.scene, this.camera);
    this.frames += 1;
    this.drawnPose = this.poseKey();
    const { calls, triangles } = this.renderer.info.render;
    const counts = this.passCounts;
    this.lastInfo = { drawCalls: calls - counts.shadowCalls, objectDrawCalls: counts.objectCalls,
      triangles: triangles - counts.shadowTriangles };
    for (const hook of this.afterRender) hook();
  }

  resize() {
    this.renderer.setSize(window.innerWidth, window.innerHeight);
    this.camera.aspect = window.innerWidth / window.innerHeight;
    this.camera.updateProjectionMatrix();
    this.render();
  }

  setView(name) {
    const view = this.data.camera.views[name];
    if (!view) throw new Error(`unknown view ${name}; expected one of ${Object.keys(this.data.camera.views)}`);
    const target = vec3(view.target), position = vec3(view.position);
    // Views are framed for the design aspect; a narrower window backs off so the scene still fits.
    const designAspect = this.data.camera.aspect || 4 / 3;
    const backOff = Math.max(1, designAspect / this.camera.aspect);
    position.sub(target).multiplyScalar(backOff).add(target);
    this.camera.position.copy(position);
    const distance = position.distanceTo(target);
    // Near grows with distance: depth precision follows far/near, and large outdoor scenes need it.
    this.camera.near = Math.min(Math.max(distance / 200, this.data.camera.near || 0.05), 1);
    this.camera.far = Math.max(this.data.camera.far || 500, distance * 4);
    this.camera.fov = view.fov || this.data.camera.fov; // the hero has its own lens (tools/page/camera.py)
    this.controls.minDistance = this.camera.near * 4;
    this.camera.updateProjectionMatrix();
    this.controls.target.copy(target);
    this.movingToView = true; // one frame per view: the update's change event must not draw another
    try { this.controls.update(); } finally { this.movingToView = false; }
    this.currentView = name;
    for (const button of document.querySelectorAll('#views button')) {
      button.setAttribute('aria-pressed', String(button.dataset.view === name));
    }
    if (this.poseKey() !== this.drawnPose || this.renderer.shadowMap.needsUpdate) this.render();
    return true;
  }

  // The object-ID pass of the current view: per drawing-buffer pixel, scene.json index + 1 (0 = none),
  // with PART_BIT set on a moving part's pixels when `withParts`.
  objectIds(withParts = false) {
    const r = this.renderer;
    const size = r.getDrawingBufferSize(new THREE.Vector2());
    const target = new THREE.WebGLRenderTarget(size.x, size.y);
    const restore = [];
    this.architecture.traverse((node) => {
      if (!node.isMesh) return;
      if (node.userData.scenery) { // beyond and under every object: black on black, so not drawn at all
        node.visible = false;
        restore.push(() => { node.visible = true; });
        return;
      }
      const material = node.material;
      restore.push(() => { node.material = material; });
      node.material = this.occluder;
    });
    // Glass in a frame (a vitrine, a glass-fronted fridge) shows what stands behind it, as the frame drawn does:
    // the ID pass leaves it out for an asset with opaque parts too, so the croissants in a display case count as
    // seen; an asset all of glass (a glass bottle) keeps its glass.
    const framed = new Set(this.instanced.filter(({ mesh }) => !mesh.material.transparent).map((m) => m.objectIndices));
    for (const { mesh, objectIndices } of this.instanced) {
      const material = mesh.material;
      if (material.transparent && framed.has(objectIndices)) {
        const shown = mesh.visible;
        mesh.visible = false;
        restore.push(() => { mesh.visible = shown; });
        continue;
      }
      restore.push(() => { mesh.material = material; mesh.instanceColor = null; });
      mesh.material = this.idMaterial;
      mesh.instanceColor = this.idColors.get(mesh);
    }
    this.effects.visible = false;
    restore.push(() => { this.effects.visible = true; });
    this.scene.background = new THREE.Color(0x000000);
    const pixels = new Uint8Array(size.x * size.y * 4);
    if (this.wallHung) this.wallHung.faceCamera(this.camera.position);
    try {
      r.setRenderTarget(target);
      r.setClearColor(0x000000, 1);
      r.clear();
      r.render(this.scene, this.camera);
      r.readRenderTargetPixels(target, 0, 0, size.x, size.y, pixels);
    } finally {
      for (const undo of restore) undo();
      this.scene.background = this.background;
      r.setRenderTarget(null);
      target.dispose(); // the canvas was never touched: no need to redraw it
    }
    const ids = new Uint32Array(size.x * size.y);
    for (let i = 0; i < ids.length; i += 1) {
      ids[i] = pixels[4 * i] | (pixels[4 * i + 1] << 8) | (pixels[4 * i + 2] << 16);
    }
    if (!withParts) for (let i = 0; i < ids.length; i += 1) ids[i] &= PART_BIT - 1;
    return ids;
  }

  objectPixels() {
    const counts = new Uint32Array(this.data.objects.length + 1);
    for (const id of this.objectIds()) if (id <= this.data.objects.length) counts[id] += 1;
    return Object.fromEntries(this.data.objects.map((o, i) => [o.id, counts[i + 1]]));
  }

  // RGBA bytes of the frame on the canvas, bottom row first (as the ID pass reads).
  canvasPixels() {
    const gl = this.renderer.getContext();
    this.renderer.setRenderTarget(null);
    const pixels = new Uint8Array(gl.drawingBufferWidth * gl.drawingBufferHeight * 4);
    gl.readPixels(0, 0, gl.drawingBufferWidth, gl.drawingBufferHeight, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
    return pixels;
  }

  imageStats() {
    return statsOfLuminance(this.canvasPixels());
  }

  info() {
    return { ...this.lastInfo, objects: this.data.objects.length, loadMs: Math.round(this.loadMs),
      textures: this.renderer.info.memory.textures, // GPU textures: shared images count once
      programs: this.renderer.info.programs.length, // shader programs: each costs a compile on the first frame
      frames: this.frames };
  }
}

function showText(data) {
  document.querySelector('title').textContent = data.prompt ? `${data.prompt} · Diorama` : 'Diorama';
  document.getElementById('caption').textContent = data.prompt || '';
}

function buildViewButtons(viewer) {
  const nav = document.getElementById('views');
  for (const name of Object.keys(viewer.data.camera.views)) {
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.view = name;
    button.textContent = name;
    button.addEventListener('click', () => viewer.setView(name));
    nav.appendChild(button);
  }
}

async function main() {
  const response = await fetch('scene.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`scene.json: HTTP ${response.status}`);
  const data = await response.json();
  if (data.version !== 1) throw new Error(`scene.json version ${data.version} is not supported`);
  showText(data);
  const assetsLoading = fetchAssets(data); // in flight while the renderer and the room are built
  assetsLoading.catch(() => {}); // load() reports its failure; this only keeps an early throw the one reported
  const viewer = new Viewer(data);
  await viewer.load(assetsLoading);
  buildViewButtons(viewer);
  viewer.animator.start(); // before the hero view, which draws the first frame: the scene as posed at ?t=
  viewer.renderer.shadowMap.needsUpdate = true;
  viewer.setView('hero');
  window.diorama = {
    views: Object.keys(data.camera.views),
    setView: (name) => viewer.setView(name),
    objectPixels: () => viewer.objectPixels(),
    imageStats: () => viewer.imageStats(),
    info: () => viewer.info(),
    animated: viewer.animator.animated, // motion.js: setTime freezes the clock at t seconds, play resumes it
    setTime: (seconds) => viewer.animator.setTime(seconds),
    play: () => viewer.animator.play(),
    motionChanges: (t0, t1) => viewer.animator.changes(t0, t1),
    objectColor: (id) => objectColor(viewer, id),
  };
  mountUi(viewer, window.diorama); // adds focus, resetView, objects, setUiVisible
  // Wait for the frame to reach the screen before announcing it, so a screenshot taken now shows it.
  await new Promise((resolve) => requestAnimationFrame(resolve));
  root.dataset.dioramaState = 'ready';
}

main().catch(fail);
