// Behaviours from scene.json played on one steady clock (seconds, never frame counts), and the
// deterministic clock the verifier uses: setTime(t) draws the frame at t and stops the loop.
// Objects are instanced, so a moving object moves by rewriting its instance matrices.
import * as THREE from 'three';

const TAU = Math.PI * 2;
const FLICKER_SQUASH = 0.3; // a flame narrows by this share of how much it stretches
const RIPPLE_SPREAD = 0.04; // water breathes outwards by this share at full amplitude
const BOB_ROLL = 0.04; // radians a bobbing boat rolls at full amplitude
const COLOR_STEP = 6; // 0-255: a pixel whose colour moved less than this counts as unchanged
export const PART_BIT = 1 << 23; // set in the object-ID pass on a behaviour's moving part (viewer.objectIds)

// Seconds since play() began, or the fixed time setTime() chose.
export class SceneClock {
  constructor() { this.fixed = null; this.origin = performance.now(); }
  now() { return this.fixed !== null ? this.fixed : (performance.now() - this.origin) / 1000; }
  fix(seconds) { this.fixed = seconds; }
  play() {
    const t = this.now();
    this.fixed = null;
    this.origin = performance.now() - t * 1000;
  }
}

// A flame's unsteady brightness: sines at unrelated rates, in about [-1, 1], a pure function of time.
function flicker(t, speed, phase) {
  const x = TAU * (t * speed + phase);
  return 0.5 * Math.sin(x) + 0.3 * Math.sin(2.31 * x + 1.3) + 0.2 * Math.sin(5.17 * x + 0.7);
}

const wave = (t, speed, phase) => Math.sin(TAU * (t * speed + phase));

function namedAncestor(node, name) {
  for (let n = node; n; n = n.parent) {
    if (n.name === name || n.name.startsWith(`${name}_`)) return n;
  }
  return null;
}

// About `pivot` (a Vector3): T(pivot) * m * T(-pivot).
function about(pivot, m) {
  return new THREE.Matrix4().makeTranslation(pivot.x, pivot.y, pivot.z).multiply(m)
    .multiply(new THREE.Matrix4().makeTranslation(-pivot.x, -pivot.y, -pivot.z));
}

// One behaviour of one object: which instances move, about which point, and which lights and materials.
class Track {
  constructor(spec, objectIndex, objectMatrix, instanced, lights) {
    this.spec = spec;
    this.objectMatrix = objectMatrix;
    this.pieces = [];
    for (const { mesh, objectIndices, node } of instanced) {
      const k = objectIndices.indexOf(objectIndex);
      if (k < 0 || !node) continue;
      const part = spec.part ? namedAncestor(node, spec.part) : null;
      if (spec.part && !part) continue;
      if (spec.material && !(node.material.name || '').startsWith(spec.material)) continue;
      this.pieces.push({ mesh, k, node, part, pivot: this.pivotOf(node, part) });
      mesh.frustumCulled = false; // the bounding sphere was computed at rest
    }
    this.materials = [...new Set(this.pieces.map((p) => p.node.material))].map((material) => ({
      material, intensity: material.emissiveIntensity, color: material.color.clone(),
    }));
    this.lights = lights.map((light) => ({ light, intensity: light.intensity }));
  }

  // In the asset's frame: the part's origin (where G's generators put its pivot), or the mesh's bottom centre.
  pivotOf(node, part) {
    if (part) return new THREE.Vector3().setFromMatrixPosition(part.matrixWorld);
    node.geometry.computeBoundingBox();
    const box = node.geometry.boundingBox.clone().applyMatrix4(node.matrixWorld);
    return new THREE.Vector3((box.min.x + box.max.x) / 2, box.min.y, (box.min.z + box.max.z) / 2);
  }

  // The motion at time t in the object's own frame (about `pivot`), or null for a path in the world.
  localMotion(t, pivot) {
    const s = this.spec, a = s.amplitude ?? 0, phase = s.phase || 0;
    const m = new THREE.Matrix4();
    if (s.kind === 'spin') {
      const axis = new THREE.Vector3(...(s.axis || [0, 1, 0])).normalize();
      return about(pivot, m.makeRotationAxis(axis, TAU * (s.speed * t + phase)));
    }
    if (s.kind === 'sway') {
      const euler = new THREE.Euler(a * wave(t, s.speed, phase), 0, 0.6 * a * wave(t, s.speed * 1.3, phase + 0.25));
      return about(pivot, m.makeRotationFromEuler(euler));
    }
    if (s.kind === 'bob') {
      m.makeRotationZ(BOB_ROLL * Math.min(a * 4, 1) * wave(t, s.speed * 0.8, phase + 0.3));
      return m.setPosition(0, a * wave(t, s.speed, phase), 0);
    }
    if (s.kind === 'flicker') {
      const n = a * flicker(t, s.speed, phase);
      return about(pivot, m.makeScale(1 - FLICKER_SQUASH * n, 1 + n, 1 - FLICKER_SQUASH * n));
    }
    if (s.kind === 'ripple') {
      const grow = 1 + RIPPLE_SPREAD * a * wave(t, s.speed, phase);
      return about(pivot, m.makeScale(grow, 1, grow));
    }
    return m; // glow changes light, not shape
  }

