"""Receivers typed without running code, thirteenth set: the Python miss of the held-out batch of
2026-11-29f (python-jsonschema/referencing, now a tuning case), written here from scratch:

- a member read on a class-level field of an exception class (``self.resource.contents`` in
  ``__str__``), the field annotated with a project generic class (``resource: Resource[Any]``,
  no value, under ``from __future__ import annotations`` with the import under
  ``TYPE_CHECKING``). Two paths were closed: the field's value ``X()`` was only given for the
  annotations ``X``/``Optional[X]``/``X | None``, not for ``X[A]``; and astroid gives ``self``
  of an ``Exception`` subclass as an ``ExceptionInstance``, which the resolution refused as a
  receiver, so the field's annotation was never read;
- a field annotated ``ClassVar[X]``/``Annotated[X, ...]`` is an ``X`` too; ``list[X]``,
  ``dict[str, X]`` and ``type[X]`` are not an ``X`` (no use of ``X``'s members on them).

Checked with the real Pylint and our plugins.
"""

from __future__ import annotations

import pytest

from tests.python.helpers import usages_of

pytestmark = pytest.mark.pylint

FIXTURE = {
    "refs/__init__.py": "",
    "refs/core.py": (
        "from typing import Generic, TypeVar\n"
        "D = TypeVar('D')\n"
        "class Resource(Generic[D]):\n"
        "    def __init__(self, contents: D) -> None:\n"
        "        self.contents = contents\n"
        "    def anchor(self, name: str) -> str:\n"
        "        return name\n"
        "class Registry:\n"
        "    def lookup(self, uri: str) -> str:\n"
        "        return uri\n"
    ),
    "refs/errors.py": (
        "from __future__ import annotations\n"
        "from dataclasses import dataclass\n"
        "from typing import TYPE_CHECKING, Annotated, Any, ClassVar\n"
        "if TYPE_CHECKING:\n"
        "    from refs.core import Registry, Resource\n"
        "@dataclass\n"
        "class Unresolvable(Exception):\n"
        "    ref: str\n"
        "@dataclass\n"
        "class PointerToNowhere(Unresolvable):\n"
        "    resource: Resource[Any]\n"
        "    registry: Annotated[Registry, 'the registry']\n"
        "    def __str__(self) -> str:\n"
        "        return f'{self.ref} in {self.resource.contents}'\n"  # line 14
        "    def where(self) -> str:\n"
        "        return self.registry.lookup(self.ref)\n"  # line 16
        "class Holder:\n"
        "    default: ClassVar[Registry]\n"
        "    many: list[Resource[Any]]\n"
        "    kind: type[Resource[Any]]\n"
        "    def find(self, uri: str) -> str:\n"
        "        return self.default.lookup(uri)\n"  # line 22
        "    def first(self) -> Any:\n"
        "        return self.many.contents\n"  # line 24: a list has no `contents`
    ),
}

EXPECTED = {
    ("refs/errors.py", 14, "contents"): "refs/core.py",
    ("refs/errors.py", 16, "lookup"): "refs/core.py",
    ("refs/errors.py", 22, "lookup"): "refs/core.py",
}


@pytest.fixture(scope="module")
def found(tmp_path_factory):
    usages, report, _ = usages_of(tmp_path_factory.mktemp("shapes13") / "repo", FIXTURE)
    assert not [k for k in report.counts if k.startswith("files/checker")], dict(report.counts)
    return {(u.file, u.line, u.member): u for u in usages if u.file == "refs/errors.py" and u.member}


@pytest.mark.slow
def test_generic_field_annotations_and_exception_receivers(found):
    assert {key: u.definition_file for key, u in found.items()} == EXPECTED
    assert found[("refs/errors.py", 14, "contents")].definition_symbol == "Resource.contents"
