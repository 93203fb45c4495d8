"""The completion build's ``--model-filter URL`` on the host: the URL is kept whole in the build's
settings (``ModelFilterSettings.fingerprint`` -> ``stats.json`` ``settings.model_filter`` and
``model_filter`` -> every card's "Build settings" table, the output folder's card and the Hub
card). Gateways and hosted endpoints put the caller's key or a private deployment's name in the
URL's path (``https://gateway.example/v1/<account>/<key>/openai``, a tunnel's secret path); the
user-info form ``https://user:key@host`` does not reach the server through urllib at all.
Red team 10 row 3 closed the same leak for manifest URLs (``public_url``), not for this one."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from tests.hostile.redteam11._git import commit_all

SECRET = "sk-live-4f1c9e2b7a"

FILES = {
    "shop/__init__.py": "",
    "shop/models.py": "class Item:\n    def __init__(self, price, count):\n        self.price = price\n"
                      "        self.count = count\n\n    def total(self):\n        return self.price * self.count\n",
    "shop/cart.py": "from shop.models import Item\n\n\n" + "".join(f"# note {i}\n" for i in range(12))
                    + "def cart_total(rows):\n    items = [Item(p, c) for p, c in rows]\n"
                      "    return sum(item.total() for item in items)\n",
}

BUILD = """
import json, sys
from typer.testing import CliRunner
from crossfile_datasets.builders.cli import app
result = CliRunner().invoke(app, ["--lang", "python", "--repos", sys.argv[1], "--output", sys.argv[2],
                                  "--workers", "1", "--retrievers", "", "--model-filter", sys.argv[3]])
print(json.dumps({"exit": result.exit_code, "output": result.output[-3000:]}))
"""


class _Endpoint(BaseHTTPRequestHandler):
    """An OpenAI-compatible endpoint whose path carries the caller's key; it completes nothing."""

    def _answer(self, payload: dict) -> None:
        ok = self.path.startswith(f"/gateway/{SECRET}/v1/")
        body = json.dumps(payload if ok else {"error": "unknown key"}).encode()
        self.send_response(200 if ok else 401)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):  # noqa: N802 - http.server's name
        self._answer({"object": "list", "data": [{"id": "tiny-coder", "object": "model"}]})

    def do_POST(self):  # noqa: N802
        request = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        prompts = request.get("prompt") or [""]
        n = int(request.get("n") or 1)
        self._answer({"choices": [{"index": i, "text": "pass"} for i in range(len(prompts) * n)]})

    def log_message(self, *args):
        pass


@pytest.mark.slow
def test_a_model_endpoints_secret_path_is_not_published(tmp_path, child):
    """Exposure of a host secret (published). The real command line, a real endpoint on the
    loopback answering only under ``/gateway/<key>/v1``: the build runs the filter and writes
    the key into ``stats.json`` and the cards (the Hub push uploads them). Safe behaviour: the
    card names the served model and the endpoint's host at most (``public_url``-style: no
    user-info, no path, no query), never the key."""
    root = tmp_path / "shop"
    for rel, text in FILES.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    commit_all(root)
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Endpoint)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/gateway/{SECRET}/v1"
        built = child(BUILD, str(root), str(tmp_path / "out"), url, timeout=300,
                      env={"CROSSFILE_CACHE": str(tmp_path / "cache")})
    finally:
        server.shutdown()
        server.server_close()
    if built.timed_out or built.returncode != 0:
        pytest.fail(f"the build did not run: {built.stderr[-2000:]}")
    result = built.last_json()
    if result["exit"] != 0:
        pytest.fail(f"the build failed: {result['output']}")
    published = {str(p.relative_to(tmp_path / "out")): p.read_text(encoding="utf-8", errors="replace")
                 for p in (tmp_path / "out").rglob("*") if p.is_file() and p.suffix in (".md", ".json", ".jsonl")}
    if not any("tiny-coder" in text for text in published.values()):
        pytest.fail("the model filter did not run (its model is named nowhere)")
    leaks = sorted(name for name, text in published.items() if SECRET in text)
    assert not leaks, leaks
