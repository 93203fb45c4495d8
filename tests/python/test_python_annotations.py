"""Members reached through parameters typed only by an annotation (issue 14, Python recall).

Pylint ignores annotations; our plugin (analyzers/pylint_plugins/crossfile_annotations.py)
infers an annotated parameter as an instance of its class, so emptying the imported class
proves the member use by the same diff as any other. The fixture is written for this test.
"""

from __future__ import annotations

import pytest

from tests.python.helpers import usages_of

pytestmark = pytest.mark.pylint

FIXTURE = {
    "kitchen/__init__.py": "",
    "kitchen/oven.py": (
        "class Oven:\n"
        "    def __init__(self):\n"
        "        self.temperature = 180\n"
        "    def bake(self, dish):\n"
        "        return dish\n"
        "class Grill:\n"
        "    def sear(self):\n"
        "        return 1\n"
    ),
    "kitchen/cook.py": (
        "from typing import TYPE_CHECKING, Optional\n"
        "from kitchen.oven import Oven\n"
        "if TYPE_CHECKING:\n"
        "    from kitchen.oven import Grill\n"
        "def plain(oven: Oven):\n"
        "    return oven.bake('bread')\n"                    # line 6: member via annotation
        "def quoted(grill: 'Grill'):\n"
        "    return grill.sear()\n"                          # line 8: string annotation, TYPE_CHECKING import
        "def optional(oven: Optional[Oven] = None):\n"
        "    return oven.temperature\n"                      # line 10: Optional[...], instance field
        "def pipe(oven: Oven | None):\n"
        "    return oven.bake(1)\n"                          # line 12: X | None
        "def either(thing: Oven | Grill):\n"
        "    return thing.bake(2)\n"                         # line 14: a union of classes: its first (2026-11-27g)
        "def number(count: int):\n"
        "    return count.bit_length()\n"                    # line 16: not a project class
    ),
}


@pytest.fixture(scope="module")
def usages(tmp_path_factory):
    return usages_of(tmp_path_factory.mktemp("r") / "kitchen_repo", FIXTURE)[0]


@pytest.mark.slow
def test_members_through_annotated_parameters(usages):
    members = {(u.line, u.imported_name, u.member, u.definition_file, u.definition_symbol) for u in usages if u.member}
    assert members == {
        (6, "Oven", "bake", "kitchen/oven.py", "Oven.bake"),
        (8, "Grill", "sear", "kitchen/oven.py", "Grill.sear"),
        (10, "Oven", "temperature", "kitchen/oven.py", "Oven.temperature"),
        (12, "Oven", "bake", "kitchen/oven.py", "Oven.bake"),
        # a parameter annotated with a union of classes is an instance of the first (as a tuple
        # of isinstance is, and as the labels attribute a union's member): proven by the diff
        (14, "Oven", "bake", "kitchen/oven.py", "Oven.bake"),
    }


def test_second_round_recovers_members_masked_behind_a_found_member(tmp_path):
    """`app.renderer.NAME`: round 1 (App emptied) reports only `renderer`; round 2 restores App
    in this file (other stubs kept), so `NAME` on the emptied Renderer shows."""
    files = {
        "kit/__init__.py": "",
        "kit/core.py": "class Renderer:\n    NAME = 'html'\n    def register(self, name):\n        return name\n",
        "kit/app.py": "from kit.core import Renderer\nclass App:\n    def __init__(self):\n        self.renderer = Renderer()\n",
        "kit/hooks.py": (
            "from typing import Optional\n"
            "from kit.app import App\n"
            "from kit.core import Renderer\n"
            "def hook(app: App, fallback: Optional[Renderer] = None):\n"
            "    if app.renderer.NAME == 'html':\n"                # line 5: renderer (round 1), NAME (round 2)
            "        app.renderer.register('toc')\n"              # line 6
            "    return fallback\n"
        ),
    }
    usages, _, _ = usages_of(tmp_path / "kit_repo", files)
    got = {(u.line, u.member, u.definition_symbol, u.round) for u in usages if u.file == "kit/hooks.py" and u.member}
    assert got == {
        (5, "renderer", "App.renderer", 1), (6, "renderer", "App.renderer", 1),
        (5, "NAME", "Renderer.NAME", 2), (6, "register", "Renderer.register", 2),
    }
