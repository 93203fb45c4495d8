"""Fixture repositories for the executable-split tests (written here, tiny, realistic)."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from crossfile_datasets.core.records import Repository
from tests.conftest import write_tree

CALC = {
    "pkg/__init__.py": "",
    "pkg/util.py": '''"""Utilities shared by the calculators."""

RATE = 3


def helper(x: int) -> int:
    """Double the value and add the module rate."""
    y = x * 2
    return y + RATE


def scale(x, factor=2):
    """Scale a number by the factor given."""
    result = x * factor
    return result


class Base:
    """Base class with a shared offset method."""

    def offset(self, x):
        """Add one to the value given."""
        y = x
        return y + 1
''',
    "pkg/core.py": '''"""Core computations."""
from typing import List

from . import util as u
from .util import RATE, Base, helper
import pkg.util

LIMIT = 10
UNUSED = 5


def _local(x):
    """Clamp the value to the module limit."""
    y = min(x, LIMIT)
    return y


def compute(values: List[int]) -> int:
    """Sum the helper of every value, clamped, then scale the total."""
    total = 0
    for v in values:
        total += _local(helper(v))
    return u.scale(total) + len(values) + pkg.util.RATE


def short_doc(x):
    """Compute."""
    y = x
    return y


def no_return(x):
    """This function prints and returns nothing."""
    y = x
    print(y)


def trivial(x):
    """Return the value plus one."""
    return x + 1


def placeholder(x):
    """Return the value, some day later."""
    raise NotImplementedError("later")


def main():
    """Run the command line program now."""
    y = 1
    return y


def gen(x):
    """Yield the values one by one."""
    y = x
    yield y


async def fetch(x):
    """Fetch the value from somewhere far."""
    y = x
    return y


class Calc(Base):
    """A calculator with a factor."""

    unit = "m"

    def __init__(self, factor: int) -> None:
        self.factor = factor

    def _scale(self, x):
        """Multiply by the factor of this calculator."""
        y = x * self.factor
        return y

    def total(self, xs):
        """Scaled total of the values with an offset.

        Every value is scaled first.
        """
        s = sum(self._scale(x) for x in xs)
        return self.offset(s) + self.factor

    @property
    def name(self):
        """The name of the calculator unit."""
        y = self.unit
        return y
''',
    "tests/test_core.py": '''from pkg.core import compute


def test_compute():
    assert compute([1]) > 0
''',
}

MINI = {
    "pkg/__init__.py": "",
    "pkg/shapes.py": '''"""Points and numbers."""


class Point:
    """A point in the plane."""

    def __init__(self, x, y):
        self.x, self.y = x, y

    def __eq__(self, other):
        return isinstance(other, Point) and (self.x, self.y) == (other.x, other.y)

    def __repr__(self):
        return f"Point({self.x}, {self.y})"


def double(n):
    """Double the number given as input."""
    result = n * 2
    return result


def midpoint(a, b):
    """Return the point halfway between two points."""
    x = (a.x + b.x) / 2
    return Point(x, (a.y + b.y) / 2)


def letters(text):
    """Return the distinct letters of a text as a list."""
    seen = set(text)
    return list(seen)


def classify(n):
    """Classify a number by sign and size for the reports."""
    if n < 0:
        kind = "negative"
        kind = kind + "!"
    elif n == 0:
        kind = "zero"
        kind = kind + "."
    elif n < 10:
        kind = "small"
    elif n < 100:
        kind = "medium"
        kind = kind + "+"
    elif n < 1000:
        kind = "large"
        kind = kind + "++"
    else:
        kind = "huge"
        kind = kind + "+++"
    label = kind.upper()
    return label
''',
    "tests/test_shapes.py": '''from pkg.shapes import Point, classify, double, letters, midpoint


def test_double():
    assert double(2) == 4


def test_double_wrong():
    assert double(3) == 7


def test_midpoint_wrong():
    assert midpoint(Point(0, 0), Point(2, 2)) == Point(9, 9)


def test_letters():
    # set order of 8 letters depends on the hash seed: ~1/40000 chance that two runs agree
    assert letters("abcdefgh") == list("abcdefgh")


def test_classify_small():
    assert classify(5) == "SMALL"


def test_double_error():
    double(None)
''',
}


def make_repo(root: Path, files: dict[str, str], name: str) -> Repository:
    write_tree(root, files)
    return Repository(name, root, f"file://{root}", "", "MIT")


@pytest.fixture
def calc_repo(tmp_path) -> Repository:
    return make_repo(tmp_path / "calc", CALC, "calc")


@pytest.fixture
def mini_repo(tmp_path) -> Repository:
    return make_repo(tmp_path / "mini", MINI, "mini")


@pytest.fixture(autouse=True)
def _private_cache(tmp_path_factory, monkeypatch):
    """Virtual environments made by the tests go to a session folder, not the user's cache."""
    monkeypatch.setenv("CROSSFILE_CACHE", str(tmp_path_factory.getbasetemp() / "crossfile-cache"))


# ------------------------------------------------------------------ LLM stand-in server --
class _StandIn(BaseHTTPRequestHandler):
    """A local stand-in for an OpenAI-compatible server: records requests, returns a canned answer."""

    requests: list = []
    answer = ""
    status = 200

    def do_POST(self):  # noqa: N802 (http.server API)
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        type(self).requests.append({"path": self.path, "body": body, "auth": self.headers.get("Authorization")})
        payload = json.dumps({"choices": [{"message": {"role": "assistant", "content": type(self).answer}}]}).encode()
        self.send_response(type(self).status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, *args):
        pass


@pytest.fixture
def llm_server():
    _StandIn.requests, _StandIn.status = [], 200
    server = ThreadingHTTPServer(("127.0.0.1", 0), _StandIn)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/v1", _StandIn
    server.shutdown()
    server.server_close()
