"""One client for any OpenAI-compatible chat server (vLLM, llama.cpp server, Ollama, SGLang).

What it adds to a plain POST to ``/v1/chat/completions``:

- several endpoints tried in order (a big model first, a smaller one next), and
  a lighter model for light steps (``light=True``), falling back to the others;
- per-request timeout, retries with exponential backoff on refused connections,
  timeouts, HTTP 429 and 5xx;
- a circuit breaker per endpoint: after ``BREAKER_FAILURES`` failed requests in
  a row the endpoint is skipped for ``BREAKER_COOLDOWN_S``, so a dead server costs
  one timeout per scene batch, not one per scene;
- JSON-schema structured output through ``response_format``, adapting to the
  dialect the server speaks (OpenAI ``json_schema``, llama-cpp-python's
  ``json_object`` + ``schema``, or none, the schema then only in the prompt),
  learnt per endpoint from the first refusal;
- tool calling (``chat_tools``): the server's native ``tool_calls``, or calls the
  model wrote as JSON text where the server has no tool-call parser;
- a response cache in SQLite keyed by the sha256 of (model, messages, seed,
  schema, sampling options), so rerunning a scene is deterministic and free.

Every failure is a tools.core.errors.ModelError: ModelUnavailableError when no
endpoint answered, ModelOutputError when the answer is not the JSON asked for.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from tools.core.errors import ModelError, ModelOutputError, ModelUnavailableError
from tools.core.telemetry import tool_call

BREAKER_FAILURES = 3  # failed requests in a row (after their retries) that open an endpoint's breaker
BREAKER_COOLDOWN_S = 30.0  # how long an open breaker skips its endpoint before one trial request
BACKOFF_BASE_S = 0.25  # first retry waits this long, then doubles
BACKOFF_MAX_S = 4.0
RETRY_STATUSES = {408, 429, 500, 502, 503, 504}
# The response_format dialects, most standard first; a server that rejects one (HTTP 400/422) gets the next.
SCHEMA_DIALECTS = ("json_schema", "json_object_schema", "prompt_only")

Message = dict[str, Any]


@dataclass(frozen=True)
class Endpoint:
    """One server: its base URL (ending in /v1 or not) and the model to ask there (None: the server's first)."""

    base_url: str
    model: str | None = None
    api_key: str | None = None

    @property
    def chat_url(self) -> str:
        """The endpoint's chat completions URL."""
        return f"{self._v1()}/chat/completions"

    @property
    def models_url(self) -> str:
        """The endpoint's model list URL."""
        return f"{self._v1()}/models"

    def _v1(self) -> str:
        base = self.base_url.rstrip("/")
        return base if base.endswith("/v1") else f"{base}/v1"


@dataclass
class ChatResult:
    """A model answer: its text (or tool calls), who answered, and whether it came from the cache."""

    content: str
    model: str
    endpoint: str
    cached: bool = False
    tool_calls: list[dict] = field(default_factory=list)
    usage: dict = field(default_factory=dict)
    seconds: float = 0.0


@dataclass
class ToolCall:
    """One tool call of a model answer: the tool's name and its arguments (None when they did not parse)."""

    name: str
    arguments: dict | None
    raw: str = ""
    id: str | None = None


def _tool_call(function: dict, call_id: str | None = None) -> ToolCall:
    raw = function.get("arguments", function.get("parameters", {}))
    if isinstance(raw, dict):
        return ToolCall(str(function.get("name", "")), raw, json.dumps(raw), call_id)
    try:
        parsed = json.loads(raw) if isinstance(raw, str) else None
    except json.JSONDecodeError:
        parsed = None
    return ToolCall(str(function.get("name", "")), parsed if isinstance(parsed, dict) else None, str(raw), call_id)


def _calls_in_text(content: str) -> list[ToolCall]:
    """Tool calls a model wrote as JSON text (in a code fence or not), for servers without native tool calling."""
    text = content.strip().removeprefix("```json").removeprefix("```").removesuffix("```").strip()
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        return []
    items = data if isinstance(data, list) else data.get("tool_calls", [data]) if isinstance(data, dict) else []
    return [_tool_call(item.get("function", item)) for item in items
            if isinstance(item, dict) and isinstance(item.get("function", item).get("name"), str)]


class CircuitBreaker:
    """Closed -> open after ``failures`` consecutive failures -> one trial call after ``cooldown_s``."""

    def __init__(self, failures: int = BREAKER_FAILURES, cooldown_s: float = BREAKER_COOLDOWN_S) -> None:
        self.failures, self.cooldown_s = failures, cooldown_s
        self._consecutive = 0
        self._opened_at: float | None = None
        self._lock = threading.Lock()

    @property
    def is_open(self) -> bool:
        """Whether the circuit is open: too many failures in a row, and the cooldown not over."""
        with self._lock:
            return self._opened_at is not None and time.monotonic() - self._opened_at < self.cooldown_s

    def record_success(self) -> None:
        """Close the circuit after a success."""
        with self._lock:
            self._consecutive, self._opened_at = 0, None

    def record_failure(self) -> None:
        """Count a failure; open the circuit when there were too many in a row."""
        with self._lock:
            self._consecutive += 1
            if self._consecutive >= self.failures:
                self._opened_at = time.monotonic()


class ResponseCache:
    """Model answers in SQLite by request hash; a rerun of the same request reads instead of asking."""

    def __init__(self, path: Path) -> None:
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        with closing(self._connect()) as conn, conn:
            conn.execute("CREATE TABLE IF NOT EXISTS responses (key TEXT PRIMARY KEY, result TEXT NOT NULL)")

    def _connect(self) -> sqlite3.Connection:
        return sqlite3.connect(self.path, timeout=10)

    def get(self, key: str) -> ChatResult | None:
        """The cached answer to a request, if any."""
        with closing(self._connect()) as conn:
            row = conn.execute("SELECT result FROM responses WHERE key = ?", (key,)).fetchone()
        if row is None:
            return None
        return ChatResult(**{**json.loads(row[0]), "cached": True, "seconds": 0.0})

    def put(self, key: str, result: ChatResult) -> None:
        """Store an answer for a request."""
        data = {k: v for k, v in result.__dict__.items() if k not in {"cached", "seconds"}}
        with closing(self._connect()) as conn, conn:
            conn.execute("INSERT OR REPLACE INTO responses (key, result) VALUES (?, ?)", (key, json.dumps(data)))


def request_key(model: str, messages: list[Message], seed: int, schema: dict | None, options: dict) -> str:
    """sha256 of everything that decides the answer: model, messages, seed, schema and sampling options."""
    payload = json.dumps({"model": model, "messages": messages, "seed": seed, "schema": schema, "options": options},
                         sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(payload.encode()).hexdigest()


class LLMClient:
    """Chat completions over a list of endpoints with retries, breakers, schema output and a cache."""

    def __init__(self, endpoints: list[Endpoint], *, timeout_s: float = 60.0, retries: int = 2,
                 light_model: str | None = None, cache: ResponseCache | None = None,
                 breaker_failures: int = BREAKER_FAILURES, breaker_cooldown_s: float = BREAKER_COOLDOWN_S,
                 backoff_base_s: float = BACKOFF_BASE_S) -> None:
        if not endpoints:
            raise ModelError("no model endpoint configured (DIORAMA_LLM_BASE_URL)")
        self.endpoints, self.timeout_s, self.retries = endpoints, timeout_s, retries
        self.light_model, self.cache, self.backoff_base_s = light_model, cache, backoff_base_s
        self._breakers = {e.base_url: CircuitBreaker(breaker_failures, breaker_cooldown_s) for e in endpoints}
        self._dialects: dict[str, int] = {}  # base_url -> index into SCHEMA_DIALECTS that the server accepted
        self._served_models: dict[str, str] = {}  # base_url -> model id the server reported
        self._http = httpx.Client(timeout=httpx.Timeout(timeout_s))

    @classmethod
    def from_settings(cls, settings) -> LLMClient:
        """The client for ``tools.core.settings.Settings`` (llm_* fields); caches in ``settings.llm_cache_db``."""
        return cls(parse_endpoints(settings.llm_base_url or "", settings.llm_model, settings.llm_api_key),
                   timeout_s=settings.llm_timeout_s, retries=settings.llm_retries,
                   light_model=settings.llm_light_model, cache=ResponseCache(settings.llm_cache_db))

    def close(self) -> None:
        """Close the HTTP connections."""
        self._http.close()

    def breaker(self, endpoint: Endpoint) -> CircuitBreaker:
        """The circuit breaker of an endpoint."""
        return self._breakers[endpoint.base_url]

    def chat(self, messages: list[Message], *, schema: dict | None = None, schema_name: str = "answer",
             seed: int = 0, light: bool = False, temperature: float = 0.0, max_tokens: int = 512,
             tools: list[dict] | None = None) -> ChatResult:
        """The first answer any endpoint gives, in order (light steps try the light model first).

        Raises ModelUnavailableError naming each endpoint's failure when none answers.
        """
        options = {"temperature": temperature, "max_tokens": max_tokens, "tools": tools}
        candidates = self._candidates(light)
        for endpoint in candidates:
            hit = self._cached(endpoint, messages, seed, schema, options)
            if hit is not None:
                return hit
        failures = []
        for endpoint in candidates:
            if self.breaker(endpoint).is_open:
                failures.append(f"{endpoint.base_url}: circuit open after repeated failures")
                continue
            try:
                model = endpoint.model or self._served_model(endpoint)
                key = request_key(model, messages, seed, schema, options)
                hit = self.cache.get(key) if self.cache is not None else None
                if hit is not None:
                    return hit
                result = self._ask(endpoint, model, messages, schema, schema_name, seed, options)
            except ModelError as e:  # refused, timed out, HTTP error or not a chat completion: next endpoint
                self.breaker(endpoint).record_failure()
                failures.append(f"{endpoint.base_url}: {e}")
                continue
            self.breaker(endpoint).record_success()
            if self.cache is not None:
                self.cache.put(key, result)
            return result
        raise ModelUnavailableError("; ".join(failures))

    def chat_json(self, messages: list[Message], schema: dict, **kwargs) -> tuple[Any, ChatResult]:
        """``chat`` with a schema, the answer parsed as JSON; ModelOutputError when it does not parse."""
        result = self.chat(messages, schema=schema, **kwargs)
        try:
            return json.loads(result.content), result
        except json.JSONDecodeError as e:
            problem = f"{e.msg} at {e.pos}: {result.content[:120]!r}"
            raise ModelOutputError(f"invalid JSON from {result.model}: {problem}") from e

    def chat_tools(self, messages: list[Message], tools: list[dict], **kwargs) -> tuple[list[ToolCall], ChatResult]:
        """``chat`` offering ``tools`` (OpenAI function specs); the calls the model made, in order.

        Servers without native tool calling often write the call as JSON text instead
        (``{"name": ..., "arguments": {...}}`` or a list of those): that is read too.
        ModelOutputError when the answer holds no call; a call whose arguments are not a
        JSON object comes back with ``arguments=None`` and the text in ``raw``.
        """
        result = self.chat(messages, tools=tools, **kwargs)
        calls = [_tool_call(c.get("function") or {}, c.get("id")) for c in result.tool_calls if isinstance(c, dict)]
        if not calls:
            calls = _calls_in_text(result.content)
        if not calls:
            raise ModelOutputError(f"no tool call from {result.model}: {result.content[:120]!r}")
        return calls, result

    def _candidates(self, light: bool) -> list[Endpoint]:
        if not (light and self.light_model):
            return list(self.endpoints)
        lighter = [Endpoint(e.base_url, self.light_model, e.api_key) for e in self.endpoints]
        return lighter + list(self.endpoints)

    def _cached(self, endpoint: Endpoint, messages, seed, schema, options) -> ChatResult | None:
        if self.cache is None:
            return None
        model = endpoint.model or self._served_models.get(endpoint.base_url)
        return self.cache.get(request_key(model, messages, seed, schema, options)) if model else None

    def _ask(self, endpoint: Endpoint, model: str, messages, schema, schema_name, seed, options) -> ChatResult:
        """One endpoint, with retries; switches schema dialect when the server rejects one."""
        dialect = self._dialects.get(endpoint.base_url, 0)
        while True:
            body = _request_body(model, messages, schema, schema_name, seed, options, SCHEMA_DIALECTS[dialect])
            response = self._post_with_retries(endpoint, body)
            if _rejects_response_format(response) and schema is not None and dialect + 1 < len(SCHEMA_DIALECTS):
                dialect += 1  # the server does not speak this response_format dialect: try the next one
                continue
            if response.status_code >= 400:
                raise ModelUnavailableError(f"HTTP {response.status_code}: {response.text[:200]!r}")
            if schema is not None:
                self._dialects[endpoint.base_url] = dialect
            return _parse_completion(response, model, endpoint)

    def _post_with_retries(self, endpoint: Endpoint, body: dict) -> httpx.Response:
        headers = {"Authorization": f"Bearer {endpoint.api_key}"} if endpoint.api_key else {}
        last_error = "no attempt"
        for attempt in range(self.retries + 1):
            if attempt:
                time.sleep(min(BACKOFF_MAX_S, self.backoff_base_s * 2 ** (attempt - 1)))  # backoff, not sync
            try:
                with tool_call("model_request"):
                    response = self._http.post(endpoint.chat_url, json=body, headers=headers)
            except httpx.TimeoutException:
                last_error = f"timed out after {self.timeout_s:g} s"
                continue
            except httpx.TransportError as e:
                last_error = f"{type(e).__name__}: {e}"
                continue
            if response.status_code not in RETRY_STATUSES or _rejects_response_format(response):
                return response
            last_error = f"HTTP {response.status_code}: {response.text[:200]!r}"
        raise ModelUnavailableError(f"{last_error} ({self.retries + 1} attempts)")

    def _served_model(self, endpoint: Endpoint) -> str:
        """The model id the server lists first (llama.cpp and Ollama serve what they were started with)."""
        if endpoint.base_url not in self._served_models:
            try:
                response = self._http.get(endpoint.models_url)
                response.raise_for_status()
                self._served_models[endpoint.base_url] = response.json()["data"][0]["id"]
            except (httpx.HTTPError, ValueError, KeyError, IndexError, TypeError) as e:
                problem = f"{type(e).__name__}: {e}"
                raise ModelUnavailableError(f"cannot list models at {endpoint.models_url}: {problem}") from e
        return self._served_models[endpoint.base_url]


def parse_endpoints(base_urls: str, models: str | None, api_key: str | None) -> list[Endpoint]:
    """'url1,url2' with 'model1,model2' (or one model for all, or none) -> Endpoints in order."""
    urls = [u.strip() for u in base_urls.split(",") if u.strip()]
    names = [m.strip() or None for m in (models or "").split(",")] if models else []
    if len(names) not in {0, 1, len(urls)}:
        raise ModelError(f"DIORAMA_LLM_MODEL lists {len(names)} models for {len(urls)} endpoints")
    if len(names) == 1:
        names = names * len(urls)
    return [Endpoint(url, names[i] if names else None, api_key) for i, url in enumerate(urls)]


def _request_body(model: str, messages: list[Message], schema: dict | None, schema_name: str, seed: int,
                  options: dict, dialect: str) -> dict:
    body: dict[str, Any] = {"model": model, "messages": messages, "seed": seed, "stream": False,
                            "temperature": options["temperature"], "max_tokens": options["max_tokens"]}
    if options["tools"]:
        body["tools"] = options["tools"]
    if schema is not None and dialect == "json_schema":
        body["response_format"] = {"type": "json_schema",
                                   "json_schema": {"name": schema_name, "schema": schema, "strict": True}}
    elif schema is not None and dialect == "json_object_schema":
        body["response_format"] = {"type": "json_object", "schema": schema}
    return body


def _rejects_response_format(response: httpx.Response) -> bool:
    """A refusal of the request's response_format (llama-cpp-python answers 500 for its validation errors)."""
    return response.status_code in {400, 422, 500} and "response_format" in response.text


def _parse_completion(response: httpx.Response, model: str, endpoint: Endpoint) -> ChatResult:
    try:
        data = response.json()
        message = data["choices"][0]["message"]
    except (ValueError, KeyError, IndexError, TypeError) as e:
        raise ModelOutputError(f"{endpoint.base_url} sent no chat completion: {response.text[:120]!r}") from e
    return ChatResult(content=message.get("content") or "", model=model, endpoint=endpoint.base_url,
                      tool_calls=message.get("tool_calls") or [], usage=data.get("usage") or {},
                      seconds=response.elapsed.total_seconds())
