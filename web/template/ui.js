// The interface on the scene page: title and prompt, the object list (click to focus, hover to highlight),
// reset, screenshot, fullscreen, labels, keyboard shortcuts and the help that lists them.
// Every text comes from scene.json through textContent; no markup is ever built from data.
import * as THREE from 'three';

const root = document.documentElement;
const FOCUS_MS = 650; // long enough to follow where the camera went, short enough not to wait for it
const FOCUS_MARGIN = 1.25; // the framed object fills about 80% of the narrower field of view
const FOCUS_MIN_RADIUS = 0.12; // metres: a cup is framed like a small box, not filled edge to edge
const FOCUS_ELEVATION = [0.35, 1.05]; // radians above the horizon the focus camera keeps (looks down, sees past)
const FOCUS_STEEP = 1.3; // radians: the look from above tried when every side is blocked at the usual elevation
const FOCUS_TURNS = [0, Math.PI / 2, -Math.PI / 2, Math.PI]; // azimuth turns tried, nearest first
const ORBIT_STEP = Math.PI / 12; // arrow keys: 15 degrees a press
const ZOOM_STEP = 0.8; // +/-: distance times this
const PHONE_QUERY = '(max-width: 640px)'; // ui.css turns the panel into a bottom sheet under this width
// Narrower than this (a phone, or the page embedded in the web UI's frame) the panel starts folded: the scene first.
const FOLDED_QUERY = '(max-width: 960px)';
const TITLE_MAX = 48; // characters of a title derived from the prompt
const HIGHLIGHT_COLOR = '#ffb020';
const MAX_LABELS_PER_NAME = 6; // more of one kind get a single label "tree ×200" instead of a crowd
const LABEL_LIFT_PX = 26; // a label sits this far above its object's top (ui.css .label margin-top)
const SHORTCUTS = [
  ['← → ↑ ↓', 'orbit'], ['+ −', 'zoom'], ['R', 'reset view'], ['1 … 9', 'focus list entry'],
  ['L', 'labels'], ['F', 'fullscreen'], ['?', 'this help'], ['Esc', 'close help'],
];

function element(tag, props = {}, children = []) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === 'text') node.textContent = value;
    else if (key === 'dataset') Object.assign(node.dataset, value);
    else if (key.startsWith('aria') || key === 'role' || key === 'title') node.setAttribute(key.replace(/^aria/, 'aria-').toLowerCase(), value);
    else node[key] = value;
  }
  node.append(...children);
  return node;
}

function button(text, label, onClick) {
  const node = element('button', { type: 'button', text, title: label, ariaLabel: label });
  node.addEventListener('click', onClick);
  return node;
}

/** The page's title: scene.json's `title`, else the prompt's first clause, capitalised and shortened. */
export function sceneTitle(data) {
  if (typeof data.title === 'string' && data.title.trim()) return data.title.trim();
  const clause = String(data.prompt || '').split(/[,;.:!?\n]/)[0].replace(/\s+/g, ' ').trim();
  if (!clause) return 'Diorama';
  const space = clause.lastIndexOf(' ', TITLE_MAX);
  const cut = clause.length <= TITLE_MAX ? clause : `${clause.slice(0, space > 0 ? space : TITLE_MAX)}…`;
  return cut[0].toUpperCase() + cut.slice(1);
}

/** Objects grouped by display name, in scene order: [{name, ids}]. */
export function groupObjects(objects) {
  const groups = new Map();
  for (const spec of objects) {
    const name = spec.name || spec.category || spec.id;
    if (!groups.has(name)) groups.set(name, { name, ids: [] });
    groups.get(name).ids.push(spec.id);
  }
  return [...groups.values()];
}

function boxOf(data, ids) {
  const box = new THREE.Box3();
  for (const spec of data.objects) {
    if (ids.includes(spec.id)) box.union(new THREE.Box3(new THREE.Vector3(...spec.bbox.min), new THREE.Vector3(...spec.bbox.max)));
  }
  return box;
}

