"""The model clients' one HTTP reader (harness/models.http_request) bounds the whole request
in time and the answer in bytes (red team 2026-11-27, tests/hostile/redteam/test_llm.py: an
endpoint dripping its answer one byte a second, or answering 96 MiB, held the build). The build's
test writer (builders/executable/testgen.chat_completion) reads through it too."""

from __future__ import annotations

import io
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from crossfile_datasets.builders.executable.testgen import LLMError, chat_completion
from crossfile_datasets.harness.models import (
    AnswerTooLarge,
    DeadlineExceeded,
    ModelError,
    OpenAICompatibleClient,
    http_request,
    read_capped,
)

ANSWER = b'{"choices": [{"message": {"content": "def test_x():\\n    assert True\\n"}}]}'


class _Server(BaseHTTPRequestHandler):
    """``/drip``: a valid start, then a byte a second; ``/slowhead``: the status line, then a
    header a byte a second; ``/chunked``: the answer in small chunks; else the answer at once."""

    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        try:
            if self.path.startswith("/slowhead"):
                self.wfile.write(b"HTTP/1.1 200 OK\r\nX-Slow: ")
                while not self.server.stopping:
                    self.wfile.write(b"a")
                    self.wfile.flush()
                    time.sleep(0.2)
                return
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            if self.path.startswith("/drip"):
                self.send_header("Connection", "close")
                self.end_headers()
                self.wfile.write(b'{"choices": [')
                while not self.server.stopping:
                    self.wfile.write(b" ")
                    self.wfile.flush()
                    time.sleep(0.2)
            elif self.path.startswith("/chunked"):
                self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()
                for i in range(0, len(ANSWER), 7):
                    part = ANSWER[i:i + 7]
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(part), part))
                self.wfile.write(b"0\r\n\r\n")
            else:
                self.send_header("Content-Length", str(len(ANSWER)))
                self.end_headers()
                self.wfile.write(ANSWER)
        except OSError:
            pass


@pytest.fixture
def server():
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Server)
    httpd.stopping = False
    httpd.daemon_threads = True
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.stopping = True
    httpd.shutdown()
    httpd.server_close()


def test_read_capped_stops_past_the_cap():
    assert read_capped(io.BytesIO(b"x" * 100), 100) == b"x" * 100
    with pytest.raises(AnswerTooLarge):
        read_capped(io.BytesIO(b"x" * 101), 100)


@pytest.mark.parametrize("path", ["/drip", "/slowhead"])
def test_the_time_out_bounds_the_whole_request(server, path):
    started = time.monotonic()
    with pytest.raises(DeadlineExceeded):
        http_request(server + path, b"{}", {}, 1.5)
    assert time.monotonic() - started < 4


def test_an_answer_over_the_cap_is_refused_and_a_whole_one_read(server):
    with pytest.raises(AnswerTooLarge):
        http_request(server + "/plain", b"{}", {}, 10, max_bytes=len(ANSWER) - 1)
    assert http_request(server + "/plain", b"{}", {}, 10, max_bytes=len(ANSWER)) == (200, ANSWER)
    assert http_request(server + "/chunked", b"{}", {}, 10) == (200, ANSWER)


def test_the_test_writer_names_why(server):
    with pytest.raises(LLMError) as timed_out:
        chat_completion(server + "/drip", "m", [], timeout=1.5)
    assert timed_out.value.reason == "timeout"
    with pytest.raises(LLMError) as too_large:
        chat_completion(server + "/plain", "m", [], max_bytes=10)
    assert too_large.value.reason == "answer_too_large"
    assert chat_completion(server + "/chunked", "m", []).startswith("def test_x")


def test_the_evaluation_client_gives_up_on_a_dripping_endpoint(server):
    client = OpenAICompatibleClient(server + "/drip", "m", timeout=1.0, max_retries=1, sleep=lambda s: None)
    started = time.monotonic()
    with pytest.raises(ModelError, match="within 1 s"):
        client._post("chat/completions", {})
    assert time.monotonic() - started < 5
