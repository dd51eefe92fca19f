// The creator UI: submit a prompt, follow the job, show the scene. Wires the panels together;
// each panel's drawing lives in its own module.

import { ApiError, adviceFor, api, apiKey } from './api.js';
import { $, formatSeconds } from './dom.js';
import { follow } from './events.js';
import { History } from './history.js';
import { showDownloads, showPage, showReport, showRevisions, showScreenshots } from './result.js';
import { Timeline } from './timeline.js';

const ACTIVE = new Set(['queued', 'running']);

const ui = {
  scene: null, // the scene object shown now
  opening: null, // the id of the scene asked for last (answers for older ones are dropped)
  stream: null, // the events subscription of that scene, while it runs
  ticker: null,
  editsSupported: true,
  timeline: new Timeline($('#timeline'), $('#live'), $('#progress-bar')),
  history: null,
};

function showError(box, error) {
  box.hidden = !error;
  box.textContent = error ? `${error.message} ${adviceFor(error)}` : '';
  if (error && error.code === 'unauthorized') $('#connection').open = true;
}

// ---- submitting -------------------------------------------------------------------------------------------

async function submitPrompt() {
  if ($('#generate').disabled) return; // Enter pressed again while the first submit is on its way
  const prompt = $('#prompt').value.trim();
  const seed = Number.parseInt($('#seed').value || '0', 10);
  if (!prompt) {
    showError($('#form-error'), new ApiError(0, 'invalid_request', 'Describe a scene first.'));
    $('#prompt').focus();
    return;
  }
  if (!Number.isSafeInteger(seed) || seed < 0) {
    showError($('#form-error'), new ApiError(0, 'invalid_seed', 'The seed must be a whole number, 0 or more.'));
    return;
  }
  const button = $('#generate');
  button.disabled = true;
  button.textContent = 'Submitting…';
  try {
    const scene = await api.submit(prompt, seed);
    showError($('#form-error'), null);
    ui.history.upsert(scene);
    openScene(scene.id, scene);
  } catch (error) {
    showError($('#form-error'), error);
  } finally {
    button.disabled = false;
    button.textContent = 'Generate';
  }
}

function wirePromptForm() {
  const prompt = $('#prompt');
  $('#prompt-form').addEventListener('submit', (event) => {
    event.preventDefault();
    submitPrompt();
  });
  prompt.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      submitPrompt();
    }
  });
  for (const chip of document.querySelectorAll('.chip')) {
    chip.addEventListener('click', () => {
      prompt.value = chip.dataset.prompt;
      prompt.focus();
    });
  }
}

// ---- following one scene ------------------------------------------------------------------------------------

/** Opens a scene: shows what is known now and follows its events (which replay the timeline). */
async function openScene(id, known = null, { reveal = false } = {}) {
  if (location.hash !== `#scene=${id}`) history.replaceState(null, '', `#scene=${id}`);
  stopFollowing();
  ui.history.select(id);
  ui.opening = id;
  let scene = known;
  if (!scene) {
    try {
      scene = await api.scene(id);
    } catch (error) {
      showError($('#form-error'), error);
      return;
    }
    if (ui.opening !== id) return; // another scene was opened while this one loaded
  }
  ui.scene = scene;
  ui.timeline.reset();
  showScene(scene);
  if (reveal) bringIntoView(ACTIVE.has(scene.status) ? $('#progress-panel') : $('#viewer-panel'));
  ui.stream = follow(scene.events_url || `/v1/scenes/${encodeURIComponent(id)}/events`, {
    onOpen: () => {
      ui.timeline.reset();
      $('#stream-note').hidden = true;
    },
    onStage: (event) => ui.timeline.apply(event),
    onDone: (final) => finished(final),
    onTrouble: (attempt) => streamTrouble(id, attempt),
  });
  startTicker();
}

function stopFollowing() {
  if (ui.stream) ui.stream.close();
  ui.stream = null;
  clearInterval(ui.ticker);
}

// The stream dropped: say so, and ask for the scene directly: it may have finished meanwhile.
async function streamTrouble(id, attempt) {
  const note = $('#stream-note');
  note.hidden = false;
  note.textContent = attempt > 1 ? `Connection lost; retrying (attempt ${attempt})…` : 'Connection lost; reconnecting…';
  try {
    const scene = await api.scene(id);
    if (ui.scene && ui.scene.id === id && !ACTIVE.has(scene.status)) finished(scene);
  } catch (error) {
    if (error.status) note.textContent = `${error.message} ${adviceFor(error)}`;
  }
}

function finished(scene) {
  if (!ui.scene || ui.scene.id !== scene.id) return;
  const wasRunning = ACTIVE.has(ui.scene.status);
  stopFollowing();
  $('#stream-note').hidden = true;
  ui.timeline.finish(scene);
  ui.history.upsert(scene);
  showScene(scene);
  drawElapsed();
  if (wasRunning && scene.urls) bringIntoView($('#viewer-panel'));
}

// On a phone the panels stack: show what changed rather than leave it below the fold. (Chromium also
// does not draw cross-origin frames that are out of view, so the scene would wait there unrendered.)
function bringIntoView(element) {
  const box = element.getBoundingClientRect();
  if (box.top >= 0 && box.top < window.innerHeight * 0.6) return;
  const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  element.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
}