  // orbit and circle: the whole object turns round `center` in the world.
  worldPath(t) {
    const s = this.spec;
    if ((s.kind !== 'orbit' && s.kind !== 'circle') || !s.center) return null;
    const c = new THREE.Vector3(...s.center);
    return about(c, new THREE.Matrix4().makeRotationY(TAU * s.speed * t));
  }

  apply(t) {
    const path = this.worldPath(t);
    const world = path ? path.multiply(this.objectMatrix) : this.objectMatrix;
    const matrix = new THREE.Matrix4();
    for (const { mesh, k, node, pivot } of this.pieces) {
      matrix.copy(world).multiply(this.localMotion(t, pivot)).multiply(node.matrixWorld);
      mesh.setMatrixAt(k, matrix);
      mesh.instanceMatrix.needsUpdate = true;
    }
    this.applyLight(t);
  }

  applyLight(t) {
    const s = this.spec, a = s.amplitude ?? 0.3;
    let gain = 0;
    if (s.kind === 'flicker') gain = flicker(t, s.speed * 1.7, s.phase || 0);
    else if (s.kind === 'glow') gain = 0.6 * wave(t, s.speed, s.phase || 0) + 0.4 * flicker(t, s.speed * 2.3, 0.1);
    else if (s.kind === 'ripple') gain = wave(t, s.speed * 0.7, (s.phase || 0) + 0.5);
    else return;
    for (const { light, intensity } of this.lights) light.intensity = intensity * (1 + 0.6 * a * gain);
    for (const { material, intensity, color } of this.materials) {
      if (s.kind === 'ripple') material.emissive.copy(color).multiplyScalar(0.25 * a * (1 + gain));
      else material.emissiveIntensity = intensity * Math.max(0.2, 1 + 0.8 * a * gain);
    }
  }
}

// Every behaviour of the scene; `animated` when any object moves.
export class Motion {
  constructor(data, instanced, scene) {
    const byId = new Map(data.objects.map((o, i) => [o.id, i]));
    const lights = [];
    scene.traverse((node) => { if (node.isLight && node.userData.object) lights.push(node); });
    this.tracks = [];
    this.moving = new Set(); // scene.json indices of objects that move
    for (const spec of data.behaviours || []) {
      const index = byId.get(spec.target);
      if (index === undefined) continue;
      const o = data.objects[index];
      const objectMatrix = new THREE.Matrix4().compose(new THREE.Vector3(...o.position),
        new THREE.Quaternion(...o.rotation), new THREE.Vector3(...o.scale));
      const track = new Track(spec, index, objectMatrix, instanced,
        lights.filter((l) => l.userData.object === spec.target));
      if (!track.pieces.length && !track.lights.length) continue;
      this.tracks.push(track);
      this.moving.add(index);
    }
    this.animated = this.tracks.length > 0;
  }

  apply(t) { for (const track of this.tracks) track.apply(t); }

  // "meshUuid:instance" of every piece that moves as a named part of its object (a flame, a rotor).
  partPieces() {
    return new Set(this.tracks.filter((t) => t.spec.part).flatMap((t) => t.pieces.map((p) => `${p.mesh.uuid}:${p.k}`)));
  }
}

// Drives the frames: a loop on the clock while anything moves, nothing while all is still (the page then
// draws on demand). `parts` are objects with apply(t) and `animated` (the motion, the weather).
export class Animator {
  constructor(viewer, parts) {
    this.viewer = viewer;
    this.parts = parts;
    this.clock = new SceneClock();
    this.animated = parts.some((p) => p.animated);
    this.shadowsMove = parts.some((p) => p.animated && p.tracks);
  }

  frame(t, shadows = true) {
    this.pose(t, shadows);
    this.viewer.render();
  }