// Where the camera goes to frame `box` from azimuth `theta` at `elevation` (radians above the horizon): as
// close as lets the box's projected height and width both fit (a tall lamp is framed by its height, a wide
// sofa by its width, rather than both by a sphere round them).
function framing(camera, box, theta, elevation) {
  const center = box.getCenter(new THREE.Vector3());
  const size = box.getSize(new THREE.Vector3());
  const across = Math.max(Math.hypot(size.x, size.z) / 2, FOCUS_MIN_RADIUS); // half its widest horizontal extent
  const halfHeight = Math.max((size.y / 2) * Math.cos(elevation) + across * Math.sin(elevation), FOCUS_MIN_RADIUS);
  const tanVertical = Math.tan(THREE.MathUtils.degToRad(camera.fov) / 2);
  const fit = Math.max(halfHeight / tanVertical, across / (tanVertical * camera.aspect));
  const offset = new THREE.Spherical(FOCUS_MARGIN * fit + across, Math.PI / 2 - elevation, theta); // fit holds at the near side
  return { position: new THREE.Vector3().setFromSpherical(offset).add(center), target: center };
}

// How clear the line from `pose` to the box is: 1 when the first surface the ray meets is the box's own
// (nothing in front), less the nearer to the camera something else stands in the way.
function clearance(viewer, pose, box) {
  const direction = pose.target.clone().sub(pose.position).normalize();
  const ray = new THREE.Raycaster(pose.position, direction);
  const entry = ray.ray.intersectBox(box, new THREE.Vector3());
  if (!entry) return 0;
  const reach = entry.distanceTo(pose.position);
  const solid = (hit) => hit.object.isMesh && !(hit.object.material.transparent && hit.object.material.opacity < 0.5);
  const first = ray.intersectObjects([viewer.architecture, viewer.objectsGroup], true).find(solid);
  return !first || first.distance >= reach - 0.01 ? 1 : first.distance / reach;
}

// The focus pose: from the side the camera is on, looking down past neighbours; when something (a table over
// a chair, a wall) hides the object from there, the first of a few other sides and a steeper look that does
// not, else the least hidden of them.
function focusPose(viewer, box) {
  const { camera, controls } = viewer;
  const now = new THREE.Spherical().setFromVector3(camera.position.clone().sub(controls.target));
  const elevation = THREE.MathUtils.clamp(Math.PI / 2 - now.phi, ...FOCUS_ELEVATION);
  let best = { pose: null, clear: -1 };
  for (const lift of [elevation, FOCUS_STEEP]) {
    for (const turn of FOCUS_TURNS) {
      const pose = framing(camera, box, now.theta + turn, lift);
      const clear = clearance(viewer, pose, box);
      if (clear >= 1) return pose;
      if (clear > best.clear) best = { pose, clear };
    }
  }
  return best.pose;
}

// Hover highlight: a translucent copy of the hovered objects' meshes drawn over them. Instances share one
// material, so tinting the material would light every chair; the overlay touches only the hovered ones.
function highlighter(viewer) {
  const material = new THREE.MeshBasicMaterial({
    color: HIGHLIGHT_COLOR, transparent: true, opacity: 0.45, depthWrite: false, depthFunc: THREE.LessEqualDepth,
    polygonOffset: true, polygonOffsetFactor: -1, polygonOffsetUnits: -4, toneMapped: false, fog: false,
  });
  const overlay = new THREE.Group();
  viewer.effects.add(overlay); // effects stay out of the object-ID pass, as an overlay must
  const indexOf = new Map(viewer.data.objects.map((spec, i) => [spec.id, i]));
  const clear = () => {
    if (!overlay.children.length) return;
    overlay.clear();
    viewer.render();
  };
  const show = (ids) => {
    overlay.clear();
    const wanted = new Set(ids.map((id) => indexOf.get(id)));
    for (const { mesh, objectIndices } of viewer.instanced) {
      objectIndices.forEach((objectIndex, k) => {
        if (!wanted.has(objectIndex)) return;
        const copy = new THREE.Mesh(mesh.geometry, material);
        copy.matrixAutoUpdate = false;
        copy.frustumCulled = false;
        // Read the instance's matrix as it is drawn, so an animated object keeps its highlight on it.
        copy.onBeforeRender = () => {
          mesh.getMatrixAt(k, copy.matrixWorld);
          copy.matrixWorld.premultiply(mesh.matrixWorld);
        };
        overlay.add(copy);
      });
    }
    viewer.render();
  };
  return { show, clear };
}

