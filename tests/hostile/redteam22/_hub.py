"""A Hub endpoint that answers like the stand-in (``tests/hub/standin.py``) except where a test
makes it lie: the repository's ``sha`` in ``GET /api/datasets/<repo>``, and the ``ETag``,
``X-Repo-Commit`` and size of the README it serves. What ``HF_ENDPOINT`` names (a mirror, an
enterprise Hub, a proxy on the way) decides every one of these. Pushes run in a fresh process
(``python -m tests.hub.client push``: ``huggingface_hub`` reads ``HF_ENDPOINT`` at import)."""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
import threading
import time
from http.server import ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urlsplit

from tests.conftest import ROOT
from tests.hub.standin import HubStandIn, _Handler

TOKENS = {"hf_writer": {"name": "alice", "orgs": ["acme"], "role": "write"}}
REPO = "acme/data"
CARD = "---\nlicense: mit\n---\n# data\n\nThe team's notes.\n"
CHUNK = 1 << 20


def disk_bytes(folder: Path) -> int:
    """Bytes of the regular files under ``folder`` (what a download wrote so far)."""
    total = 0
    for dirpath, _, names in os.walk(folder):
        for name in names:
            try:
                total += os.lstat(os.path.join(dirpath, name)).st_size
            except OSError:
                pass
    return total


class _Lying(_Handler):
    def _info(self, repo_id: str) -> dict:
        info = super()._info(repo_id)
        if self.hub.sha is not None:
            info["sha"] = self.hub.sha
        return info

    def _readme(self, repo: str, rev: str) -> None:
        content = self.hub.read(repo, "README.md")
        size = self.hub.readme_size or len(content)
        headers = {"X-Repo-Commit": self.hub.commit_header or self.hub.repos[repo]["sha"],
                   "ETag": f'"{self.hub.etag or hashlib.sha1(content).hexdigest()}"', "Accept-Ranges": "bytes",
                   "Content-Type": "application/octet-stream", "Content-Length": str(size)}
        self.send_response(200)
        for key, value in headers.items():
            self.send_header(key, value)
        self.end_headers()
        if self.command == "HEAD":
            return
        body = content + b"\n" * (size - len(content))  # a card, then blank lines up to the size told
        for start in range(0, size, CHUNK):
            if start + CHUNK >= size and self.hub.measure is not None:  # the last chunk: what has the pusher written?
                time.sleep(1.0)
                self.hub.written = disk_bytes(self.hub.measure)
            try:
                self.wfile.write(body[start:start + CHUNK])
            except OSError:
                return
            self.hub.sent += len(body[start:start + CHUNK])

    def _route(self) -> None:
        path = unquote(urlsplit(self.path).path)
        # any revision, slashes included (the stand-in's own route takes one path segment)
        found = re.fullmatch(r"/datasets/(?P<repo>[^/]+/[^/]+?)/resolve/(?P<rev>.+)/README\.md", path)
        if found and self.command in ("HEAD", "GET"):
            with self.hub.lock:
                self.hub.requests.append((self.command, path))
            return self._readme(found["repo"], found["rev"])
        return super()._route()


class LyingHub(HubStandIn):
    """The stand-in with knobs: ``sha`` (the repository's revision in its info), ``etag`` and
    ``commit_header`` (the README's ``ETag`` and ``X-Repo-Commit``), ``readme_size`` (the README
    padded with blank lines to that many bytes) and ``measure`` (a folder whose bytes are
    measured, into ``written``, just before the README's last chunk is sent)."""

    def __init__(self, root: Path) -> None:  # HubStandIn.__init__, with the lying handler
        self.root = Path(root)
        self.tokens = TOKENS
        self.lock = threading.Lock()
        self.requests: list[tuple[str, str]] = []
        self.repos: dict[str, dict] = {}
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), type("Handler", (_Lying,), {"hub": self}))
        self.endpoint = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.sha: str | None = None
        self.etag: str | None = None
        self.commit_header: str | None = None
        self.readme_size = 0
        self.measure: Path | None = None
        self.written = -1
        self.sent = 0

    def seed(self, card: str = CARD) -> None:
        """``REPO`` with a README (the dataset someone already pushed)."""
        self.repos[REPO] = {"sha": hashlib.sha1(REPO.encode()).hexdigest(), "files": {}, "commits": 0, "private": False}
        folder = self.repo_dir(REPO)
        folder.mkdir(parents=True)
        (folder / "README.md").write_text(card)
        self.repos[REPO]["files"]["README.md"] = {"size": len(card.encode()), "lfs": None}


def push(hub: LyingHub, output: Path, scratch: Path) -> dict:
    """``push_to_hub(output, REPO, ["python"])`` in a fresh process against ``hub``: the client's
    JSON answer, or ``{"crash": <the end of its stderr>}`` when it ended with a traceback. Its
    temporary folders (the push's work folder) are under ``scratch/tmp``."""
    (scratch / "tmp").mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "HF_ENDPOINT": hub.endpoint, "HF_TOKEN": "hf_writer", "HF_HOME": str(scratch / "hf_home"),
           "HF_DATASETS_CACHE": str(scratch / "datasets_cache"), "HF_HUB_DISABLE_TELEMETRY": "1",
           "HF_HUB_DISABLE_XET": "1", "PYTHONPATH": str(ROOT), "TMPDIR": str(scratch / "tmp")}
    res = subprocess.run([sys.executable, "-m", "tests.hub.client", "push", str(output), REPO, "python"],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    if res.stdout.strip():
        return json.loads(res.stdout.strip().splitlines()[-1])
    return {"crash": res.stderr[-800:]}


def traversal(target: Path) -> str:
    """A relative path that reaches the absolute ``target`` from any folder (``..`` stops at /)."""
    return "../" * 40 + str(target).lstrip("/")


def build_output(root: Path) -> Path:
    """A real completion build (Pylint) of the clean Python fixture repository: ``<out>/python``."""
    from crossfile_datasets.builders.completion.pipeline import build_language
    from crossfile_datasets.builders.completion.shards import BuildSettings
    from crossfile_datasets.builders.repos import RepoSpec, resolve_all
    from crossfile_datasets.lang import Lang
    from tests.badinput.corpus import write_clean

    repo = write_clean(root / "repos" / "shop_python", Lang.PYTHON)
    stats = build_language(Lang.PYTHON, resolve_all([RepoSpec(path=str(repo))]),
                           BuildSettings(output=root / "out", retrievers=("bm25",), use_cache=False))
    assert stats["examples"] > 0, stats
    return root / "out"
