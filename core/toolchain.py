"""Tools the package installs for itself, on first use, into a per-user folder: TypeScript.

TypeScript is an npm package pinned by ``lang/typescript/package-lock.json`` (shipped as package
data). It is not installed inside the Python package (site-packages may be read-only, shared by
users, or wiped by the next ``pip install``): the first check that needs it runs ``npm ci`` with
that lockfile into ``~/.cache/crossfile-datasets/typescript-<hash of the manifests>/``
(``$XDG_CACHE_HOME`` is honoured; ``CROSSFILE_TOOLS_DIR`` moves the whole folder). The hash is the
lockfile's alone (``npm ci`` installs exactly what it pins; a reworded package.json changes nothing),
so a changed lockfile gives a new folder, so an upgrade never runs against an old compiler; the install goes
into a staging folder that is renamed into place only when ``npm ci`` succeeded, under a file
lock, so concurrent first uses (worker processes, two builds) install once and never see a half
install.

The tools folder deliberately ignores ``CROSSFILE_CACHE``/``--cache-dir`` (the cache of clones and
checker results): the test suite points that at a fresh temporary folder, and a compiler must not
be downloaded again for every such folder. ``scripts/setup.sh`` preinstalls TypeScript here, so
tests and CI need no network at test time. ``CROSSFILE_NO_INSTALL=1`` turns the first-use install
off (a missing TypeScript is then reported with :data:`TYPESCRIPT_INSTALL_HINT`).

Run ``python -m crossfile_datasets.core.toolchain typescript`` to install it now and print where.

This module also names the optional extras: :func:`missing_extra` gives the one-line message a
caller shows when an optional dependency (matplotlib for plots) is not installed.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

# The pinned npm manifests (package.json + package-lock.json), shipped as package data.
TYPESCRIPT_MANIFEST_DIR = Path(__file__).resolve().parents[1] / "lang" / "typescript"
MANIFESTS = ("package.json", "package-lock.json")
LOCKFILE = "package-lock.json"
NPM_TIMEOUT = 900.0  # seconds for one `npm ci` (a slow registry mirror)
TYPESCRIPT_INSTALL_HINT = ("run `python -m crossfile_datasets.core.toolchain typescript` (npm ci of the pinned "
                           "lang/typescript/package-lock.json into ~/.cache/crossfile-datasets; needs Node.js 18+ "
                           "with npm and the npm registry), or point CROSSFILE_TYPESCRIPT_DIR at a typescript package")
DISTRIBUTION = "crossfile-datasets"
# optional dependency -> the extra of this distribution that installs it
EXTRAS = {"matplotlib": "report"}


class ToolInstallError(RuntimeError):
    """``npm ci`` could not install a pinned tool (no npm, no registry, a failed install)."""


# ------------------------------------------------------------------------------ locations --
def tools_dir() -> Path:
    """Per-user folder of installed tools (``CROSSFILE_TOOLS_DIR``, else the user cache)."""
    override = os.environ.get("CROSSFILE_TOOLS_DIR")
    if override:
        return Path(override)
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "crossfile-datasets"


def manifest_digest(manifest_dir: Path = TYPESCRIPT_MANIFEST_DIR) -> str:
    """Hash of the lockfile: the name of its install folder (a new lockfile, a new folder)."""
    return hashlib.sha256((manifest_dir / LOCKFILE).read_bytes()).hexdigest()[:16]


def npm_install_dir(name: str, manifest_dir: Path) -> Path:
    """Where ``npm ci`` of ``manifest_dir`` is (or will be) installed: ``<tools>/<name>-<hash>``."""
    return tools_dir() / f"{name}-{manifest_digest(manifest_dir)}"


def typescript_install_dir(manifest_dir: Path = TYPESCRIPT_MANIFEST_DIR) -> Path:
    return npm_install_dir("typescript", manifest_dir)


def typescript_dir(install: bool | None = None, manifest_dir: Path = TYPESCRIPT_MANIFEST_DIR) -> Path:
    """The pinned ``typescript`` npm package, installed into the tools folder on first use.

    ``install`` (default: unless ``CROSSFILE_NO_INSTALL`` is set) runs ``npm ci`` when it is
    missing. A failed install is printed to stderr with its reason and the path is returned
    anyway: the caller's presence check then reports the tool as missing, with the hint.
    """
    package = typescript_install_dir(manifest_dir) / "node_modules" / "typescript"
    if install is None:
        install = not os.environ.get("CROSSFILE_NO_INSTALL")
    if install and not _typescript_complete(package):
        try:
            ensure_npm_install("typescript", manifest_dir)
        except ToolInstallError as exc:
            print(f"crossfile-datasets: TypeScript could not be installed: {exc}", file=sys.stderr)
    return package


def _typescript_complete(package: Path) -> bool:
    return (package / "lib" / "typescript.js").is_file() and (package / "bin" / "tsc").is_file()


# ------------------------------------------------------------------------------- install --
def ensure_npm_install(name: str, manifest_dir: Path, npm: str | None = None, timeout: float = NPM_TIMEOUT) -> Path:
    """``npm ci`` of ``manifest_dir``'s manifests into ``<tools>/<name>-<hash>`` unless done; that folder.

    Installs into a staging folder renamed into place on success, under an exclusive file lock
    (a concurrent caller waits, then finds it installed). Raises :class:`ToolInstallError`.
    """
    final = npm_install_dir(name, manifest_dir)
    if (final / "node_modules").is_dir():
        return final
    npm = npm or shutil.which("npm")
    if not npm:
        raise ToolInstallError("npm was not found (install Node.js 18+ with npm, e.g. apt-get install -y nodejs npm)")
    final.parent.mkdir(parents=True, exist_ok=True)
    with open(final.parent / f".{final.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if (final / "node_modules").is_dir():  # installed while we waited
            return final
        staging = Path(tempfile.mkdtemp(prefix=f".{final.name}.", dir=final.parent))
        try:
            for manifest in MANIFESTS:
                shutil.copyfile(manifest_dir / manifest, staging / manifest)
            print(f"crossfile-datasets: installing {name} pinned by {manifest_dir / 'package-lock.json'} "
                  f"into {final} (npm ci, first use)", file=sys.stderr)
            _run_npm_ci(npm, staging, timeout)
            if not (staging / "node_modules").is_dir():
                raise ToolInstallError(f"npm ci finished without creating node_modules in {staging}")
            os.rename(staging, final)
        finally:
            shutil.rmtree(staging, ignore_errors=True)  # gone after the rename; a failed install's leftovers
    return final


def _run_npm_ci(npm: str, prefix: Path, timeout: float) -> None:
    argv = [npm, "ci", "--prefix", str(prefix), "--no-audit", "--no-fund", "--ignore-scripts", "--loglevel=error"]
    # its own process group: a time-out kills npm's children too
    proc = subprocess.Popen(argv, cwd=prefix, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            start_new_session=True)
    try:
        output, _ = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        raise ToolInstallError(f"`npm ci` did not finish in {timeout:.0f}s") from None
    if proc.returncode != 0:
        tail = output.decode("utf-8", "replace").strip()[-800:]
        raise ToolInstallError(f"`npm ci` exited with {proc.returncode}: {tail}")


# ------------------------------------------------------------------------- optional extras --
def missing_extra(module: str, purpose: str) -> str:
    """What to say when an optional dependency is missing: which extra installs it."""
    extra = EXTRAS.get(module)
    how = f"pip install '{DISTRIBUTION}[{extra}]'" if extra else f"pip install {module}"
    return f"{purpose} needs {module}, which is not installed: {how}"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args != ["typescript"]:
        print("usage: python -m crossfile_datasets.core.toolchain typescript", file=sys.stderr)
        return 2
    override = os.environ.get("CROSSFILE_TYPESCRIPT_DIR")
    if override:
        print(override)
        return 0
    try:
        final = ensure_npm_install("typescript", TYPESCRIPT_MANIFEST_DIR)
    except ToolInstallError as exc:
        print(f"TypeScript could not be installed: {exc}", file=sys.stderr)
        return 1
    print(final / "node_modules" / "typescript")
    return 0


if __name__ == "__main__":
    sys.exit(main())
