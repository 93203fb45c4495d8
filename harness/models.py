"""One client for every part of the tool that needs a code model.

Why it exists: CrossCodeEval's last construction step (drop examples a small model completes
without cross-file context), ``generate-predictions`` (from a split to the predictions file
``evaluate-predictions`` reads) and RepoExec's multi-round debugging all ask a model for text.
They share one client, so greedy decoding, seeded sampling, batching, retries and the response
cache behave the same everywhere:

- :class:`OpenAICompatibleClient` speaks the HTTP API that vLLM, TGI and llama.cpp servers
  serve (``/v1/completions`` for plain and fill-in-the-middle prompts, ``/v1/chat/completions``
  for instructions). URL, model and key come from options or the environment
  (``CROSSFILE_MODEL_URL``, ``CROSSFILE_MODEL``, ``CROSSFILE_MODEL_KEY`` / ``OPENAI_API_KEY``),
  never from code. Requests are batched (one request carries several prompts), retried with
  exponential backoff on connection errors, 408/429 and 5xx answers, and refused at once on
  other 4xx answers.
- :class:`TransformersClient` (optional extra ``models``: ``torch`` + ``transformers``) runs a
  local causal language model given by path or Hub id.
- :class:`CachedClient` wraps either with a SQLite cache keyed by (model, kind, prompt,
  parameters): a rerun with the same model and settings sends nothing.

Greedy decoding is the default (``temperature=0``); sampling for pass@k is seeded, and the
seed is part of the cache key.
"""

from __future__ import annotations

import hashlib
import http.client
import json
import os
import socket
import sqlite3
import threading
import time
import urllib.error
import urllib.request
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable, Protocol, Sequence

from crossfile_datasets.core import constants as C

ENV_URL = "CROSSFILE_MODEL_URL"
ENV_MODEL = "CROSSFILE_MODEL"
ENV_KEYS = ("CROSSFILE_MODEL_KEY", "OPENAI_API_KEY")
RETRY_STATUSES = frozenset({408, 409, 425, 429, 500, 502, 503, 504})


class ModelError(RuntimeError):
    """The model could not be reached or answered something unusable (after retries)."""


class AnswerTooLarge(ModelError):
    """The endpoint's answer is over the byte cap (``MODEL_ANSWER_MAX_BYTES``): not read further."""


class DeadlineExceeded(TimeoutError):
    """No whole answer within the request's time (connection, headers and body together)."""


@dataclass(frozen=True)
class GenerationParams:
    """Decoding parameters; every field is part of the cache key."""

    max_new_tokens: int = 64
    temperature: float = 0.0  # 0 = greedy
    top_p: float = 1.0
    n: int = 1  # completions per prompt (pass@k)
    seed: int = 0
    stop: tuple[str, ...] = ()

    @property
    def greedy(self) -> bool:
        return self.temperature <= 0.0


def apply_stop(text: str, stop: Sequence[str]) -> str:
    """Cut at the first stop string (servers do it too; a local model does not)."""
    cut = min((i for i in (text.find(s) for s in stop if s) if i >= 0), default=-1)
    return text[:cut] if cut >= 0 else text


class ModelClient(Protocol):
    @property
    def name(self) -> str:
        """The served or local model's name (part of every cache key)."""


    def complete(self, prompts: Sequence[str], params: GenerationParams) -> list[list[str]]:
        """``params.n`` completions of each prompt, in order."""

    def chat(self, conversations: Sequence[Sequence[dict]], params: GenerationParams) -> list[list[str]]:
        """``params.n`` answers to each conversation (``[{"role", "content"}, ...]``)."""


