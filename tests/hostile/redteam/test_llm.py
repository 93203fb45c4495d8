"""Attacks on the build's LLM test writing (``--llm-url``: testgen.chat_completion) by the model
endpoint: the answer is read on the host, outside any sandbox."""

from __future__ import annotations

import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

pytestmark = pytest.mark.slow


class _Endpoint(BaseHTTPRequestHandler):
    """``/drip/...``: a valid JSON answer, one byte a second, forever (each read of the socket
    succeeds well within any socket time-out). ``/big/<MiB>``: a valid answer whose content is
    <MiB> mebibytes."""

    def log_message(self, *args):  # quiet
        pass

    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        if self.path.startswith("/big/"):
            body = b'{"choices": [{"message": {"content": "' + b"a" * (int(self.path.split("/")[2]) << 20) + b'"}}]}'
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        self.end_headers()
        try:
            self.wfile.write(b'{"choices": [{"message": {"content": "')
            self.wfile.flush()
            while not self.server.stopping:
                self.wfile.write(b"a")
                self.wfile.flush()
                time.sleep(1)
        except OSError:
            pass


@pytest.fixture
def endpoint():
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Endpoint)
    server.stopping = False
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.stopping = True
    server.shutdown()
    server.server_close()


CALL = '''
import json, sys, time, tracemalloc
from crossfile_datasets.builders.executable.testgen import LLMError, chat_completion
tracemalloc.start()  # the call's own peak, whatever the imports' peak was
started = time.monotonic()
try:
    answer = chat_completion(sys.argv[1], "m", [{"role": "user", "content": "write tests"}], timeout=float(sys.argv[2]))
    error, size = "", len(answer)
except LLMError as exc:
    error, size = str(exc)[:200], 0
peak = tracemalloc.get_traced_memory()[1]
print(json.dumps({"seconds": time.monotonic() - started, "error": error, "size": size, "peak_mb": peak / 2**20}))
'''


def test_an_endpoint_dripping_its_answer_does_not_hold_the_build(child, endpoint):
    """Host hang (executable build with ``--llm-url``): ``LLM_TIMEOUT`` is documented as the
    seconds per request, but urllib's ``timeout`` bounds each socket operation: an answer that
    never ends, one byte a second, is never timed out. Here the request's time-out is 3 s; the
    call is still reading after 15 s."""
    done = child(CALL, f"{endpoint}/drip", "3", timeout=15)
    assert not done.timed_out, "chat_completion was still reading after 15 s (time-out 3 s)"
    seen = done.last_json()
    assert seen["seconds"] < 6 and "within 3 s" in seen["error"], seen  # LLMError(reason "timeout"): counted


def test_a_huge_answer_does_not_grow_host_memory(child, endpoint):
    """Host resource (executable build with ``--llm-url``): the answer is read whole, decoded
    and parsed without a size cap; 96 MiB of answer cost the host about twice that at once. (The
    tests in it would then go through the splitter of test_readback.py.)"""
    done = child(CALL, f"{endpoint}/big/96", "60", timeout=120)
    assert not done.timed_out
    seen = done.last_json()
    assert seen["peak_mb"] < 100, f"the call peaked at {seen['peak_mb']:.0f} MB for a 96 MiB answer ({seen})"
    assert "over" in seen["error"] and seen["size"] == 0, seen  # LLMError(reason "answer_too_large"): counted