// Name labels as DOM elements placed over the canvas after each frame (textContent only).
function labeller(viewer, groups) {
  const layer = element('div', { id: 'labels', className: 'ui', ariaHidden: 'true', hidden: true });
  document.body.append(layer);
  const byId = new Map(viewer.data.objects.map((spec) => [spec.id, spec]));
  const anchors = groups.flatMap((g) => {
    const ids = g.ids.length > MAX_LABELS_PER_NAME ? [g.ids[0]] : g.ids;
    const text = g.ids.length > MAX_LABELS_PER_NAME ? `${g.name} ×${g.ids.length}` : g.name;
    return ids.map((id) => {
      const { min, max } = byId.get(id).bbox;
      const point = new THREE.Vector3((min[0] + max[0]) / 2, max[1], (min[2] + max[2]) / 2);
      const rank = byId.get(id).requested ? 0 : 1; // what the prompt named keeps its label first
      return { point, rank, node: layer.appendChild(element('span', { className: 'label', text })) };
    });
  });
  const state = { visible: false, measured: false };
  // Label sizes never change: read them all in one layout, the first time labels show.
  const measure = () => {
    for (const anchor of anchors) anchor.node.hidden = false;
    for (const anchor of anchors) anchor.size = [anchor.node.offsetWidth, anchor.node.offsetHeight];
    state.measured = true;
  };
  // Named in the prompt first, then nearest first; a label that would overlap one already placed is hidden until the view changes.
  const place = () => {
    if (!state.visible) return;
    const { camera, renderer } = viewer;
    const width = renderer.domElement.clientWidth, height = renderer.domElement.clientHeight;
    const p = new THREE.Vector3();
    const onScreen = [];
    for (const anchor of anchors) {
      p.copy(anchor.point).project(camera);
      anchor.node.hidden = true;
      if (p.z >= 1 || Math.abs(p.x) > 1 || Math.abs(p.y) > 1) continue;
      Object.assign(anchor, { x: ((p.x + 1) / 2) * width, y: ((1 - p.y) / 2) * height, depth: p.z });
      onScreen.push(anchor);
    }
    const placed = [];
    for (const anchor of onScreen.sort((a, b) => a.rank - b.rank || a.depth - b.depth)) {
      const [w, h] = anchor.size;
      const box = { left: anchor.x - w / 2, right: anchor.x + w / 2, top: anchor.y - LABEL_LIFT_PX, bottom: anchor.y - LABEL_LIFT_PX + h };
      if (placed.some((o) => box.left < o.right && o.left < box.right && box.top < o.bottom && o.top < box.bottom)) continue;
      placed.push(box);
      anchor.node.hidden = false;
      anchor.node.style.transform = `translate(${anchor.x}px, ${anchor.y}px)`;
    }
  };
  viewer.afterRender.push(place);
  return {
    get visible() { return state.visible; },
    setVisible(on) {
      state.visible = on;
      layer.hidden = !on;
      if (on && !state.measured) measure();
      place();
    },
    refresh: place,
  };
}

class CameraMover {
  constructor(viewer) {
    this.viewer = viewer;
    this.frame = null;
    viewer.controls.addEventListener('start', () => this.stop()); // the user's drag wins over an ease
  }

  stop() {
    if (this.frame !== null) cancelAnimationFrame(this.frame);
    this.frame = null;
    root.dataset.dioramaCamera = 'still';
  }

