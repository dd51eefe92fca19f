// The progress timeline: one row per stage of the graph, each pending, running, done or failed.
// Built only from events, so replaying the same events (after a reconnect) gives the same picture.

import { el, fill, formatSeconds } from './dom.js';

export const STAGES = ['plan', 'assets', 'layout', 'compose', 'verify', 'repair', 'publish'];
const LABELS = {
  plan: 'Plan', assets: 'Assets', layout: 'Layout', compose: 'Compose',
  verify: 'Verify', repair: 'Repair', publish: 'Publish',
};
const ROUTINE = /^(started|done in [\d.]+ s)$/;
const STATE_WORDS = { pending: 'waiting', running: 'running', done: 'done', failed: 'failed', skipped: 'not needed' };

export class Timeline {
  /** list: the <ol> to draw into; live: a polite aria-live element for screen readers; bar: a <progress>. */
  constructor(list, live, bar) {
    Object.assign(this, { list, live, bar });
    this.reset();
  }

  reset() {
    this.rows = new Map(STAGES.map((stage) => [stage, { state: 'pending', message: '', started: null, seconds: null }]));
    this.lastT = null;
    this.lastTAt = 0;
    this.progress = 0;
    this.draw();
  }

  /** One `stage` event: {stage, message, progress, t}. */
  apply({ stage, message = '', progress, t }) {
    if (typeof t === 'number' && (this.lastT === null || t >= this.lastT)) {
      this.lastT = t;
      this.lastTAt = performance.now();
    }
    if (typeof progress === 'number') this.progress = Math.max(this.progress, Math.min(1, progress));
    const row = this.rows.get(stage);
    if (!row) {
      this.announce(message); // e.g. "resume": worth hearing, not a stage of its own
      return;
    }
    // A new stage starting means every earlier running one has finished (the graph runs one node at a time).
    for (const [name, other] of this.rows) if (name !== stage && other.state === 'running') other.state = 'done';
    const finished = /^done\b/.test(message);
    if (!finished && row.state !== 'running') {
      row.started = t ?? null;
      row.seconds = null;
      row.message = '';
    }
    row.state = finished ? 'done' : 'running';
    // "started" and "done in 1.2 s" only restate the dot and the time column; keep the last real news.
    if (!ROUTINE.test(message)) row.message = message;
    if (finished && row.started !== null && typeof t === 'number') row.seconds = t - row.started;
    this.draw();
    this.announce(`${LABELS[stage]}: ${message}`);
  }

  /** The final scene object: settles every row (a failed job marks its running stage failed). */
  finish(scene) {
    const succeeded = scene.status === 'succeeded';
    for (const [name, row] of this.rows) {
      if (row.state === 'running') row.state = succeeded ? 'done' : 'failed';
      else if (row.state === 'pending' && succeeded) row.state = name === 'repair' ? 'skipped' : 'done';
    }
    if (!succeeded && ![...this.rows.values()].some((row) => row.state === 'failed')) {
      const stage = this.rows.get(scene.stage) || [...this.rows.values()].find((row) => row.state === 'pending');
      if (stage && scene.status === 'failed') stage.state = 'failed';
    }
    if (succeeded) this.progress = 1;
    this.draw();
    const words = { succeeded: 'Scene ready.', failed: 'The scene failed.', cancelled: 'Cancelled.' };
    this.announce(words[scene.status] || scene.status);
  }

  /** Seconds since the job started, running on between events; null before the first event. */
  elapsed() {
    return this.lastT === null ? null : this.lastT + (performance.now() - this.lastTAt) / 1000;
  }

  announce(text) {
    if (text) this.live.textContent = text;
  }

  draw() {
    this.bar.value = this.progress;
    this.bar.textContent = `${Math.round(this.progress * 100)} %`;
    fill(this.list, ...[...this.rows].map(([stage, row]) => this.rowElement(stage, row)));
  }

  rowElement(stage, row) {
    // Repair runs only when verification failed: shown once it happens, or as "not needed".
    if (stage === 'repair' && row.state === 'pending') return null;
    const seconds = row.seconds !== null ? formatSeconds(row.seconds) : '';
    return el('li', { class: `stage stage--${row.state}`, dataset: { stage, state: row.state } },
      el('span', { class: 'stage__dot', 'aria-hidden': 'true' }),
      el('span', { class: 'stage__name' }, LABELS[stage]),
      el('span', { class: 'visually-hidden' }, `, ${STATE_WORDS[row.state]}`),
      el('span', { class: 'stage__time' }, seconds),
      el('span', { class: 'stage__message' }, row.state === 'skipped' ? 'not needed: every check passed' : row.message));
  }
}
