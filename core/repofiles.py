"""The one way the builder lists and reads the files of a repository.

Why it exists: a repository is hostile input (docs/reliability.md). It may hold FIFOs named like
sources, links to ``/dev/zero`` or out of the repository, folders a build without
``CAP_DAC_OVERRIDE`` cannot read, paths longer than ``PATH_MAX``, files swapped while the build
runs. Every reader of repository files (the source listing, the tsconfig, ``.d.ts``, ``.csproj``
and jar readers) goes through here, so one set of rules holds for all of them, and the checkers
only ever get what this module accepted (copies or in-memory texts, never the repository):

- folders are walked by descriptor: each one is opened with ``O_NOFOLLOW | O_DIRECTORY`` under
  its parent's descriptor, so a folder swapped for a link is refused, and no path length limit
  applies while walking (a path over ``PATH_MAX`` is counted, not a traceback);
- a file is opened under its folder's descriptor with ``O_NOFOLLOW | O_NONBLOCK`` (a link, even
  one swapped in after listing, is refused; a FIFO cannot block the open), ``fstat`` must say
  regular file, and it is read up to the caller's cap;
- relative paths longer than ``MAX_PATH_BYTES`` and folders deeper than ``MAX_DIR_DEPTH`` are
  refused, so every copy a checker gets fits under ``PATH_MAX`` and a walk holds a bounded number
  of descriptors;
- everything refused is handed to the caller as a :class:`Refused` with a ``files/<reason>``
  name declared in ``core/reasons.py``, and counted there: nothing is skipped silently.
"""

from __future__ import annotations

import errno
import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

from crossfile_datasets.core import constants as C
from crossfile_datasets.core.skipnames import generic_skip, holds_project_code, skip_reason
from crossfile_datasets.core.text import NotRegularFile, odd_name, open_regular, read_regular

DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC


@dataclass(frozen=True)
class Refused:
    """An entry the walk did not accept: ``reason`` is a ``files/<reason>`` name."""
    rel: str  # repository-relative, printable (undecodable bytes as \\xNN)
    reason: str
    detail: str = ""
    folder: bool = False
    skipped: bool = False  # a folder left out by a naming rule (core/repofiles.skip_reason), not a failure
    held: int = 0  # skipped folders, when the walk was asked to count: the wanted files under it


@dataclass(frozen=True)
class RepoFile:
    """A regular file the walk accepted, open while the walk is at it (read it before the next)."""
    rel: str
    fd: int
    size: int
    siblings: frozenset[str] = frozenset()  # the names of the files in its folder (a generator's input beside it)

    def read(self, limit: int) -> bytes:
        """At most ``limit`` bytes from the start."""
        os.lseek(self.fd, 0, os.SEEK_SET)
        chunks, left = [], limit
        while left > 0:
            chunk = os.read(self.fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)

    def copy_to(self, dest: str | os.PathLike, limit: int) -> bool:
        """Stream the file into the new file ``dest``; False (and nothing written) when it holds
        more than ``limit`` bytes, also when it grows while being copied."""
        os.lseek(self.fd, 0, os.SEEK_SET)
        written = 0
        with open(dest, "xb") as out:
            while True:
                chunk = os.read(self.fd, 1 << 20)
                if not chunk:
                    return True
                written += len(chunk)
                if written > limit:
                    break
                out.write(chunk)
        os.unlink(dest)
        return False


def printable(rel: str) -> str:
    """A path with undecodable bytes shown as ``\\xNN`` escapes (for reports)."""
    return os.fsencode(rel).decode("utf-8", errors="backslashreplace")


def too_long(rel: str) -> bool:
    return len(os.fsencode(rel)) > C.MAX_PATH_BYTES


def walk(root: str | os.PathLike, want: Callable[[str], bool],
         refused: Callable[[Refused], None] | None = None, project_dirs: frozenset[str] = frozenset(),
         count_held: bool = False) -> Iterator[RepoFile]:
    """The regular files under ``root`` whose relative path ``want`` accepts, in ``os.walk``'s
    order (a folder's files by name, then its sub-folders by name), each open while it is yielded.

    ``refused`` receives every wanted file that could not be accepted and every folder that
    could not be walked, the root itself included (as ``.``), and the folders skipped by their
    name (``skipped``): with ``count_held`` every one, ``held`` saying how many wanted files it held
    (found by names only), else only vendored ones. A folder with a generic skip name that holds project code
    (:func:`holds_project_code`, with ``project_dirs``) is walked."""
    tell = refused or (lambda _r: None)
    top = Path(root)
    inside = str(top.resolve()) + os.sep
    try:
        fd = os.open(top, DIR_FLAGS & ~os.O_NOFOLLOW)  # the root may be a link (a caller's choice)
    except OSError as exc:
        tell(Refused(".", "unreadable_dir", exc.strerror or str(exc), folder=True))
        return
    try:
        yield from _walk_dir(top, inside, fd, "", 0, want, tell, project_dirs, count_held)
    finally:
        os.close(fd)


