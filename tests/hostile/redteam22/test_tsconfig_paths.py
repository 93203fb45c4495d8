"""Row 5: a TypeScript repository whose ``tsconfig.json`` maps ``*`` to 10,000 substitutions
(``"paths": {"*": ["s0/*", "s1/*", ...]}``, 110 kB, under the 1 MB read cap) and one file of 300
bare imports (``import { v7 } from 'pkg7';``, 11 kB). ``ModuleResolver.resolve``
(``lang/typescript/resolve.py:60``-``:64``) tries every substitution of the best ``paths``
pattern for every bare specifier, each against up to a dozen file names
(``_file_or_directory``), before giving up: substitutions x imports, both capped only by bytes
(``TSCONFIG_MAX_PATTERNS`` caps ``include``/``exclude``, not ``paths``). It runs in
``analyze_files`` (``lang/typescript/__init__.py:296``), pure Python, after the file's parse: the
repository's time limit is looked at when the next parse or child process starts, so the imports
of one file are resolved to the end whatever the limit."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.hostile.redteam22._tools import script_answer

SCRIPT = Path(__file__).with_name("_time_paths.py")
IMPORTS = 300


def _time(subs: int, work: Path) -> dict:
    return script_answer(SCRIPT, subs, IMPORTS, work)


@pytest.mark.slow
@pytest.mark.xfail(strict=True, raises=AssertionError,
                   reason="red team 2026-11-30b row 5: lang/typescript/resolve.py:61 tries every paths substitution "
                          "for every bare import, no cap on paths")
def test_tsconfig_paths_substitutions_cannot_multiply_the_analysis_time(tmp_path):
    control = _time(1, tmp_path / "control")
    if control["imports"] != IMPORTS or control["seconds"] > 10:
        pytest.fail(f"precondition: the control repository is analysed in seconds: {control}")
    attack = _time(10_000, tmp_path / "attack")
    print(control, attack)
    # a floor of 2 s, not 10: on a quiet machine the attack took 6.65 s (33 s at load 20), so a
    # 10 s floor let the open hole pass (XPASS) wherever the machine was idle (CI, 2026-11-30b)
    assert attack["seconds"] <= max(2.0, 20 * control["seconds"]), \
        f"{attack['tsconfig_bytes']:,} bytes of tsconfig and {attack['source_bytes']:,} of sources: " \
        f"{attack['seconds']} s of analysis (control {control['seconds']} s)"