function drawElapsed() {
  const scene = ui.scene;
  if (!scene) return;
  const active = ACTIVE.has(scene.status);
  const seconds = active ? ui.timeline.elapsed() : (scene.summary ? scene.summary.seconds : ui.timeline.lastT);
  if (seconds === null || seconds === undefined) $('#elapsed').textContent = scene.status === 'queued' ? 'queued' : '';
  else $('#elapsed').textContent = active ? formatSeconds(seconds) : `${formatSeconds(seconds)} in all`;
}

function startTicker() {
  clearInterval(ui.ticker);
  ui.ticker = setInterval(drawElapsed, 500);
  drawElapsed();
}

// ---- drawing one scene ------------------------------------------------------------------------------------

function showScene(scene) {
  ui.scene = scene;
  const active = ACTIVE.has(scene.status);
  document.title = `${scene.prompt} · Diorama`;
  $('#progress-panel').hidden = false;
  $('#job-prompt').textContent = scene.kind === 'edit' && scene.revisions && scene.revisions.length
    ? `Edit: ${scene.revisions[scene.revisions.length - 1].instruction || ''}` : scene.prompt;
  $('#scene-title').textContent = scene.prompt;
  $('#cancel').hidden = !active;
  showJobError(scene);
  // While a job runs (an edit of a finished scene, say) the server does not serve its files.
  const hasOutput = Boolean(scene.urls) && !active;
  showPage(hasOutput ? scene : null);
  showDownloads(hasOutput ? scene : null);
  $('#expand').hidden = !hasOutput;
  const emptyTitles = { queued: 'Waiting for a worker…', running: 'Building your scene…',
    failed: 'No scene: the job failed (see Progress)', cancelled: 'No scene: the job was cancelled' };
  $('#viewer-empty-title').textContent = emptyTitles[scene.status] || 'Your scene will appear here';
  $('#viewer-empty-hint').hidden = scene.status === 'failed' || scene.status === 'cancelled';
  $('#details').hidden = !hasOutput;
  if (hasOutput) {
    $('#report-section').dataset.scene = scene.id;
    showReport(scene);
    showScreenshots(scene);
    showRevisions(scene);
  }
  $('#edit-section').hidden = !(hasOutput && ui.editsSupported);
}

function showJobError(scene) {
  const box = $('#job-error');
  const failed = scene.status === 'failed' || scene.status === 'cancelled';
  box.hidden = !failed;
  if (!failed) return;
  const error = scene.error || { code: scene.status, message: 'The job stopped before the scene was finished.' };
  $('#job-error-title').textContent = scene.status === 'cancelled' ? 'The job was cancelled' : 'The scene could not be made';
  $('#job-error-message').textContent = error.message;
  $('#job-error-advice').textContent = scene.status === 'cancelled' ? 'Generate again when you are ready.'
    : adviceFor(new ApiError(0, error.code, error.message));
}

// ---- edits, cancel, expand, key -----------------------------------------------------------------------------

function wireEditForm() {
  $('#edit-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const instruction = $('#instruction').value.trim();
    if (!instruction || !ui.scene) return;
    const button = $('#edit-submit');
    button.disabled = true;
    try {
      const scene = await api.edit(ui.scene.id, instruction);
      $('#instruction').value = '';
      showError($('#edit-error'), null);
      ui.history.upsert(scene);
      openScene(scene.id, scene);
    } catch (error) {
      if (error.status === 501) {
        ui.editsSupported = false; // this server has no editor: stop offering it
        $('#edit-section').hidden = true;
      } else {
        showError($('#edit-error'), error);
      }
    } finally {
      button.disabled = false;
    }
  });
}

function wireControls() {
  $('#cancel').addEventListener('click', async () => {
    if (!ui.scene) return;
    try {
      const scene = await api.cancel(ui.scene.id);
      $('#live').textContent = 'Cancelling…';
      // A queued job is cancelled at once; a running one when its worker stops, which the stream reports.
      if (!ACTIVE.has(scene.status)) finished(scene);
    } catch (error) {
      $('#stream-note').hidden = false;
      $('#stream-note').textContent = `${error.message} ${adviceFor(error)}`;
    }
  });
  const panel = $('#viewer-panel'), expand = $('#expand');
  const setExpanded = (on) => {
    panel.classList.toggle('panel--expanded', on);
    expand.setAttribute('aria-pressed', String(on));
    expand.textContent = on ? 'Close' : 'Expand';
  };
  expand.addEventListener('click', () => setExpanded(!panel.classList.contains('panel--expanded')));
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && panel.classList.contains('panel--expanded')) {
      setExpanded(false);
      expand.focus();
    }
  });
  $('#api-key').value = apiKey.get();
  $('#key-form').addEventListener('submit', (event) => {
    event.preventDefault();
    apiKey.set($('#api-key').value.trim());
    $('#connection').open = false;
    showError($('#form-error'), null);
    ui.history.load();
  });
}

function openFromHash() {
  const match = /^#scene=([A-Za-z0-9_-]{1,80})$/.exec(location.hash);
  if (match && (!ui.scene || ui.scene.id !== match[1])) openScene(match[1]);
}

ui.history = new History((id) => openScene(id, null, { reveal: true }), (error) => showError($('#form-error'), error));
wirePromptForm();
wireEditForm();
wireControls();
window.addEventListener('hashchange', openFromHash);
ui.history.load();
openFromHash();
