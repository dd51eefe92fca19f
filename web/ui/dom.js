// Builds DOM from data. Text always goes in as text nodes: nothing from the API is ever parsed as markup.

/**
 * el('li', {class: 'x', dataset: {id}}, 'text', child) -> HTMLElement.
 * Attribute values are set with setAttribute (never as HTML); `on` wires listeners.
 */
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === 'dataset') Object.assign(node.dataset, value);
    else if (name === 'on') for (const [event, handler] of Object.entries(value)) node.addEventListener(event, handler);
    else if (name === 'text') node.textContent = String(value);
    else node.setAttribute(name, value === true ? '' : String(value));
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Replaces every child of `node` with `children`. */
export function fill(node, ...children) {
  node.replaceChildren();
  append(node, children);
  return node;
}

export const $ = (selector, root = document) => root.querySelector(selector);

/** "12.3 s" / "2 min 5 s" for a number of seconds. */
export function formatSeconds(seconds) {
  if (seconds === null || seconds === undefined || Number.isNaN(seconds)) return '';
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${Math.round(seconds - minutes * 60)} s`;
}

const RELATIVE = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

/** "3 minutes ago" for an ISO 8601 time; falls back to the raw string when unparseable. */
export function formatAgo(iso, now = Date.now()) {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return iso || '';
  const seconds = Math.round((then - now) / 1000);
  const steps = [[60, 'second'], [60, 'minute'], [24, 'hour'], [7, 'day'], [Infinity, 'week']];
  let value = seconds;
  for (const [size, unit] of steps) {
    if (Math.abs(value) < size) return RELATIVE.format(value, unit);
    value = Math.round(value / size);
  }
  return iso;
}