  // Moves to `pose` at once and draws it, or eases there over FOCUS_MS when `ease` is set.
  go(pose, ease) {
    this.stop();
    const { camera, controls } = this.viewer;
    const distance = pose.position.distanceTo(pose.target);
    camera.near = Math.min(Math.max(distance / 200, 0.02), camera.near);
    camera.updateProjectionMatrix();
    controls.minDistance = Math.min(controls.minDistance, distance / 2);
    if (!ease) {
      camera.position.copy(pose.position);
      controls.target.copy(pose.target);
      this.viewer.movingToView = true; // one frame: the update's change event must not draw another
      try { controls.update(); } finally { this.viewer.movingToView = false; }
      this.viewer.render();
      return;
    }
    const from = { position: camera.position.clone(), target: controls.target.clone() };
    const started = performance.now();
    root.dataset.dioramaCamera = 'moving';
    const step = (now) => {
      const t = Math.min(1, (now - started) / FOCUS_MS);
      const k = t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2;
      if (t < 1) {
        camera.position.lerpVectors(from.position, pose.position, k);
        controls.target.lerpVectors(from.target, pose.target, k);
      } else { // land exactly: the pose reached by easing equals the one reached by jumping
        camera.position.copy(pose.position);
        controls.target.copy(pose.target);
      }
      controls.update(); // its change event draws the frame
      if (t < 1) this.frame = requestAnimationFrame(step);
      else this.stop();
    };
    this.frame = requestAnimationFrame(step);
  }
}

function orbit(viewer, azimuth, polar, zoom) {
  const { camera, controls } = viewer;
  const offset = new THREE.Spherical().setFromVector3(camera.position.clone().sub(controls.target));
  offset.theta += azimuth;
  offset.phi = THREE.MathUtils.clamp(offset.phi + polar, 0.05, controls.maxPolarAngle);
  offset.radius = Math.max(offset.radius * zoom, controls.minDistance);
  camera.position.setFromSpherical(offset).add(controls.target);
  controls.update();
}

class PageUi {
  constructor(viewer) {
    this.viewer = viewer;
    this.data = viewer.data;
    this.groups = groupObjects(this.data.objects);
    this.mover = new CameraMover(viewer);
    this.highlight = highlighter(viewer);
    this.labels = labeller(viewer, this.groups);
    this.reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
    // Phones: one finger turns the scene, two pinch to zoom and pan (stated, not left to defaults).
    viewer.controls.touches = { ONE: THREE.TOUCH.ROTATE, TWO: THREE.TOUCH.DOLLY_PAN };
    this.build();
    window.addEventListener('keydown', (event) => this.onKey(event));
    window.addEventListener('resize', () => this.fitSheet()); // after the viewer's own resize handler
  }

  build() {
    const title = sceneTitle(this.data);
    document.querySelector('title').textContent = `${title} · Diorama`;
    const folded = window.matchMedia(FOLDED_QUERY).matches;
    this.panel = element('aside', { id: 'panel', className: 'ui', ariaLabel: 'Scene' });
    this.panel.dataset.collapsed = String(folded);
    this.toggle = button('', 'Show or hide the panel', () => this.setCollapsed(this.panel.dataset.collapsed !== 'true'));
    this.toggle.className = 'toggle';
    this.setCollapsed(folded);
    const header = element('header', {}, [element('h1', { id: 'title', text: title }), this.toggle]);
    const prompt = element('p', { id: 'prompt', text: this.data.prompt || '', title: this.data.prompt || '' });
    this.labelsButton = button('Labels', 'Show labels (L)', () => this.toggleLabels());
    this.labelsButton.setAttribute('aria-pressed', 'false');
    const tools = element('div', { className: 'tools', role: 'toolbar', ariaLabel: 'View tools' }, [
      button('Reset', 'Reset view (R)', () => this.resetView(true)),
      button('Snapshot', 'Download a PNG of the view', () => this.screenshot()),
      button('Fullscreen', 'Fullscreen (F)', () => this.fullscreen()),
      this.labelsButton,
      button('?', 'Keyboard shortcuts (?)', () => this.toggleHelp()),
    ]);
    this.list = element('ul', { id: 'objects', ariaLabel: 'Objects' }, this.groups.map((g, i) => this.groupItem(g, i)));
    const body = element('div', { className: 'body' }, [prompt, tools, this.list]);
    this.panel.append(header, body);
    this.help = element('div', { id: 'help', className: 'ui', role: 'dialog', ariaLabel: 'Keyboard shortcuts', hidden: true }, [
      element('h2', { text: 'Keyboard' }),
      element('dl', {}, SHORTCUTS.flatMap(([keys, what]) => [element('dt', { text: keys }), element('dd', { text: what })])),
    ]);
    this.toast = element('div', { id: 'toast', className: 'ui', role: 'status' });
    document.body.append(this.panel, this.help, this.toast);
    document.getElementById('views').classList.add('ui');
  }

