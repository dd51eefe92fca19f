// Follows GET /v1/scenes/{id}/events. The server replays every past event on each connection, so a
// reconnect simply rebuilds the timeline from the start (onOpen tells the caller to reset it).

const RETRY_MS = [1000, 2000, 4000, 8000, 15000];

/**
 * follow(url, {onOpen, onStage, onDone, onTrouble}) -> {close()}.
 * onTrouble(attempt) fires when the connection drops and a retry is scheduled (attempt counts from 1);
 * onOpen fires on every (re)connection. EventSource sends no headers: when API keys are on, `url` must be
 * the scene's `events_url`, which carries a signed token.
 */
export function follow(url, handlers) {
  const state = { closed: false, attempt: 0, timer: null, source: null };
  const dispatch = (name, data) => {
    if (state.closed) return;
    let payload;
    try {
      payload = JSON.parse(data);
    } catch {
      return; // a malformed event is dropped: the final `done` (or a reload) still brings the truth
    }
    if (name === 'stage') handlers.onStage(payload);
    if (name === 'done') {
      close();
      handlers.onDone(payload);
    }
  };
  const opened = () => {
    state.attempt = 0;
    handlers.onOpen();
  };
  const retry = () => {
    if (state.closed) return;
    state.attempt += 1;
    handlers.onTrouble(state.attempt);
    const delay = RETRY_MS[Math.min(state.attempt - 1, RETRY_MS.length - 1)];
    state.timer = setTimeout(connect, delay);
  };
  const connect = () => {
    if (state.closed) return;
    const source = new EventSource(url);
    state.source = source;
    source.addEventListener('open', opened);
    for (const name of ['stage', 'done']) source.addEventListener(name, (event) => dispatch(name, event.data));
    source.addEventListener('error', () => {
      // EventSource retries by itself after a dropped connection, but gives up (CLOSED) after an HTTP error,
      // never backs off, and resumes after Last-Event-ID where we want the whole replay: take over with ours.
      source.close();
      retry();
    });
  };
  const close = () => {
    state.closed = true;
    clearTimeout(state.timer);
    if (state.source) state.source.close();
  };
  connect();
  return { close };
}
