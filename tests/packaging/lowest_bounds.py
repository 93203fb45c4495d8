"""Check that the declared dependency lower bounds are true: install the lowest allowed version of
every direct dependency (each ``>=`` bound pinned to its floor, like a "lowest-direct" resolution)
into a fresh virtual environment, install the wheel of this checkout into it, and run a
representative part of the test suite there.

    python tests/packaging/lowest_bounds.py [--venv DIR] [--keep] [pytest args...]
    make lowest-bounds

Needs the package registry (the floors are old releases no local index keeps), so it is a
maintainer's check run when a bound changes, not part of ``make test``. Exit status: pytest's.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# the extras whose floors are checked with the base dependencies (`models`, torch and transformers,
# is left out: multi-GB installs, and its floors are the releases the tests were written on)
EXTRAS = ("report", "ray")
TEST_TOOLS = ("pytest", "pytest-timeout")
# every layer, every language's checker, the card, the Hub push, the graph JSON, retrieval
TESTS = ("tests/core", "tests/graph", "tests/python", "tests/java", "tests/typescript", "tests/csharp",
         "tests/completion", "tests/hub", "tests/retrieval", "tests/lang", "tests/evaluation", "tests/tools",
         "tests/instruct", "tests/executable/test_validation.py", "tests/executable/test_env.py",
         "tests/executable/test_sandbox.py", "tests/packaging/test_toolchain.py")
_REQ = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[[^\]]*\])?\s*(>=|==)\s*([^,;\s]+)\s*(?:;.*)?$")


def floor_pins(pyproject: Path = ROOT / "pyproject.toml") -> list[str]:
    """``name==floor`` for every direct dependency (and the checked extras, and the test tools)."""
    project = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]
    extras = project.get("optional-dependencies", {})
    requirements = list(project["dependencies"]) + [r for e in EXTRAS for r in extras.get(e, [])]
    requirements += [r for r in extras.get("test", []) if re.split(r"[<>=!\[ ;]", r, 1)[0] in TEST_TOOLS]
    pins: dict[str, str] = {}
    for requirement in requirements:
        match = _REQ.match(requirement)
        if not match:
            raise SystemExit(f"cannot take the floor of {requirement!r}: only 'name>=X' and 'name==X' are handled")
        name, _, version = match.groups()
        pins[name.lower().replace("_", "-")] = f"{name}=={version}"
    return list(pins.values())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--venv", type=Path, help="virtual environment to create (default: a temporary folder)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary environment")
    args, pytest_args = parser.parse_known_args(argv)
    work = Path(tempfile.mkdtemp(prefix="crossfile-lowest-"))
    venv = args.venv or work / "venv"
    try:
        pins = floor_pins()
        print("floors:", " ".join(pins), flush=True)
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        pip = [str(venv / "bin" / "python"), "-m", "pip", "install", "--no-input", "--no-compile"]
        subprocess.run([*pip, *pins], check=True)
        subprocess.run([sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-w", str(work / "dist")], check=True,
                       cwd=work)
        subprocess.run([*pip, "--no-deps", *map(str, (work / "dist").glob("crossfile_datasets-*.whl"))], check=True)
        subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "check"], check=True)
        subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "list"], check=True)
        res = subprocess.run([str(venv / "bin" / "python"), "-m", "pytest", "-q", "-p", "no:cacheprovider", "--timeout=600",
                              "--continue-on-collection-errors", *(pytest_args or TESTS)], cwd=ROOT,
                             env={**os.environ, "PATH": f"{venv / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}"})
        return res.returncode
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
        else:
            print(f"kept: {work}")


if __name__ == "__main__":
    sys.exit(main())
