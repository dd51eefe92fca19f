// Contact sheet of the asset library: one tile per category variant, grouped by generator family.
// One WebGL renderer draws every tile in turn and each picture is copied into the tile's 2D canvas,
// so the page needs a single WebGL context however many tiles there are. Text only via textContent.
import * as THREE from 'three';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';

const root = document.documentElement;
const VIEW_DIRECTION = new THREE.Vector3(0.75, 0.5, 1.5).normalize(); // from the front (+Z), a little right and above
const FOV = 28;
const BACKGROUND = '#f7f8fa';
const GROUND = '#dfe3e8';

function fail(reason) {
  root.dataset.dioramaState = 'error';
  root.dataset.dioramaError = String(reason && reason.message ? reason.message : reason);
  document.getElementById('status').textContent = `The sheet could not be drawn: ${root.dataset.dioramaError}`;
}
window.addEventListener('error', (event) => fail(event.message));
window.addEventListener('unhandledrejection', (event) => fail(event.reason));

function el(tag, text) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  return node;
}

function stage(tile) {
  const renderer = new THREE.WebGLRenderer({ antialias: true });
  renderer.setPixelRatio(1);
  renderer.setSize(tile, tile);
  renderer.shadowMap.enabled = true;
  const scene = new THREE.Scene();
  scene.background = new THREE.Color(BACKGROUND);
  scene.add(new THREE.HemisphereLight(0xffffff, 0x8d8373, 1.4));
  const sun = new THREE.DirectionalLight(0xffffff, 2.4);
  sun.castShadow = true;
  sun.shadow.mapSize.set(512, 512);
  scene.add(sun, sun.target);
  const ground = new THREE.Mesh(new THREE.CircleGeometry(1, 48), new THREE.MeshStandardMaterial({ color: GROUND, roughness: 1 }));
  ground.rotation.x = -Math.PI / 2;
  ground.receiveShadow = true;
  scene.add(ground);
  const camera = new THREE.PerspectiveCamera(FOV, 1, 0.01, 100);
  return { renderer, scene, sun, ground, camera };
}

// Frame the asset's bounding sphere from VIEW_DIRECTION; light and ground scale with it.
function frame(s, object) {
  const box = new THREE.Box3().setFromObject(object);
  const sphere = box.getBoundingSphere(new THREE.Sphere());
  const r = Math.max(sphere.radius, 0.01);
  const distance = (r / Math.sin(THREE.MathUtils.degToRad(FOV / 2))) * 1.02;
  s.camera.position.copy(sphere.center).addScaledVector(VIEW_DIRECTION, distance);
  s.camera.near = distance / 50;
  s.camera.far = distance * 4;
  s.camera.updateProjectionMatrix();
  s.camera.lookAt(sphere.center);
  s.ground.scale.setScalar(r * 1.6);
  s.sun.position.set(sphere.center.x + r * 1.2, sphere.center.y + r * 3, sphere.center.z + r * 2);
  s.sun.target.position.copy(sphere.center);
  const cam = s.sun.shadow.camera;
  cam.left = cam.bottom = -r * 1.8;
  cam.right = cam.top = r * 1.8;
  cam.near = r * 0.1;
  cam.far = r * 8;
  cam.updateProjectionMatrix();
}

function dispose(object) {
  object.traverse((node) => {
    if (!node.isMesh) return;
    node.geometry.dispose();
    for (const material of [node.material].flat()) {
      if (material.map) material.map.dispose();
      material.dispose();
    }
  });
}

// Luminance standard deviation of a 2D canvas: near 0 means the tile shows nothing but background.
function spread(canvas) {
  const pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  let sum = 0, sumSq = 0;
  const n = pixels.length / 4;
  for (let i = 0; i < pixels.length; i += 4) {
    const y = 0.2126 * pixels[i] + 0.7152 * pixels[i + 1] + 0.0722 * pixels[i + 2];
    sum += y;
    sumSq += y * y;
  }
  const mean = sum / n;
  return Math.sqrt(Math.max(0, sumSq / n - mean * mean));
}

function figure(item, tile) {
  const fig = el('figure');
  fig.dataset.category = item.category;
  fig.dataset.variant = String(item.variant);
  const canvas = el('canvas');
  canvas.width = canvas.height = tile;
  const caption = el('figcaption');
  caption.append(el('b', `${item.category} · ${item.variant}`),
    el('span', `${item.size.map((v) => v.toFixed(2)).join(' × ')} m · ${item.triangles} tris`));
  fig.append(canvas, caption);
  return { fig, canvas };
}

async function main() {
  const response = await fetch('sheet.json');
  if (!response.ok) throw new Error(`sheet.json: HTTP ${response.status}`);
  const data = await response.json();
  const s = stage(data.tile);
  const loader = new GLTFLoader();
  const container = document.getElementById('families');
  container.style.setProperty('--tile', `${data.tile}px`);
  container.style.setProperty('--columns', String(data.columns));
  const spreads = {};
  const started = performance.now();
  for (const family of data.families) {
    const section = el('section');
    section.dataset.family = family.name;
    const grid = el('div');
    grid.className = 'grid';
    section.append(el('h2', `${family.name.replaceAll('_', ' ')} (${family.tiles.length})`), grid);
    container.append(section);
    for (const item of family.tiles) {
      const { fig, canvas } = figure(item, data.tile);
      grid.append(fig);
      const gltf = await loader.loadAsync(item.asset);
      gltf.scene.traverse((node) => { if (node.isMesh) node.castShadow = true; });
      s.scene.add(gltf.scene);
      frame(s, gltf.scene);
      s.renderer.render(s.scene, s.camera);
      canvas.getContext('2d').drawImage(s.renderer.domElement, 0, 0);
      s.scene.remove(gltf.scene);
      dispose(gltf.scene);
      spreads[`${item.category}-${item.variant}`] = spread(canvas);
    }
  }
  window.sheet = { tiles: Object.keys(spreads).length, spreads, renderMs: performance.now() - started };
  document.getElementById('status').textContent = `${window.sheet.tiles} assets, drawn in ${(window.sheet.renderMs / 1000).toFixed(1)} s`;
  root.dataset.dioramaState = 'ready';
}

main().catch(fail);