  // Everything a frame at t does but the draw.
  pose(t, shadows = true) {
    for (const part of this.parts) part.apply(t);
    if (this.shadowsMove && shadows) this.viewer.renderer.shadowMap.needsUpdate = true;
  }

  // Loops while anything moves; a page opened as index.html?t=2.5 shows the frame at 2.5 s, still (the
  // verifier opens ?t=0 so that its screenshots are repeatable and no loop competes with its reads). Called
  // before the page's first view, which draws that still frame: drawing it here too would cost a second full
  // frame before ready. Returns whether it posed a still frame that is not drawn yet.
  start() {
    const fixed = new URLSearchParams(window.location.search).get('t');
    if (fixed !== null && Number.isFinite(Number(fixed))) {
      this.fix(Number(fixed));
      return true;
    }
    if (this.animated) this.viewer.renderer.setAnimationLoop(() => this.frame(this.clock.now()));
    return false;
  }

  // `shadows` false keeps the shadow map as it is (the motion comparison judges objects, not shadows, and the
  // shadow pass is the dearest part of a frame under software WebGL).
  setTime(seconds, shadows = true) {
    this.fix(seconds, shadows);
    this.viewer.render();
    return true;
  }

  // Stops the loop and poses the scene at `seconds`, without drawing it.
  fix(seconds, shadows = true) {
    if (!Number.isFinite(seconds)) throw new Error(`setTime needs a number of seconds, got ${seconds}`);
    this.viewer.renderer.setAnimationLoop(null);
    this.clock.fix(seconds);
    this.pose(seconds, shadows);
  }

  play() {
    this.clock.play();
    if (this.start()) this.viewer.render();
    return this.animated;
  }

  // What changed between the frames at t0 and t1 (same camera), per object: pixels whose object id
  // changed, and pixels that kept their id but changed colour; and the same of its moving part, if its
  // behaviour moves a part (a flame), as the part may be a sliver of the object. Ends frozen at t0.
  changes(t0, t1) {
    // t1 first, so the page ends at t0 without drawing a fifth frame.
    const [b, a] = [t1, t0].map((t) => {
      this.setTime(t, false);
      return { ids: this.viewer.objectIds(true), colors: this.viewer.canvasPixels() };
    });
    const n = this.viewer.data.objects.length;
    const count = () => ({ idChanged: new Uint32Array(n + 1), colorChanged: new Uint32Array(n + 1),
      pixels: new Uint32Array(n + 1) });
    const whole = count(), part = count();
    const moving = this.parts.find((p) => p.moving)?.moving || new Set();
    const isMoving = (id) => id > 0 && moving.has(id - 1);
    let frameChanged = 0;
    for (let p = 0; p < a.ids.length; p += 1) {
      const ra = a.ids[p], rb = b.ids[p], i = ra & (PART_BIT - 1), j = rb & (PART_BIT - 1);
      whole.pixels[i] += 1;
      if (ra & PART_BIT) part.pixels[i] += 1;
      const q = 4 * p;
      const colorMoved = Math.abs(a.colors[q] - b.colors[q]) + Math.abs(a.colors[q + 1] - b.colors[q + 1])
        + Math.abs(a.colors[q + 2] - b.colors[q + 2]) >= COLOR_STEP;
      if (colorMoved) frameChanged += 1;
      if (i !== j) {
        // A still object uncovered or covered by a moving one has not moved itself.
        if (isMoving(i) || !isMoving(j)) whole.idChanged[i] += 1;
        if (isMoving(j) || !isMoving(i)) whole.idChanged[j] += 1;
      } else if (colorMoved) {
        whole.colorChanged[i] += 1;
      }
      if (ra !== rb) {
        if (ra & PART_BIT) part.idChanged[i] += 1;
        if (rb & PART_BIT) part.idChanged[j] += 1;
      } else if (colorMoved && ra & PART_BIT) {
        part.colorChanged[i] += 1;
      }
    }
    const counts = (c, k) => ({ pixels: c.pixels[k], idChanged: c.idChanged[k], colorChanged: c.colorChanged[k] });
    const parts = new Set(this.parts.flatMap((p) => (p.tracks || []).filter((t) => t.spec.part)
      .map((t) => t.spec.target)));
    const objects = Object.fromEntries(this.viewer.data.objects.map((o, k) => [o.id, {
      ...counts(whole, k + 1), moving: moving.has(k), ...(parts.has(o.id) ? { part: counts(part, k + 1) } : {}),
    }]));
    return { t0, t1, objects, frameChangedPixels: frameChanged, framePixels: a.ids.length };
  }
}
