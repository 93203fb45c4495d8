"""Type-check the installed layout of the package with mypy (``make typecheck``).

Why it exists: the folders sit at the repository root (``core/``, ``builders/``...) but are the
packages ``crossfile_datasets.core``, ``crossfile_datasets.builders``... (setuptools
``package-dir``). mypy cannot follow an editable install's import hook, so every import of
``crossfile_datasets.*`` would be ``Any`` and most errors invisible. This script lays the folders
out as the installed namespace (symbolic links in a temporary folder) and runs mypy on the
packages given (default: the ones ``make test`` checks).
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LAYERS = ("core", "analyzers", "lang", "sandbox", "harness", "evaluation", "builders")
CHECKED = ("core", "analyzers", "harness", "builders")  # kept clean: make test stops on any error


def main(argv: list[str]) -> int:
    packages = argv or list(CHECKED)
    with tempfile.TemporaryDirectory(prefix="crossfile-typecheck-") as tmp:
        namespace = Path(tmp) / "crossfile_datasets"
        namespace.mkdir()
        (namespace / "__init__.py").write_text("")
        for layer in LAYERS:
            (namespace / layer).symlink_to(ROOT / layer, target_is_directory=True)
        command = [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
                   *(a for p in packages for a in ("-p", f"crossfile_datasets.{p}"))]
        return subprocess.run(command, cwd=tmp).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
