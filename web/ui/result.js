// The finished scene: the sandboxed page, its downloads, screenshots and the requirement report.

import { api } from './api.js';
import { $, el, fill, formatSeconds } from './dom.js';

const VIEWS = ['hero', 'top', 'side'];
const CHECK_NAMES = {
  ready: 'Page became ready', no_console_errors: 'No console errors', no_failed_requests: 'No failed requests',
  not_blank: 'Pictures are not blank', objects_visible: 'Every object visible', no_collisions: 'No collisions',
  in_bounds: 'Everything inside the bounds', supported: 'Everything supported', requirements: 'Prompt requirements met',
};

/** Points the viewer at the scene's page (or empties it); the iframe stays sandboxed without same-origin. */
export function showPage(scene) {
  const frame = $('#scene-frame');
  const page = scene && scene.urls && scene.urls.page;
  $('#viewer-empty').hidden = Boolean(page);
  frame.hidden = !page;
  if (!page) {
    frame.removeAttribute('src');
    delete frame.dataset.version;
    return;
  }
  // An edit republishes the scene under the same URL: load it again whenever a new run has finished.
  const version = `${page}@${scene.finished_at}`;
  if (frame.dataset.version !== version) {
    frame.dataset.version = version;
    frame.setAttribute('src', page);
  }
}

export function showDownloads(scene) {
  const urls = (scene && scene.urls) || {};
  for (const [selector, url, name] of [['#download-bundle', urls.bundle, `${scene?.id}.zip`],
    ['#download-glb', urls.scene_glb, `${scene?.id}.glb`]]) {
    const link = $(selector);
    link.hidden = !url;
    if (url) {
      link.setAttribute('href', url);
      link.setAttribute('download', name);
    }
  }
}

export function showScreenshots(scene) {
  const shots = (scene.urls && scene.urls.screenshots) || {};
  const names = [...VIEWS.filter((view) => shots[view]), ...Object.keys(shots).filter((view) => !VIEWS.includes(view))];
  fill($('#screenshots'), ...names.map((view) => el('figure', { class: 'shot' },
    el('a', { href: shots[view], target: '_blank', rel: 'noopener noreferrer' },
      el('img', { src: shots[view], alt: `${view} view as the verifier rendered it`, loading: 'lazy', width: 400, height: 300 })),
    el('figcaption', {}, view))));
  $('#screenshots-section').hidden = names.length === 0;
}

/** Loads report.json and lists requirements and checks, each with its evidence. */
export async function showReport(scene) {
  const section = $('#report-section');
  const url = scene.urls && scene.urls.report;
  section.hidden = !url;
  if (!url) return;
  fill($('#report-summary'), summaryLine(scene.summary));
  fill($('#requirements'), el('li', { class: 'muted' }, 'Loading the report…'));
  fill($('#checks'));
  let report;
  try {
    report = await api.json(url);
  } catch (error) {
    fill($('#requirements'), el('li', { class: 'result result--fail' }, `The report could not be loaded: ${error.message}`));
    return;
  }
  if ($('#report-section').dataset.scene !== scene.id) return; // another scene was opened meanwhile
  const verdict = $('#report-verdict');
  verdict.textContent = report.passed ? 'Every check passed' : 'Some checks failed';
  verdict.className = `verdict ${report.passed ? 'verdict--pass' : 'verdict--fail'}`;
  $('#planner').textContent = report.planner || 'unknown';
  const requirements = report.requirements || [];
  fill($('#requirements'), requirements.length
    ? requirements.map((r) => resultItem(r.passed, r.description || r.id, r.evidence))
    : el('li', { class: 'muted' }, 'The prompt asked for nothing that can be checked.'));
  const checks = report.checks || [];
  $('#checks-count').textContent = `${checks.filter((c) => c.passed).length}/${checks.length}`;
  fill($('#checks'), checks.map((c) => resultItem(c.passed, CHECK_NAMES[c.name] || c.name, c.evidence)));
  showEditChanges(report.edit);
  const unknown = report.unknown_nouns || [];
  $('#unknown-section').hidden = unknown.length === 0;
  fill($('#unknown'), unknown.map((u) => el('li', {}, `“${u.noun}” is not a known object: shown as ${u.mapped_to}.`)));
}

function summaryLine(summary) {
  if (!summary) return '';
  return [
    `${summary.objects} objects`,
    `${summary.checks_passed}/${summary.checks} checks`,
    `${summary.requirements_met}/${summary.requirements} requirements met`,
    formatSeconds(summary.seconds),
  ].filter(Boolean).join(' · ');
}

function resultItem(passed, title, evidence) {
  const word = passed === true ? 'pass' : passed === false ? 'fail' : 'unknown';
  const label = { pass: 'Passed', fail: 'Failed', unknown: 'Not checked' }[word];
  return el('li', { class: `result result--${word}` },
    el('span', { class: 'result__badge' }, label),
    el('span', { class: 'result__title' }, title),
    evidence ? el('span', { class: 'result__evidence' }, evidence) : null);
}

/** What the latest edit did, object by object (report.json's `edit`, written by graph/edit.py): one line per
 * change word with the objects it applies to. */
function showEditChanges(edit) {
  const objects = (edit && edit.objects) || [];
  const words = Object.keys((edit && edit.counts) || {});
  fill($('#edit-changes'), words.map((word) => {
    const ids = objects.filter((o) => o.changes.includes(word)).map((o) => (o.was && word === 'replaced' ? `${o.was} → ${o.id}` : o.id));
    return el('li', {},
      el('span', { class: 'revision__number' }, `r${edit.revision} ${word}`),
      el('span', {}, word === 'unchanged' && ids.length > 6 ? `${ids.length} objects` : ids.join(', ')));
  }));
  $('#edit-changes').hidden = words.length === 0;
}

export function showRevisions(scene) {
  const revisions = scene.revisions || [];
  fill($('#revisions'), [...revisions].reverse().map((r) => el('li', {},
    el('span', { class: 'revision__number' }, `r${r.revision}`),
    el('span', {}, r.instruction || 'first version'))));
  $('#revisions').hidden = revisions.length === 0;
}
