// The REST API as the UI uses it (docs/api.md): JSON in and out, one error shape, an optional API key.

const KEY_STORAGE = 'diorama.apiKey';

export class ApiError extends Error {
  constructor(status, code, message, details = null, retryAfter = null) {
    super(message);
    Object.assign(this, { status, code, details, retryAfter });
  }
}

export const apiKey = {
  get: () => localStorage.getItem(KEY_STORAGE) || '',
  set: (key) => (key ? localStorage.setItem(KEY_STORAGE, key) : localStorage.removeItem(KEY_STORAGE)),
};

function headers(extra = {}) {
  const key = apiKey.get();
  return { Accept: 'application/json', ...(key ? { 'X-API-Key': key } : {}), ...extra };
}

async function errorFrom(response) {
  let body = null;
  try {
    body = await response.json();
  } catch {
    // A proxy or a crash may answer with something that is not our JSON error shape; the status still says enough.
  }
  const error = body && body.error ? body.error : {};
  return new ApiError(response.status, error.code || `http_${response.status}`,
    error.message || `The server answered ${response.status} ${response.statusText}.`,
    error.details || null, response.headers.get('Retry-After'));
}

async function request(method, path, body) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: headers(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (cause) {
    throw new ApiError(0, 'network', 'The server cannot be reached. Is `diorama serve` still running?', { cause: String(cause) });
  }
  if (!response.ok) throw await errorFrom(response);
  return response.status === 204 ? null : response.json();
}

export const api = {
  submit: (prompt, seed) => request('POST', '/v1/scenes', { prompt, seed }),
  scene: (id) => request('GET', `/v1/scenes/${encodeURIComponent(id)}`),
  list: (cursor, limit = 12) => request('GET', `/v1/scenes?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`),
  edit: (id, instruction) => request('POST', `/v1/scenes/${encodeURIComponent(id)}/edits`, { instruction }),
  cancel: (id) => request('POST', `/v1/scenes/${encodeURIComponent(id)}/cancel`),
  json: (url) => request('GET', url),
};

/** What to try next, by error code: the API's message says what went wrong, this says what to do. */
export function adviceFor(error) {
  const advice = {
    network: 'Check that the server is running, then reload this page.',
    unauthorized: 'Enter a valid API key under "Connection" at the top of the page.',
    rate_limited: `Too many requests at once. Try again${error.retryAfter ? ` in ${error.retryAfter} s` : ' in a moment'}.`,
    too_large: 'Shorten the prompt.',
    invalid_seed: 'Leave it at 0 for the default, or try 1, 2, 3… for variety.',
    invalid_request: 'Change the prompt: name the room or place and a few objects, e.g. "a bedroom with a bed and a lamp".',
    invalid_input: 'Change the prompt as the message says: fewer objects, or a larger room (e.g. "…; 6m x 5m").',
    render_error: 'The server\'s browser could not draw the scene: run `diorama doctor` on the server.',
    storage_error: 'The server cannot reach its storage: run `diorama doctor` on the server.',
    asset_error: 'An object could not be made: try another seed (under Advanced) or other words for it.',
    validation_error: 'An object could not be made: try another seed (under Advanced) or other words for it.',
    conflict: 'Wait until the running job on this scene has finished, then try again.',
    timeout: 'The scene took too long. Try fewer objects or a smaller room.',
    not_found: 'The scene may have been deleted. Pick another one from the history.',
  };
  return advice[error.code] || 'Try again; if it keeps failing, the server log says more.';
}