  groupItem(group, index) {
    const entry = element('button', { type: 'button', className: 'entry', dataset: { group: group.name } }, [
      element('span', { className: 'name', text: group.name }),
      element('span', { className: 'count', text: group.ids.length > 1 ? `×${group.ids.length}` : '' }),
    ]);
    if (index < 9) entry.prepend(element('kbd', { text: String(index + 1) }));
    this.wire(entry, group.ids);
    const item = element('li', {}, [entry]);
    if (group.ids.length > 1) {
      const more = button('▸', `List each ${group.name}`, () => this.expand(item, more, group));
      more.className = 'more';
      more.setAttribute('aria-expanded', 'false');
      item.append(more);
    }
    return item;
  }

  // Sub-entries are built on first expansion: a forest of 200 trees need not carry 200 buttons.
  expand(item, more, group) {
    let sub = item.querySelector('ul');
    if (!sub) {
      sub = element('ul', {}, group.ids.map((id, n) => {
        const entry = element('button', { type: 'button', className: 'entry', dataset: { objectId: id } },
          [element('span', { className: 'name', text: `${group.name} ${n + 1}` })]);
        this.wire(entry, [id]);
        return element('li', {}, [entry]);
      }));
      sub.hidden = true;
      item.append(sub);
    }
    sub.hidden = !sub.hidden;
    more.setAttribute('aria-expanded', String(!sub.hidden));
    more.textContent = sub.hidden ? '▸' : '▾';
  }

  wire(entry, ids) {
    entry.addEventListener('click', () => this.focusIds(ids, !this.reducedMotion.matches));
    entry.addEventListener('pointerenter', () => this.highlight.show(ids));
    entry.addEventListener('pointerleave', () => this.highlight.clear());
    entry.addEventListener('focus', () => this.highlight.show(ids));
    entry.addEventListener('blur', () => this.highlight.clear());
  }

  setCollapsed(collapsed) {
    this.panel.dataset.collapsed = String(collapsed);
    this.toggle.setAttribute('aria-expanded', String(!collapsed));
    this.toggle.textContent = collapsed ? '▴' : '▾';
    if (this.panel.isConnected) this.fitSheet();
  }

  // An open bottom sheet covers the lower part of a phone's screen: shift the picture up by half
  // its height, so the scene is centred in what stays visible.
  fitSheet() {
    const { camera } = this.viewer;
    const sheet = root.dataset.dioramaUi !== 'hidden' && this.panel.dataset.collapsed !== 'true'
      && window.matchMedia(PHONE_QUERY).matches;
    const lift = sheet ? Math.round(this.panel.offsetHeight / 2) : 0;
    if (!lift && !camera.view?.enabled) return; // nothing to shift or unshift: no frame to draw
    if (lift) camera.setViewOffset(window.innerWidth, window.innerHeight, 0, lift, window.innerWidth, window.innerHeight);
    else camera.clearViewOffset();
    this.viewer.render();
  }

  focusIds(ids, ease) {
    const box = boxOf(this.data, ids);
    if (box.isEmpty()) throw new Error(`no object with id ${ids.join(', ')}`);
    this.mover.go(focusPose(this.viewer, box), ease);
    return true;
  }

