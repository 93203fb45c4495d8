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
from crossfile_datasets.core.text import NotRegularFile, odd_name, open_regular, read_regular

DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC


@dataclass(frozen=True)
class Refused:
    """An entry the walk did not accept: ``reason`` is a ``files/<reason>`` name."""
    rel: str  # repository-relative, printable (undecodable bytes as \\xNN)
    reason: str
    detail: str = ""
    folder: bool = False


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


def skipped_dir(name: str) -> bool:
    """Folders no reader enters: build output, caches, version control, dependencies, hidden."""
    return name in C.SKIP_DIRS or name.startswith(".")


def walk(root: str | os.PathLike, want: Callable[[str], bool],
         refused: Callable[[Refused], None] | None = None) -> Iterator[RepoFile]:
    """The regular files under ``root`` whose relative path ``want`` accepts, in ``os.walk``'s
    order (a folder's files by name, then its sub-folders by name), each open while it is yielded.

    ``refused`` receives every wanted file that could not be accepted and every folder that
    could not be walked (skipped folders: only vendored ones, the others are build output),
    the root itself included (as ``.``)."""
    tell = refused or (lambda _r: None)
    top = Path(root)
    inside = str(top.resolve()) + os.sep
    try:
        fd = os.open(top, DIR_FLAGS & ~os.O_NOFOLLOW)  # the root may be a link (a caller's choice)
    except OSError as exc:
        tell(Refused(".", "unreadable_dir", exc.strerror or str(exc), folder=True))
        return
    try:
        yield from _walk_dir(top, inside, fd, "", 0, want, tell)
    finally:
        os.close(fd)


def _walk_dir(top: Path, inside: str, fd: int, rel_dir: str, depth: int, want, tell) -> Iterator[RepoFile]:
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
        if skipped_dir(name):
            if name in C.VENDOR_DIRS:
                tell(Refused(rel, "vendored_dir", folder=True))
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
            yield from _walk_dir(top, inside, sub, rel + "/", depth + 1, want, tell)
        finally:
            os.close(sub)


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
