"""Text of a model endpoint reaching the dataset card's markdown: the served model's name."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

# what the endpoint answers at /v1/models: a name that closes the card's code span, shows an
# image fetched from any server (a tracking pixel, a fake badge), and opens a code span again
SERVED = "starcoder` ![model card verified](https://tracker.example/p.png) `"


class _Models(BaseHTTPRequestHandler):
    def do_GET(self):  # noqa: N802 - http.server's name
        body = json.dumps({"object": "list", "data": [{"id": SERVED, "object": "model"}]}).encode()
        self.send_response(200 if self.path.rstrip("/").endswith("/v1/models") else 404)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def test_the_model_endpoint_cannot_put_markdown_into_the_card():
    """Card injection (completion build with ``--model-filter URL`` and no ``--model``: the name is
    the first one the endpoint lists; ``stats.json``'s ``model_filter`` -> ``language_section`` ->
    every split's card, the output folder's card and the Hub card). Red team 1 treats the endpoint
    as untrusted (rows 16 and 17: a dripping or huge answer); red team 2's row 5 closed the same
    injection for repository URLs and cells (``cell``), not for this line. The real CLI helper asks
    the endpoint (a local server here); rendered with CommonMark, the card shows the image."""
    markdown_it = pytest.importorskip("markdown_it")
    from crossfile_datasets.builders import card as cards
    from crossfile_datasets.builders.cli import _model_filter_settings

    server = ThreadingHTTPServer(("127.0.0.1", 0), _Models)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        settings = _model_filter_settings(f"http://127.0.0.1:{server.server_address[1]}", None)
    finally:
        server.shutdown()
        server.server_close()
    if settings is None or settings.served_name != SERVED:
        pytest.fail(f"the endpoint's name was not taken: {settings}")

    class Stats(dict):
        def __missing__(self, key):  # the statistics this test does not look at
            return 0

    section = cards.language_section("python", Stats({"model_filter": settings.fingerprint()}))
    if "starcoder" not in section:
        pytest.fail("the model filter's line is not in the card")
    # the build settings' table quotes the same name (``model_filter`` in ``stats.json``'s
    # ``settings``, JSON inside a code span): checked too, as a table
    table = "\n".join(cards._settings_rows({"completion": {"model_filter": settings.fingerprint()}}))
    for text in (section, table):
        html = markdown_it.MarkdownIt("commonmark").enable("table").render(text)
        images = [tag.split(">", 1)[0] for tag in html.split("<img")[1:]]
        assert not [tag for tag in images if "tracker.example" in tag], \
            [line for line in text.splitlines() if "tracker" in line]
        # the name is still shown, literally, in one code span
        assert SERVED in html.replace("&quot;", '"'), html