  resetView(ease) {
    this.mover.stop();
    if (!ease) return this.viewer.setView('hero');
    // setView computes the hero pose for this window; take it, put the camera back, then ease there.
    const { camera, controls } = this.viewer;
    const from = { position: camera.position.clone(), target: controls.target.clone() };
    this.viewer.setView('hero');
    const pose = { position: camera.position.clone(), target: controls.target.clone() };
    camera.position.copy(from.position);
    controls.target.copy(from.target);
    this.mover.go(pose, true);
    return true;
  }

  screenshot() {
    this.highlight.clear();
    this.viewer.render(); // the drawing buffer is preserved, so the frame just drawn is the one saved
    const name = `${String(this.data.id || 'diorama').replace(/[^\w.-]+/g, '-')}.png`;
    this.viewer.renderer.domElement.toBlob((blob) => {
      const link = element('a', { href: URL.createObjectURL(blob), download: name });
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 10000);
    }, 'image/png');
  }

  fullscreen() {
    const request = document.fullscreenElement ? document.exitFullscreen() : root.requestFullscreen?.();
    if (!request) return this.say('Fullscreen is not available here');
    request.catch((error) => this.say(`Fullscreen refused: ${error.message}`));
  }

  toggleLabels() {
    const on = !this.labels.visible;
    this.labels.setVisible(on);
    this.labelsButton.setAttribute('aria-pressed', String(on));
  }

  toggleHelp(show = this.help.hidden) {
    this.help.hidden = !show;
  }

  say(text) {
    this.toast.textContent = text;
    clearTimeout(this.toastTimer);
    this.toastTimer = setTimeout(() => { this.toast.textContent = ''; }, 3000);
  }

  onKey(event) {
    if (event.ctrlKey || event.metaKey || event.altKey || event.target.closest?.('input, textarea, select')) return;
    const action = this.keyAction(event.key);
    if (!action) return;
    event.preventDefault();
    this.mover.stop();
    action();
  }

  keyAction(key) {
    const v = this.viewer;
    const actions = {
      ArrowLeft: () => orbit(v, -ORBIT_STEP, 0, 1), ArrowRight: () => orbit(v, ORBIT_STEP, 0, 1),
      ArrowUp: () => orbit(v, 0, -ORBIT_STEP, 1), ArrowDown: () => orbit(v, 0, ORBIT_STEP, 1),
      '+': () => orbit(v, 0, 0, ZOOM_STEP), '=': () => orbit(v, 0, 0, ZOOM_STEP),
      '-': () => orbit(v, 0, 0, 1 / ZOOM_STEP), _: () => orbit(v, 0, 0, 1 / ZOOM_STEP),
      r: () => this.resetView(false), l: () => this.toggleLabels(), f: () => this.fullscreen(),
      '?': () => this.toggleHelp(), h: () => this.toggleHelp(), Escape: () => this.toggleHelp(false),
    };
    const digit = /^[1-9]$/.test(key) ? this.groups[Number(key) - 1] : null;
    if (digit) return () => this.focusIds(digit.ids, !this.reducedMotion.matches);
    return actions[key] || actions[key.toLowerCase()];
  }

  setVisible(visible) {
    root.dataset.dioramaUi = visible ? 'shown' : 'hidden';
    if (!visible) this.highlight.clear();
    this.fitSheet(); // draws the frame, labels included
    return true;
  }
}

/** Builds the interface and adds focus, resetView, objects and setUiVisible to the page's test API `api`. */
export function mountUi(viewer, api) {
  const ui = new PageUi(viewer);
  root.dataset.dioramaUi = 'shown';
  root.dataset.dioramaCamera = 'still';
  Object.assign(api, {
    focus: (id) => ui.focusIds([id], false),
    resetView: () => ui.resetView(false),
    objects: () => ui.groups.flatMap((g) => g.ids.map((id) => ({ id, name: g.name, count: g.ids.length }))),
    setUiVisible: (visible) => ui.setVisible(Boolean(visible)),
  });
  return ui;
}
