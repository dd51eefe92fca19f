// The history of scenes, newest first, a page at a time.

import { api } from './api.js';
import { $, el, fill, formatAgo } from './dom.js';

const STATUS_WORDS = { queued: 'Queued', running: 'Running', succeeded: 'Ready', failed: 'Failed', cancelled: 'Cancelled' };

export class History {
  /** onOpen(id) is called when a scene is picked; onError(error) when the list cannot be loaded. */
  constructor(onOpen, onError) {
    Object.assign(this, { onOpen, onError, cursor: null, items: [], current: null });
    $('#history-more').addEventListener('click', () => this.load(this.cursor));
    $('#history-refresh').addEventListener('click', () => this.load(null));
  }

  async load(cursor = null) {
    let page;
    try {
      page = await api.list(cursor);
    } catch (error) {
      this.onError(error);
      return;
    }
    this.items = cursor ? [...this.items, ...page.items] : page.items;
    this.cursor = page.next_cursor;
    this.draw();
  }

  /** Updates one scene in place (a job progressed or finished) without reloading the list. */
  upsert(scene) {
    const index = this.items.findIndex((item) => item.id === scene.id);
    if (index >= 0) this.items[index] = scene;
    else this.items.unshift(scene);
    this.draw();
  }

  select(id) {
    this.current = id;
    this.draw();
  }

  draw() {
    const list = $('#history-list');
    fill(list, this.items.map((scene) => this.itemElement(scene)));
    $('#history-empty').hidden = this.items.length > 0;
    $('#history-more').hidden = !this.cursor;
  }

  itemElement(scene) {
    const hero = scene.urls && scene.urls.screenshots && scene.urls.screenshots.hero;
    const status = scene.status === 'succeeded' && scene.passed === false ? 'checks failed' : STATUS_WORDS[scene.status] || scene.status;
    return el('li', {},
      el('button', {
        type: 'button', class: 'history-item', 'aria-current': scene.id === this.current ? 'true' : null,
        dataset: { id: scene.id, status: scene.status }, on: { click: () => this.onOpen(scene.id) },
      },
      hero ? el('img', { class: 'history-item__thumb', src: hero, alt: '', loading: 'lazy', width: 64, height: 48 })
        : el('span', { class: 'history-item__thumb history-item__thumb--empty', 'aria-hidden': 'true' }),
      el('span', { class: 'history-item__text' },
        el('span', { class: 'history-item__prompt' }, scene.prompt),
        el('span', { class: 'history-item__meta' },
          el('span', { class: `pill pill--${scene.status}` }, status),
          ` ${scene.kind === 'edit' ? 'edit · ' : ''}${formatAgo(scene.created_at)}`))));
  }
}
