"""Row 3: a Python repository of N one-line modules, module ``k`` re-exporting module ``k-1``
(``from pkg.m<k-1> import *``) and defining one name: about 40 bytes per module. The Python
language's ``analyze_files`` (``lang/python/__init__.py:293``-``:301``, every Python build's
first stage, before any checker or cap) resolves every wildcard import to the names it binds
(``lang/python/exports.py`` ``ExportResolver.exports``: cached per module, so module ``k``
keeps the ``k`` names of the chain below it) and expands each into one ``ImportBinding`` per
name (``expand_wildcard``): N²/2 names and objects from N lines. ``MAX_DEPTH`` (12) bounds the
recursion, not the chain: modules are visited in path order, so each finds its predecessor's
names already cached, at any depth. Nothing counts or caps it; the repository's time limit
(two hours) is the only bound, and the builder's process has no memory limit."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.hostile.redteam22._tools import script_answer

SCRIPT = Path(__file__).with_name("_peak_wildcards.py")
N = 1500


def _measure(shape: str) -> dict:
    return script_answer(SCRIPT, N, shape)


@pytest.mark.slow
@pytest.mark.xfail(strict=True, raises=AssertionError,
                   reason="red team 2026-11-30b row 3: lang/python/exports.py ExportResolver.exports keeps every "
                          "name of a re-export chain per module; lang/python/__init__.py:301 expands them all")
def test_a_chain_of_wildcard_reexports_cannot_take_the_builders_memory():
    plain = _measure("plain")
    if plain["files"] != N + 1 or plain["wildcard_names"] != 0 or plain["grown_mb"] > 64:
        pytest.fail(f"precondition: the control's modules are parsed, cheaply: {plain}")
    star = _measure("star")
    print(plain, star)
    if star["files"] != N + 1 or star["bytes"] > plain["bytes"] * 1.5:
        pytest.fail(f"precondition: the attack is the same repository, a few bytes a module more: {star}")
    assert star["grown_mb"] <= plain["grown_mb"] + 64, \
        f"{star['bytes']:,} bytes of modules took +{star['grown_mb']} MB and {star['seconds']} s " \
        f"({star['wildcard_names']:,} wildcard names; control +{plain['grown_mb']} MB, {plain['seconds']} s)"