# ----------------------------------------------------------------------------- HTTP API --
@dataclass
class OpenAICompatibleClient:
    """An OpenAI-compatible server (vLLM, TGI, llama.cpp, ...)."""

    base_url: str
    model: str
    api_key: str | None = None
    batch_size: int = 16
    timeout: float = 120.0
    max_retries: int = 5
    backoff: float = 1.0  # seconds before the first retry, doubled each time
    sleep: Callable[[float], None] = field(default=time.sleep, repr=False)

    @property
    def name(self) -> str:
        return self.model

    def _url(self, path: str) -> str:
        base = self.base_url.rstrip("/")
        if not base.endswith("/v1"):
            base += "/v1"
        return f"{base}/{path}"

    def _post(self, path: str, payload: dict) -> dict:
        headers = {"Content-Type": "application/json"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        delay = self.backoff
        last = ""
        for attempt in range(self.max_retries + 1):
            try:
                status, body = http_request(self._url(path), json.dumps(payload).encode(), headers, self.timeout)
            except OSError as exc:  # refused, reset, DNS, time-out (urllib's URLError is an OSError)
                last = f"{type(exc).__name__}: {exc}"
            else:
                if status == 200:
                    try:
                        return json.loads(body)
                    except ValueError:
                        raise ModelError(f"{self._url(path)} answered 200 with a body that is not JSON") from None
                last = f"HTTP {status}: {body[:300].decode('utf-8', errors='replace')}"
                if status not in RETRY_STATUSES:
                    raise ModelError(f"{self._url(path)} refused the request ({last})")
            if attempt < self.max_retries:
                self.sleep(delay)
                delay *= 2
        raise ModelError(f"{self._url(path)} failed after {self.max_retries + 1} attempts ({last})")

    def _sampling(self, params: GenerationParams) -> dict:
        body: dict[str, object] = {"max_tokens": params.max_new_tokens, "temperature": params.temperature, "n": params.n,
                "seed": params.seed}
        if not params.greedy:
            body["top_p"] = params.top_p
        if params.stop:
            body["stop"] = list(params.stop)
        return body

    def complete(self, prompts: Sequence[str], params: GenerationParams) -> list[list[str]]:
        out: list[list[str]] = []
        for start in range(0, len(prompts), self.batch_size):
            batch = list(prompts[start : start + self.batch_size])
            data = self._post("completions", {"model": self.model, "prompt": batch, **self._sampling(params)})
            choices = data.get("choices")
            if not isinstance(choices, list) or len(choices) != len(batch) * params.n:
                raise ModelError(f"expected {len(batch) * params.n} choices, got {len(choices) if isinstance(choices, list) else choices!r}")
            # prompt-major order: choice index = prompt position * n + sample (OpenAI, vLLM)
            ordered = sorted(enumerate(choices), key=lambda pc: (pc[1].get("index", pc[0]), pc[0]))
            texts = [apply_stop(str(c.get("text", "")), params.stop) for _, c in ordered]
            grouped = [texts[i * params.n : (i + 1) * params.n] for i in range(len(batch))]
            out.extend(grouped)
        return out

    def chat(self, conversations: Sequence[Sequence[dict]], params: GenerationParams) -> list[list[str]]:
        out = []
        for messages in conversations:  # the chat API takes one conversation per request
            data = self._post("chat/completions", {"model": self.model, "messages": list(messages), **self._sampling(params)})
            choices = data.get("choices")
            if not isinstance(choices, list) or len(choices) != params.n:
                raise ModelError(f"expected {params.n} chat choices, got {choices!r}")
            out.append([apply_stop(str((c.get("message") or {}).get("content", "")), params.stop) for c in choices])
        return out


# -------------------------------------------------------------------------- local model --
def load_local(model: str, auto_class: str, what: str):
    """``(tokenizer, model)`` of a local folder or Hub id with ``transformers``' ``auto_class``
    (a pad token set when the tokenizer has none); a clear error without the ``models`` extra."""
    try:
        import torch  # noqa: F401  (transformers needs it for the models below)
        import transformers
    except ImportError as exc:  # pragma: no cover - depends on the installation
        raise ModelError(f"{what} needs torch and transformers: pip install 'crossfile-datasets[models]'") from exc
    tokenizer = transformers.AutoTokenizer.from_pretrained(model)
    if tokenizer.pad_token is None:
        tokenizer.pad_token = tokenizer.eos_token or tokenizer.unk_token
    return tokenizer, getattr(transformers, auto_class).from_pretrained(model).eval()


class TransformersClient:
    """A local causal LM (``transformers``) by path or Hub id; needs the ``models`` extra."""

    def __init__(self, model: str, device: str = "cpu", batch_size: int = 8) -> None:
        self.model_id = model
        self.device = device
        self.batch_size = batch_size
        self.tokenizer, self.model = load_local(model, "AutoModelForCausalLM", "a local model")
        self.tokenizer.padding_side = "left"  # generation continues the right end of every prompt
        self.model = self.model.to(device)

    @property
    def name(self) -> str:
        return self.model_id

    def complete(self, prompts: Sequence[str], params: GenerationParams) -> list[list[str]]:
        import torch

        out: list[list[str]] = []
        for start in range(0, len(prompts), self.batch_size):
            batch = list(prompts[start : start + self.batch_size])
            enc = self.tokenizer(batch, return_tensors="pt", padding=True).to(self.device)
            kwargs = {"max_new_tokens": params.max_new_tokens, "num_return_sequences": params.n,
                      "pad_token_id": self.tokenizer.pad_token_id}
            if params.greedy:
                kwargs["do_sample"] = False
            else:
                torch.manual_seed(params.seed)
                kwargs.update(do_sample=True, temperature=params.temperature, top_p=params.top_p)
            with torch.no_grad():
                generated = self.model.generate(**enc, **kwargs)
            new = generated[:, enc["input_ids"].shape[1]:]
            texts = self.tokenizer.batch_decode(new, skip_special_tokens=True)
            for i in range(len(batch)):
                out.append([apply_stop(t, params.stop) for t in texts[i * params.n : (i + 1) * params.n]])
        return out

    def chat(self, conversations: Sequence[Sequence[dict]], params: GenerationParams) -> list[list[str]]:
        prompts = []
        for messages in conversations:
            if getattr(self.tokenizer, "chat_template", None):
                prompts.append(self.tokenizer.apply_chat_template(list(messages), tokenize=False, add_generation_prompt=True))
            else:  # a base model: the conversation as plain text
                prompts.append("\n\n".join(m["content"] for m in messages) + "\n\n")
        return self.complete(prompts, params)


# -------------------------------------------------------------------------------- cache --
def default_cache_path() -> Path:
    root = Path(os.path.abspath(os.environ.get("CROSSFILE_CACHE") or Path.home() / ".cache" / "crossfile-datasets"))
    return root / "responses.sqlite"


class CachedClient:
    """Answers from a SQLite cache keyed by (model, kind, prompt, parameters); misses go to
    the wrapped client in one batch. Safe to share between threads of one process."""

    def __init__(self, client: ModelClient, path: Path | None = None) -> None:
        self.client = client
        self.path = Path(path or default_cache_path())
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0
        with self._connect() as db:
            db.execute("CREATE TABLE IF NOT EXISTS responses (key TEXT PRIMARY KEY, value TEXT NOT NULL)")

    @property
    def name(self) -> str:
        return self.client.name

    def _connect(self) -> sqlite3.Connection:
        return sqlite3.connect(self.path, timeout=60)

    def key(self, kind: str, prompt, params: GenerationParams) -> str:
        payload = json.dumps([self.client.name, kind, prompt, asdict(params)], sort_keys=True, ensure_ascii=False)
        return hashlib.sha256(payload.encode("utf-8")).hexdigest()

    def _cached(self, kind: str, items: Sequence, params: GenerationParams, call) -> list[list[str]]:
        keys = [self.key(kind, item, params) for item in items]
        found: dict[str, list[str]] = {}
        with self._lock, self._connect() as db:
            for k in set(keys):
                row = db.execute("SELECT value FROM responses WHERE key = ?", (k,)).fetchone()
                if row is not None:
                    found[k] = json.loads(row[0])
        missing = [i for i, k in enumerate(keys) if k not in found]
        self.hits += len(keys) - len(missing)
        self.misses += len(missing)
        if missing:
            answers = call([items[i] for i in missing], params)
            with self._lock, self._connect() as db:
                for i, answer in zip(missing, answers):
                    found[keys[i]] = answer
                    db.execute("INSERT OR REPLACE INTO responses (key, value) VALUES (?, ?)", (keys[i], json.dumps(answer)))
        return [found[k] for k in keys]

    def complete(self, prompts: Sequence[str], params: GenerationParams) -> list[list[str]]:
        return self._cached("complete", prompts, params, self.client.complete)

    def chat(self, conversations: Sequence[Sequence[dict]], params: GenerationParams) -> list[list[str]]:
        return self._cached("chat", conversations, params, self.client.chat)


class _Deadline:
    """One request's overall deadline: at its end, every socket the request opened is shut
    down, which ends a read blocked on it (a server dripping its answer one byte a second never
    lets a per-read socket time-out fire)."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.expired = False
        self._sockets: list[socket.socket] = []
        self._lock = threading.Lock()
        self._timer = threading.Timer(max(seconds, 0.0), self._expire)
        self._timer.daemon = True

    def __enter__(self) -> "_Deadline":
        self._timer.start()
        return self

    def __exit__(self, *exc) -> None:
        self._timer.cancel()

    def watch(self, sock: socket.socket) -> None:
        with self._lock:
            self._sockets.append(sock)
            if self.expired:
                _shut(sock)

    def _expire(self) -> None:
        with self._lock:
            self.expired = True
            for sock in self._sockets:
                _shut(sock)


def _shut(sock: socket.socket) -> None:
    try:
        sock.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass


def _watched(base: type, deadline: _Deadline) -> type:
    class Connection(base):
        def connect(self) -> None:
            super().connect()
            deadline.watch(self.sock)
    return Connection


class _HTTPHandler(urllib.request.HTTPHandler):
    def __init__(self, deadline: _Deadline) -> None:
        super().__init__()
        self.deadline = deadline

    def http_open(self, req):
        return self.do_open(_watched(http.client.HTTPConnection, self.deadline), req)


class _HTTPSHandler(urllib.request.HTTPSHandler):
    def __init__(self, deadline: _Deadline) -> None:
        super().__init__()
        self.deadline = deadline

    def https_open(self, req):
        return self.do_open(_watched(http.client.HTTPSConnection, self.deadline), req, context=self._context)


def read_capped(response, max_bytes: int) -> bytes:
    """A response's body, read as it comes; :class:`AnswerTooLarge` past ``max_bytes``."""
    read = getattr(response, "read1", None) or response.read
    body = bytearray()
    while True:
        chunk = read(65536)
        if not chunk:
            return bytes(body)
        body += chunk
        if len(body) > max_bytes:
            raise AnswerTooLarge(f"the answer is over {max_bytes} bytes: not read further")


def http_request(url: str, data: bytes | None, headers: dict[str, str], timeout: float,
                 max_bytes: int = C.MODEL_ANSWER_MAX_BYTES) -> tuple[int, bytes]:
    """One HTTP request with the standard library (no extra dependency): (status, body). Error
    statuses are answers, not exceptions; connection failures raise OSError.

    ``timeout`` bounds the whole request (connecting, the headers, the body), not each socket
    read: a server sending its answer one byte a second raises :class:`DeadlineExceeded` (an
    OSError, so callers retry it like any time-out) when the time is up. The body is read in
    chunks up to ``max_bytes``; a longer one raises :class:`AnswerTooLarge` (a ModelError:
    not retried). Both were red-team attacks of 2026-11-27 on the build's LLM test writer."""
    request = urllib.request.Request(url, data=data, headers=headers, method="POST" if data is not None else "GET")
    with _Deadline(timeout) as deadline:
        opener = urllib.request.build_opener(_HTTPHandler(deadline), _HTTPSHandler(deadline))
        try:
            try:
                response = opener.open(request, timeout=timeout)
                status = response.status
            except urllib.error.HTTPError as exc:
                response, status = exc, exc.code
            with response:
                body = read_capped(response, max_bytes)
        except (OSError, http.client.HTTPException) as exc:
            if deadline.expired:
                raise DeadlineExceeded(f"no whole answer within {timeout:g} s") from None
            if isinstance(exc, OSError):
                raise
            raise ConnectionError(f"{type(exc).__name__}: {exc}") from None
        if deadline.expired:  # the last read ended as the time ran out
            raise DeadlineExceeded(f"no whole answer within {timeout:g} s")
        return status, body


def served_model(url: str, api_key: str | None = None, timeout: float = 30.0) -> str:
    """The first model a server lists at ``/v1/models`` (what vLLM, TGI and llama.cpp serve)."""
    probe = OpenAICompatibleClient(url, "", api_key)
    headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
    try:
        status, body = http_request(probe._url("models"), None, headers, timeout)
        models = json.loads(body).get("data") if status == 200 else None
    except (OSError, ValueError, AttributeError) as exc:
        raise ModelError(f"cannot list the models of {url}: {exc}") from None
    if not models:
        raise ModelError(f"{url} lists no model at /v1/models (HTTP {status}); name one with --model")
    return str(models[0]["id"])


def make_client(model: str | None = None, url: str | None = None, api_key: str | None = None,
                cache: bool = True, cache_path: Path | None = None) -> ModelClient:
    """A client from options, falling back to the environment: ``url`` (or
    ``CROSSFILE_MODEL_URL``) selects the HTTP API with ``model`` as the served model's name
    (default: the first model the server lists); without a URL, ``model`` is a local path or
    Hub id for ``transformers``. A ``model`` that is itself an http(s) URL is taken as ``url``."""
    if model and model.startswith(("http://", "https://")) and not url:
        url, model = model, None
    url = url or os.environ.get(ENV_URL)
    model = model or os.environ.get(ENV_MODEL)
    if url:
        key = api_key or next((os.environ[k] for k in ENV_KEYS if os.environ.get(k)), None)
        client: ModelClient = OpenAICompatibleClient(url, model or served_model(url, key), key)
    elif model:
        client = TransformersClient(model)
    else:
        raise ModelError(f"no model: pass --model-url URL --model NAME (an OpenAI-compatible server) or --model PATH (a local model); or set {ENV_URL}/{ENV_MODEL}")
    return CachedClient(client, cache_path) if cache else client


__all__ = ["AnswerTooLarge", "CachedClient", "DeadlineExceeded", "GenerationParams", "ModelClient", "ModelError", "OpenAICompatibleClient",
           "TransformersClient", "apply_stop", "make_client", "served_model"]
