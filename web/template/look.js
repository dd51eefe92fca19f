// The scene's look from scene.json `look`: tone mapping and exposure, a sky or backdrop, stars, fog,
// window glass by the hour, lamps and screens glowing at night, and falling snow or rain.
import * as THREE from 'three';

const TONE_MAPPINGS = {
  neutral: THREE.NeutralToneMapping, aces: THREE.ACESFilmicToneMapping, agx: THREE.AgXToneMapping,
};
const SKY_TEXTURE = [1024, 512]; // the backdrop is drawn once into a canvas: no per-frame cost
const STARS = 420;
const NIGHT_EMISSIVE = 1.8; // lamp shades, screens and flames read brighter against a dark room

// A small seeded generator, so stars, flakes and the backdrop fall in the same places on every load.
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function skyTexture(sky) {
  const [w, h] = SKY_TEXTURE;
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  const g = canvas.getContext('2d');
  const gradient = g.createLinearGradient(0, 0, 0, h);
  gradient.addColorStop(0, sky.top);
  gradient.addColorStop(0.62, sky.horizon);
  gradient.addColorStop(1, sky.bottom);
  g.fillStyle = gradient;
  g.fillRect(0, 0, w, h);
  if (sky.stars) {
    const rand = random(7);
    for (let i = 0; i < STARS; i += 1) {
      const y = Math.pow(rand(), 1.6) * h * 0.6; // more stars high up, none near the horizon glow
      g.fillStyle = `rgba(255, 255, 255, ${0.35 + 0.65 * rand()})`;
      g.fillRect(rand() * w, y, rand() < 0.1 ? 2 : 1, 1);
    }
  }
  const texture = new THREE.CanvasTexture(canvas);
  texture.colorSpace = THREE.SRGBColorSpace;
  return texture;
}

// The moon of a clear night: a pale disc with a few darker seas in a faint halo, fixed in the sky a little right
// of where the hero view looks and just under the top of it, so the opening view shows it over the scenery ring
// (which hides it when the view has no sky above the ring). Angles in radians; `right` a share of the half-width.
const MOON = { radius: 0.02, halo: 2.5, right: 0.7, margin: 1.2, lowest: 0.08 };
function moonTexture() {
  const size = 128, c = size / 2, r = size / 2 / MOON.halo;
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = size;
  const g = canvas.getContext('2d');
  const halo = g.createRadialGradient(c, c, r, c, c, c);
  halo.addColorStop(0, 'rgba(220, 228, 255, 0.35)');
  halo.addColorStop(1, 'rgba(220, 228, 255, 0)');
  g.fillStyle = halo;
  g.fillRect(0, 0, size, size);
  g.fillStyle = '#f3f0e4';
  g.beginPath();
  g.arc(c, c, r, 0, 2 * Math.PI);
  g.fill();
  g.fillStyle = 'rgba(150, 150, 140, 0.35)';
  for (const [dx, dy, s] of [[-0.3, -0.2, 0.28], [0.25, 0.1, 0.22], [-0.05, 0.38, 0.18]]) {
    g.beginPath();
    g.arc(c + dx * r, c + dy * r, s * r, 0, 2 * Math.PI);
    g.fill();
  }
  const texture = new THREE.CanvasTexture(canvas);
  texture.colorSpace = THREE.SRGBColorSpace;
  return texture;
}

function moonDisc(camera) {
  const hero = camera.views?.hero ?? camera; // the hero has its own lens (tools/page/camera.py)
  const eye = new THREE.Vector3(...hero.position);
  const forward = new THREE.Vector3(...hero.target).sub(eye).normalize();
  const halfFov = THREE.MathUtils.degToRad(hero.fov || camera.fov) / 2;
  const elevation = Math.max(MOON.lowest, Math.asin(forward.y) + halfFov - MOON.margin * MOON.radius);
  const heading = Math.atan2(forward.x, forward.z) - MOON.right * halfFov * (camera.aspect || 1);
  const distance = 0.8 * (camera.far || 500);
  const material = new THREE.MeshBasicMaterial({ map: moonTexture(), fog: false, toneMapped: false, depthWrite: false,
    transparent: true }); // a basic quad facing the hero's eye: the bundle has no sprite shader (web/page-three.json)
  const side = 2 * distance * Math.tan(MOON.radius * MOON.halo);
  const moon = new THREE.Mesh(new THREE.PlaneGeometry(side, side), material);
  moon.position.copy(eye).add(new THREE.Vector3(Math.cos(elevation) * Math.sin(heading), Math.sin(elevation),
    Math.cos(elevation) * Math.cos(heading)).multiplyScalar(distance));
  moon.lookAt(eye);
  return moon;
}

// A soft round dot, white fading to clear (`middle` is the alpha halfway out): flakes that are not squares,
// and the viewer's contact shadows.
export function softDot(size, middle) {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = size;
  const g = canvas.getContext('2d');
  const gradient = g.createRadialGradient(size / 2, size / 2, 0, size / 2, size / 2, size / 2);
  gradient.addColorStop(0, 'rgba(255, 255, 255, 1)');
  gradient.addColorStop(0.5, `rgba(255, 255, 255, ${middle})`);
  gradient.addColorStop(1, 'rgba(255, 255, 255, 0)');
  g.fillStyle = gradient;
  g.fillRect(0, 0, size, size);
  const texture = new THREE.CanvasTexture(canvas);
  texture.colorSpace = THREE.SRGBColorSpace;
  return texture;
}