def _walk_dir(top: Path, inside: str, fd: int, rel_dir: str, depth: int, want, tell,
              project_dirs: frozenset[str], count_held: bool) -> Iterator[RepoFile]:
    try:
        with os.scandir(fd) as entries:
            listed = [(e.name, _is_dir(e), e.is_symlink()) for e in entries]
    except OSError as exc:
        tell(Refused(rel_dir.rstrip("/") or ".", "unreadable_dir", exc.strerror or str(exc), folder=True))
        return
    files = sorted((name, link) for name, is_dir, link in listed if not is_dir)
    dirs = sorted((name, link) for name, is_dir, link in listed if is_dir)
    siblings = frozenset(name for name, _link in files)
    for name, link in files:
        rel = rel_dir + name
        if odd_name(name):
            if want(printable(rel)):
                tell(Refused(printable(rel), "undecodable_name"))
            continue
        if not want(rel):
            continue
        if link:
            tell(Refused(rel, _link_reason(top, inside, rel)))
            continue
        if too_long(rel):
            tell(Refused(rel, "path_too_long", f"{len(os.fsencode(rel))} bytes"))
            continue
        try:
            file_fd = open_regular(name, dir_fd=fd, follow_symlinks=False)
        except NotRegularFile as exc:
            tell(Refused(rel, "not_regular_file", str(exc)))
            continue
        except OSError as exc:
            tell(Refused(rel, "symlink" if exc.errno == errno.ELOOP else "unreadable", exc.strerror or str(exc)))
            continue
        try:
            yield RepoFile(rel, file_fd, os.fstat(file_fd).st_size, siblings)
        finally:
            os.close(file_fd)
    for name, link in dirs:
        rel = rel_dir + name
        if odd_name(name):
            tell(Refused(printable(rel), "undecodable_name", folder=True))
            continue
        if link:
            tell(Refused(rel, "symlinked_dir", folder=True))
            continue
        skip = skip_reason(name)
        if skip is not None and not generic_skip(name):
            _tell_skipped(fd, name, rel, skip, want, tell, count_held)
            continue
        if depth + 1 > C.MAX_DIR_DEPTH:
            tell(Refused(rel, "too_deep", f"more than {C.MAX_DIR_DEPTH} folders deep", folder=True))
            continue
        try:
            sub = os.open(name, DIR_FLAGS, dir_fd=fd)
        except OSError as exc:  # swapped for a link since it was listed: ELOOP, or ENOTDIR (Linux)
            reason = "symlinked_dir" if exc.errno in (errno.ELOOP, errno.ENOTDIR) and _is_link(name, fd) else "unreadable_dir"
            tell(Refused(rel, reason, exc.strerror or str(exc), folder=True))
            continue
        try:
            if skip is not None and not holds_project_code(rel, _file_names(sub), project_dirs):
                _tell_skipped(fd, name, rel, skip, want, tell, count_held)
                continue
            yield from _walk_dir(top, inside, sub, rel + "/", depth + 1, want, tell, project_dirs, count_held)
        finally:
            os.close(sub)


def _file_names(dir_fd: int) -> list[str]:
    """The names of the regular files (not links) directly in the folder ``dir_fd``."""
    try:
        with os.scandir(dir_fd) as entries:
            return [e.name for e in entries if e.is_file(follow_symlinks=False)]
    except OSError:
        return []


