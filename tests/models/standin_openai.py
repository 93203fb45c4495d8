"""A local stand-in of an OpenAI-compatible inference server (vLLM, TGI, llama.cpp speak it).

It answers ``/v1/completions``, ``/v1/chat/completions`` and ``/v1/models`` on 127.0.0.1 from a
script (a function of the prompt or the conversation), records every request, and can fail the
first requests with a chosen status to exercise retries. The tests run the real client code
(the standard library's HTTP client over a real socket) against it; no network beyond loopback.
"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Callable


class OpenAIStandIn:
    def __init__(self, complete: Callable[[str], str], chat: Callable[[list], str] | None = None,
                 model: str = "tiny-coder", fail_first: int = 0, fail_status: int = 503) -> None:
        self.complete = complete
        self.chat = chat or (lambda messages: "")
        self.model = model
        self.fail_first = fail_first
        self.fail_status = fail_status
        self.requests: list[tuple[str, dict]] = []
        self._lock = threading.Lock()
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def __enter__(self) -> "OpenAIStandIn":
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.server.server_close()

    def _handler(self):
        standin = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):  # keep test output clean
                pass

            def _send(self, status: int, body: dict) -> None:
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self):
                if self.path.rstrip("/") == "/v1/models":
                    self._send(200, {"object": "list", "data": [{"id": standin.model, "object": "model"}]})
                else:
                    self._send(404, {"error": "not found"})

            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
                with standin._lock:
                    standin.requests.append((self.path, body))
                    failing = standin.fail_first > 0
                    if failing:
                        standin.fail_first -= 1
                if failing:
                    self._send(standin.fail_status, {"error": "try again"})
                    return
                if body.get("model") != standin.model:
                    self._send(404, {"error": f"model {body.get('model')!r} is not served"})
                    return
                n = int(body.get("n", 1))
                if self.path == "/v1/completions":
                    prompts = body["prompt"] if isinstance(body["prompt"], list) else [body["prompt"]]
                    choices = [{"index": i * n + j, "text": standin.complete(p), "finish_reason": "length"}
                               for i, p in enumerate(prompts) for j in range(n)]
                    self._send(200, {"object": "text_completion", "model": standin.model, "choices": choices})
                elif self.path == "/v1/chat/completions":
                    answer = standin.chat(body["messages"])
                    choices = [{"index": j, "message": {"role": "assistant", "content": answer}} for j in range(n)]
                    self._send(200, {"object": "chat.completion", "model": standin.model, "choices": choices})
                else:
                    self._send(404, {"error": "not found"})

        return Handler