// Flakes or drops in the bounds; the vertex shader wraps each one's height with time, so falling
// costs one uniform per frame.
class Precipitation {
  constructor(spec, bounds) {
    const rand = random(11);
    const lo = bounds.min, hi = bounds.max;
    const positions = new Float32Array(spec.count * 3);
    for (let i = 0; i < spec.count; i += 1) {
      positions.set([lo[0] + rand() * (hi[0] - lo[0]), rand() * spec.height, lo[2] + rand() * (hi[2] - lo[2])], 3 * i);
    }
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute('position', new THREE.BufferAttribute(positions, 3));
    this.uniforms = { uFall: { value: 0 }, uHeight: { value: spec.height }, uDrift: { value: spec.kind === 'snow' ? 0.35 : 0 } };
    const material = new THREE.PointsMaterial({ color: spec.color, size: spec.size, sizeAttenuation: false,
      map: softDot(32, 0.8), transparent: true, opacity: 0.85, depthWrite: false, fog: false });
    material.onBeforeCompile = (shader) => {
      Object.assign(shader.uniforms, this.uniforms);
      shader.vertexShader = 'uniform float uFall;\nuniform float uHeight;\nuniform float uDrift;\n'
        + shader.vertexShader.replace('#include <begin_vertex>', [
          'vec3 transformed = vec3(position);',
          'transformed.y = mod(position.y - uFall, uHeight);',
          'transformed.x += uDrift * sin(uFall * 0.9 + position.z * 1.7);',
        ].join('\n'));
    };
    this.points = new THREE.Points(geometry, material);
    this.points.frustumCulled = false;
    this.speed = spec.speed;
    this.height = spec.height;
  }

  apply(t) { this.uniforms.uFall.value = (t * this.speed) % this.height; }
}

// Applies the look to a built viewer; returns {animated, apply(t)} for the page's animator.
export function applyLook(viewer, data) {
  const look = data.look;
  const still = { animated: false, apply() {} };
  if (!look) return still;
  const r = viewer.renderer;
  r.toneMapping = TONE_MAPPINGS[look.tone_mapping] ?? THREE.NeutralToneMapping;
  r.toneMappingExposure = look.exposure ?? 1;
  const sky = look.sky || {};
  viewer.background = sky.kind === 'gradient' ? skyTexture(sky) : new THREE.Color(sky.bottom || '#e7eaef');
  viewer.scene.background = viewer.background;
  if (look.fog) viewer.scene.fog = new THREE.Fog(look.fog.color, look.fog.near, look.fog.far);
  if (sky.moon) viewer.effects.add(moonDisc(data.camera));
  viewer.architecture.traverse((node) => {
    if (node.isMesh && node.material.name === 'window-glass' && look.windows) {
      node.material.emissive.set(look.windows.emissive);
      node.material.emissiveIntensity = look.windows.intensity;
    }
  });
  if (look.time_of_day === 'night') {
    const seen = new Set();
    viewer.objectsGroup.traverse((node) => {
      const m = node.material;
      if (!node.isMesh || seen.has(m) || !m.emissive || m.emissive.getHex() === 0) return;
      seen.add(m);
      m.emissiveIntensity *= NIGHT_EMISSIVE;
    });
  }
  if (!look.precipitation || !look.precipitation.count) return still;
  const precipitation = new Precipitation(look.precipitation, data.bounds);
  viewer.effects.add(precipitation.points);
  return { animated: true, apply: (t) => precipitation.apply(t) };
}

// The colour an object shows in the current frame, from its pixels in the object-ID pass: `rgb` the per-channel
// median (sRGB bytes), `lit` the pixel at the 75th luminance percentile (its lit faces), so a requested
// colour can be compared with what is on screen after lights and tone mapping.
export function objectColor(viewer, id) {
  const index = viewer.data.objects.findIndex((o) => o.id === id);
  if (index < 0) throw new Error(`no object ${id}`);
  const ids = viewer.objectIds();
  const colors = viewer.canvasPixels();
  const pixels = [];
  for (let p = 0; p < ids.length; p += 1) {
    if (ids[p] === index + 1) pixels.push([colors[4 * p], colors[4 * p + 1], colors[4 * p + 2]]);
  }
  if (!pixels.length) return { pixels: 0, rgb: null, lit: null };
  const middle = Math.floor(pixels.length / 2);
  const rgb = [0, 1, 2].map((c) => pixels.map((px) => px[c]).sort((a, b) => a - b)[middle]);
  const luminance = (px) => 0.2126 * px[0] + 0.7152 * px[1] + 0.0722 * px[2];
  const lit = pixels.sort((a, b) => luminance(a) - luminance(b))[Math.floor(pixels.length * 0.75)];
  return { pixels: pixels.length, rgb, lit };
}
