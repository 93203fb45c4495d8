"""A repository's ``pyproject.toml`` on the host: the listing of Python sources reads it for the
packaging configuration's folders (``lang/sources.py`` ``packaging_dirs``, b4cc330) with
``tomllib.loads``, which is recursive in Python: an array nested 3,000 deep (6 kB, valid TOML
up to the nesting) raises ``RecursionError``; only ``TOMLDecodeError`` and ``ValueError`` are
caught. The executable, class and instruct splits compute every repository's shard key
(``builders/split.py`` ``keyed_by_content`` -> ``list_sources``) before any build, outside the
per-repository guard (red team 10 row 4's place, reached by another input)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.hostile.redteam11._git import commit_all

DEPTH = 3_000

WORDS = '''"""Small word helpers."""


def shout(text: str) -> str:
    """Return the text in capitals with an exclamation mark.

    The text is stripped of surrounding blanks first.
    """
    return text.strip().upper() + "!"


def whisper(text: str) -> str:
    """Return the text in lower case between dots.

    The text is stripped of surrounding blanks first.
    """
    return "..." + text.strip().lower() + "..."
'''

BUILD = """
import json, sys
from typer.testing import CliRunner
from crossfile_datasets.builders.cli import app
argv = ["--lang", "python", "--split", "instruct", "--output", sys.argv[1], "--workers", "1"]
for repo in sys.argv[2:]:
    argv += ["--repos", repo]
result = CliRunner().invoke(app, argv)
error = repr(result.exception)[:300] if result.exception and not isinstance(result.exception, SystemExit) else ""
print(json.dumps({"exit": result.exit_code, "error": error, "output": result.output[-2000:]}))
"""


def _repository(root: Path, name: str, pyproject: str | None) -> Path:
    (root / name).mkdir(parents=True)
    (root / name / "__init__.py").write_text("")
    (root / name / "words.py").write_text(WORDS)
    if pyproject is not None:
        (root / "pyproject.toml").write_text(pyproject)
    commit_all(root)
    return root


@pytest.mark.slow
def test_a_deeply_nested_pyproject_does_not_stop_the_other_repositories(tmp_path, child):
    """Data loss (every repository of the build). ``--split instruct`` (runs nothing, needs no
    ``--allow-execution``) of two repositories: ``honest`` alone builds; with ``hostile``
    beside it (its ``pyproject.toml`` is ``x = [[[...]]]`` 3,000 deep) the command ends with
    ``RecursionError`` before the first repository is built, no shard and no stats written.
    The same for ``--split executable`` and ``--split class``; in the completion split (whose
    key is ``tree_hash``) the listing runs inside the guard and the whole repository is
    ``repositories/failed`` for its configuration file. Safe behaviour: the file is refused
    (counted, as an unreadable configuration) and the others build.

    Passes since 160c569 (red team 10 row 4: each repository's key is computed inside the
    guard), which landed the same session this attack was found: the others build. Since row 8's
    leftovers were fixed (one guarded TOML reader, ``core/tomlfile.py``) the hostile repository
    builds too, its configuration file counted as ``files/toml_unreadable``."""
    honest = _repository(tmp_path / "honest", "cheer", None)
    alone = child(BUILD, str(tmp_path / "out-alone"), str(honest), timeout=300,
                  env={"CROSSFILE_CACHE": str(tmp_path / "cache")})
    if alone.timed_out or alone.returncode != 0:
        pytest.fail(f"the control build did not run: {alone.stderr[-2000:]}")
    control = alone.last_json()
    if control["exit"] != 0 or control["error"]:
        pytest.fail(f"the honest repository alone does not build: {control}")
    hostile = _repository(tmp_path / "hostile", "nested", "x = " + "[" * DEPTH + "]" * DEPTH + "\n")
    both = child(BUILD, str(tmp_path / "out-both"), str(honest), str(hostile), timeout=300,
                 env={"CROSSFILE_CACHE": str(tmp_path / "cache")})
    assert not both.timed_out and both.returncode == 0, both.stderr[-2000:]
    result = both.last_json()
    print(json.dumps({"control": control, "both": result}))
    assert result["exit"] == 0 and not result["error"], result
    # since row 8's fix the hostile repository itself builds: only its pyproject.toml is refused
    # (core/tomlfile.py), counted once under files/toml_unreadable
    stats = json.loads((tmp_path / "out-both" / "python" / "instruct_stats.json").read_text())
    built = {r["repository"]: (r["status"], r["examples"]) for r in stats["per_repository"]}
    assert built == {"honest": ("built", 2), "hostile": ("built", 2)}, stats["per_repository"]
    assert stats["skipped_files"].get("toml_unreadable") == 1 and not stats["skipped_repositories"], stats