def _tell_skipped(parent_fd: int, name: str, rel: str, reason: str, want, tell, count_held: bool) -> None:
    """Report the folder ``rel`` skipped under ``reason``; with ``count_held``, with the number of
    wanted files under it (names only: no file opened, no link followed, at most
    ``SKIPPED_DIR_SCAN_MAX_ENTRIES`` entries looked at)."""
    if not count_held:  # the readers that do not count sources hear of vendored folders only, as before
        if reason == "vendored_dir":
            tell(Refused(rel, reason, folder=True, skipped=True))
        return
    budget = [C.SKIPPED_DIR_SCAN_MAX_ENTRIES]
    try:
        sub = os.open(name, DIR_FLAGS, dir_fd=parent_fd)
    except OSError:
        tell(Refused(rel, reason, "not readable: its files were not counted", folder=True, skipped=True))
        return
    try:
        held = _count_wanted(sub, rel + "/", want, budget, 0)
    finally:
        os.close(sub)
    more = "at least " if budget[0] <= 0 else ""
    tell(Refused(rel, reason, f"{more}{held} source file{'s' if held != 1 else ''}", folder=True, skipped=True, held=held))


def _count_wanted(fd: int, rel_dir: str, want, budget: list[int], depth: int) -> int:
    try:
        with os.scandir(fd) as entries:
            listed = [(e.name, e.is_dir(follow_symlinks=False)) for e in entries]
    except OSError:
        return 0
    held = 0
    for name, is_dir in sorted(listed):
        budget[0] -= 1
        if budget[0] <= 0:
            break
        if odd_name(name):
            continue
        if not is_dir:
            held += bool(want(rel_dir + name))
            continue
        if depth + 1 > C.MAX_DIR_DEPTH:
            continue
        try:
            sub = os.open(name, DIR_FLAGS, dir_fd=fd)
        except OSError:
            continue
        try:
            held += _count_wanted(sub, rel_dir + name + "/", want, budget, depth + 1)
        finally:
            os.close(sub)
    return held


def _is_link(name: str, dir_fd: int) -> bool:
    try:
        return stat.S_ISLNK(os.stat(name, dir_fd=dir_fd, follow_symlinks=False).st_mode)
    except OSError:
        return False


def _is_dir(entry: os.DirEntry) -> bool:
    try:
        return entry.is_dir()  # follows links, as os.walk does: a linked folder is a folder
    except OSError:
        return False


def _link_reason(top: Path, inside: str, rel: str) -> str:
    target = os.path.realpath(os.path.join(top, rel))
    return "symlink" if target.startswith(inside) else "link_outside_repo"


def read_inside(root: str | os.PathLike, rel: str, limit: int) -> bytes:
    """At most ``limit`` bytes of the regular file ``rel`` under ``root``, reached without
    following any link on the way (``ELOOP``), never ``..`` or an absolute path (``EPERM``)."""
    fd = _open_parent(root, rel)
    try:
        return read_regular(rel.rsplit("/", 1)[-1], limit, dir_fd=fd, follow_symlinks=False)
    finally:
        os.close(fd)


def is_file_inside(root: str | os.PathLike, rel: str) -> bool:
    """Is ``rel`` a regular file under ``root``, reached without following a link?"""
    try:
        fd = _open_parent(root, rel)
    except OSError:
        return False
    try:
        return stat.S_ISREG(os.stat(rel.rsplit("/", 1)[-1], dir_fd=fd, follow_symlinks=False).st_mode)
    except OSError:
        return False
    finally:
        os.close(fd)


def is_folder_inside(root: str | os.PathLike, rel: str) -> bool:
    """Is ``rel`` a folder under ``root``, reached through folders only (no link, no ``..``)?"""
    try:
        fd = _open_parent(root, f"{rel.rstrip('/')}/_")  # opens every part of rel; the last name is never read
    except OSError:
        return False
    os.close(fd)
    return True


def _open_parent(root: str | os.PathLike, rel: str) -> int:
    parts = rel.split("/")
    if rel.startswith("/") or any(p in ("", ".", "..") for p in parts):
        raise OSError(errno.EPERM, "the path leaves the repository", rel)
    if too_long(rel):
        raise OSError(errno.ENAMETOOLONG, "the path is too long", rel)
    fd = os.open(root, DIR_FLAGS & ~os.O_NOFOLLOW)
    try:
        for part in parts[:-1]:
            sub = os.open(part, DIR_FLAGS, dir_fd=fd)
            os.close(fd)
            fd = sub
    except BaseException:
        os.close(fd)
        raise
    return fd


def write_texts(root: str | os.PathLike, texts: dict[str, str]) -> None:
    """Lay out ``texts`` (repository-relative path -> text, UTF-8) under the new folder ``root``:
    the copy a checker reads instead of the repository."""
    for rel, text in texts.items():
        dest = Path(root, rel)
        dest.parent.mkdir(parents=True, exist_ok=True)
        with open(dest, "x", encoding="utf-8", newline="") as fh:
            fh.write(text)
