"""The host side of the sandbox's file boundary: every host read or write in a folder that
sandboxed code could touch goes through here.

Why it exists: inside bubblewrap, repository and model code may do anything to the folders it
can write (the repository copy, the control folder, report folders), and a repository may
ship anything in its tree (a symbolic link at the path the builder later writes, a FIFO where it
later reads). Code of ours that runs *on the host* before or after a sandboxed run, following
ordinary paths there, writes through planted links (escapes), waits forever on a FIFO (hangs) or
loads a huge file into memory. So, in such folders, the host never uses ``open(path)``:

- a path is walked component by component from a trusted *anchor* folder of ours (a folder we
  created and the sandboxed code cannot replace, e.g. ``Sandbox.dir``): each folder is opened
  with ``O_NOFOLLOW | O_DIRECTORY`` under the previous folder's descriptor, so a linked folder
  on the way is refused (``symlinked_parent``), never followed; ``..``, absolute paths and empty
  components are refused (``path_escapes``);
- the file is opened with ``O_NOFOLLOW | O_NONBLOCK | O_NOCTTY`` (a link is refused, a FIFO
  cannot block the open), then ``fstat`` must say regular file (``not_regular_file``) and its
  size must be under the caller's cap (``too_large``); reads are streamed and stop at the cap
  too (a file that grows while read is refused, not loaded);
- writes create new files only (``O_CREAT | O_EXCL | O_NOFOLLOW``): nothing planted at the path
  (link, FIFO, file) is ever written through (``already_exists``); missing parents are made
  with ``mkdir`` under the parent's descriptor.

Every refusal is a :class:`HostFileRefused` (an ``OSError``) carrying a :class:`Refusal`, whose
values are declared as reasons of the ``host_files`` stage in ``core/reasons.py`` so callers
count them: ``report.count(HOST_FILES_STAGE, exc.reason)``.
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import secrets
import stat
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import BinaryIO, Callable, Iterator

from crossfile_datasets.core import constants as C
from crossfile_datasets.core.enums import StrEnum
from crossfile_datasets.core.reasons import Stage

HOST_FILES_STAGE = Stage.HOST_FILES.value
DEFAULT_MAX_BYTES = C.HOST_READ_MAX_BYTES
_CHUNK = 1 << 16
DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
READ_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC
_WRITE_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_NOCTTY | os.O_CLOEXEC


class Refusal(StrEnum):
    """Why the boundary refused a path (each value is a ``host_files/<value>`` reason)."""
    SYMLINK = "symlink"  # the file itself is a symbolic link
    SYMLINKED_PARENT = "symlinked_parent"  # a folder on the way is a symbolic link
    PARENT_NOT_DIRECTORY = "parent_not_directory"  # something on the way is not a folder
    NOT_REGULAR = "not_regular_file"  # a FIFO, socket, device or folder where a file was expected
    TOO_LARGE = "too_large"  # over the caller's size cap (at open or while streaming)
    ESCAPES = "path_escapes"  # absolute, '..', empty or NUL component
    MISSING = "missing"  # nothing at the path
    EXISTS = "already_exists"  # a write found something at the path already
    UNREADABLE = "unreadable"  # any other operating-system error


_ERRNO = {Refusal.SYMLINK: errno.ELOOP, Refusal.SYMLINKED_PARENT: errno.ELOOP, Refusal.PARENT_NOT_DIRECTORY: errno.ENOTDIR,
          Refusal.NOT_REGULAR: errno.EINVAL, Refusal.TOO_LARGE: errno.EFBIG, Refusal.ESCAPES: errno.EPERM,
          Refusal.MISSING: errno.ENOENT, Refusal.EXISTS: errno.EEXIST, Refusal.UNREADABLE: errno.EIO}


class HostFileRefused(OSError):
    """The boundary refused ``path`` (relative to its anchor) for ``reason``."""

    def __init__(self, reason: Refusal, path: str, detail: str = "") -> None:
        super().__init__(_ERRNO[reason], f"{reason.value}{': ' + detail if detail else ''}", path)
        self.reason = reason
        self.path = path

    @property
    def key(self) -> str:
        return f"{HOST_FILES_STAGE}/{self.reason.value}"


def _parts(rel: str | os.PathLike) -> list[str]:
    text = os.fspath(rel)
    if "\0" in text or os.path.isabs(text):
        raise HostFileRefused(Refusal.ESCAPES, text)
    parts = [p for p in PurePosixPath(text.replace(os.sep, "/")).parts if p != "."]
    if any(p in ("..", "") or "/" in p for p in parts):
        raise HostFileRefused(Refusal.ESCAPES, text)
    return parts


def _classify(dir_fd: int, name: str, rel: str, as_parent: bool) -> HostFileRefused:
    """Why ``name`` under ``dir_fd`` could not be opened (lstat never follows a link)."""
    try:
        st = os.stat(name, dir_fd=dir_fd, follow_symlinks=False)
    except FileNotFoundError:
        return HostFileRefused(Refusal.MISSING, rel)
    except OSError as exc:
        return HostFileRefused(Refusal.UNREADABLE, rel, str(exc))
    if stat.S_ISLNK(st.st_mode):
        return HostFileRefused(Refusal.SYMLINKED_PARENT if as_parent else Refusal.SYMLINK, rel)
    if as_parent:
        return HostFileRefused(Refusal.PARENT_NOT_DIRECTORY, rel)
    return HostFileRefused(Refusal.NOT_REGULAR, rel)


def _open_anchor(anchor: str | os.PathLike) -> int:
    try:
        return os.open(anchor, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except FileNotFoundError:
        raise HostFileRefused(Refusal.MISSING, os.fspath(anchor)) from None
    except OSError as exc:
        raise HostFileRefused(Refusal.UNREADABLE, os.fspath(anchor), str(exc)) from None


def _walk(anchor: str | os.PathLike, parts: list[str], rel: str, create: bool) -> int:
    """A descriptor of the folder ``anchor/parts...`` (caller closes), never through a link."""
    fd = _open_anchor(anchor)
    try:
        for name in parts:
            try:
                child = os.open(name, DIR_FLAGS, dir_fd=fd)
            except FileNotFoundError:
                if not create:
                    raise HostFileRefused(Refusal.MISSING, rel) from None
                try:
                    os.mkdir(name, 0o755, dir_fd=fd)
                except FileExistsError:
                    pass
                except OSError as exc:
                    raise HostFileRefused(Refusal.UNREADABLE, rel, str(exc)) from None
                try:
                    child = os.open(name, DIR_FLAGS, dir_fd=fd)
                except OSError:
                    raise _classify(fd, name, rel, as_parent=True) from None
            except OSError:
                raise _classify(fd, name, rel, as_parent=True) from None
            os.close(fd)
            fd = child
        return fd
    except BaseException:
        os.close(fd)
        raise


@contextlib.contextmanager
def open_dir(anchor: str | os.PathLike, rel: str | os.PathLike = "", *, create: bool = False) -> Iterator[int]:
    """The folder ``anchor/rel`` as a descriptor (closed on exit). ``create``: make missing
    folders on the way (under their parent's descriptor)."""
    fd = _walk(anchor, _parts(rel), os.fspath(rel), create)
    try:
        yield fd
    finally:
        os.close(fd)


def open_file(anchor: str | os.PathLike, rel: str | os.PathLike, *, max_bytes: int | None = DEFAULT_MAX_BYTES) -> int:
    """A read descriptor of the regular file ``anchor/rel`` (caller closes it), or a refusal."""
    text = os.fspath(rel)
    parts = _parts(text)
    if not parts:
        raise HostFileRefused(Refusal.NOT_REGULAR, text)
    parent = _walk(anchor, parts[:-1], text, create=False)
    try:
        try:
            fd = os.open(parts[-1], READ_FLAGS, dir_fd=parent)
        except OSError:
            raise _classify(parent, parts[-1], text, as_parent=False) from None
    finally:
        os.close(parent)
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise HostFileRefused(Refusal.NOT_REGULAR, text)
        if max_bytes is not None and st.st_size > max_bytes:
            raise HostFileRefused(Refusal.TOO_LARGE, text, f"{st.st_size} bytes > {max_bytes}")
        os.set_blocking(fd, True)
        return fd
    except BaseException:
        os.close(fd)
        raise


class _CappedReader(io.RawIOBase):
    """Reads a descriptor and refuses (TOO_LARGE) once more than ``cap`` bytes came out."""

    def __init__(self, fd: int, cap: int | None, rel: str) -> None:
        self._fd, self._cap, self._rel, self.read_so_far = fd, cap, rel, 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        data = os.read(self._fd, len(buffer))
        self.read_so_far += len(data)
        if self._cap is not None and self.read_so_far > self._cap:
            raise HostFileRefused(Refusal.TOO_LARGE, self._rel, f"grew past {self._cap} bytes while read")
        buffer[: len(data)] = data
        return len(data)

    def close(self) -> None:
        if not self.closed:
            os.close(self._fd)
        super().close()


@contextlib.contextmanager
def open_stream(anchor: str | os.PathLike, rel: str | os.PathLike, *,
                max_bytes: int | None = DEFAULT_MAX_BYTES) -> Iterator[BinaryIO]:
    """A buffered binary stream of the regular file ``anchor/rel``, capped at ``max_bytes``
    (checked at open and while reading)."""
    raw = _CappedReader(open_file(anchor, rel, max_bytes=max_bytes), max_bytes, os.fspath(rel))
    stream = io.BufferedReader(raw, _CHUNK)
    try:
        yield stream  # type: ignore[misc]
    finally:
        stream.close()


def read_bytes(anchor: str | os.PathLike, rel: str | os.PathLike, *, max_bytes: int | None = DEFAULT_MAX_BYTES) -> bytes:
    with open_stream(anchor, rel, max_bytes=max_bytes) as stream:
        return stream.read()


def read_text(anchor: str | os.PathLike, rel: str | os.PathLike, *, max_bytes: int | None = DEFAULT_MAX_BYTES,
              encoding: str = "utf-8", errors: str = "replace") -> str:
    return read_bytes(anchor, rel, max_bytes=max_bytes).decode(encoding, errors)


def text_reader(anchor: str | os.PathLike, *, max_bytes: int | None = DEFAULT_MAX_BYTES
                ) -> Callable[[str], str | None]:
    """``read(rel)``: :func:`read_text` of ``rel`` under ``anchor``, None where the boundary
    refuses it or it cannot be read (for the readers of optional files: configurations, a
    package's ``__init__.py``)."""
    def read(rel: str) -> str | None:
        try:
            return read_text(anchor, rel, max_bytes=max_bytes)
        except (HostFileRefused, OSError):
            return None

    return read


def copy_out(anchor: str | os.PathLike, rel: str | os.PathLike, dest: str | os.PathLike, *,
             max_bytes: int | None = DEFAULT_MAX_BYTES) -> int:
    """Copy the regular file ``anchor/rel`` to ``dest`` (a new file in a folder of the host's
    own; created exclusively), streamed and capped; returns the bytes copied. For readers that
    need a path (coverage.py's SQLite data, XML parsers): they then open the copy, never the
    sandbox's file. A refused or failed copy leaves no ``dest`` behind."""
    out = os.open(dest, _WRITE_FLAGS, 0o600)
    done = 0
    try:
        with open_stream(anchor, rel, max_bytes=max_bytes) as stream:
            while chunk := stream.read(_CHUNK):
                _write_all(out, chunk)
                done += len(chunk)
    except BaseException:
        os.close(out)
        with contextlib.suppress(OSError):
            os.unlink(dest)
        raise
    os.close(out)
    return done


def _target(rel: str | os.PathLike) -> tuple[str, list[str]]:
    text = os.fspath(rel)
    parts = _parts(text)
    if not parts:
        raise HostFileRefused(Refusal.ESCAPES, text)
    return text, parts


def _create(parent: int, name: str, data: bytes | str, mode: int, rel: str) -> None:
    """Create ``name`` under the folder descriptor ``parent`` exclusively and write ``data``."""
    try:
        fd = os.open(name, _WRITE_FLAGS, mode, dir_fd=parent)
    except FileExistsError:
        raise HostFileRefused(Refusal.EXISTS, rel) from None
    except OSError as exc:
        raise HostFileRefused(Refusal.UNREADABLE, rel, str(exc)) from None
    try:
        _write_all(fd, data.encode("utf-8") if isinstance(data, str) else data)
    finally:
        os.close(fd)


def write_new(anchor: str | os.PathLike, rel: str | os.PathLike, data: bytes | str, *, parents: bool = True,
              mode: int = 0o644) -> None:
    """Create the new file ``anchor/rel`` with ``data`` (text is UTF-8). Nothing at the path may
    exist (``already_exists``: a planted link, FIFO or file is never written through); missing
    folders on the way are made when ``parents``, linked ones refused."""
    text, parts = _target(rel)
    parent = _walk(anchor, parts[:-1], text, create=parents)
    try:
        _create(parent, parts[-1], data, mode, text)
    finally:
        os.close(parent)


def link_new(anchor: str | os.PathLike, existing: str | os.PathLike, rel: str | os.PathLike, *,
             parents: bool = True) -> None:
    """Make the new name ``anchor/rel`` a hard link of the regular file ``anchor/existing``
    (one more copy of a file at no disk cost). Both walked by folder descriptors, never through
    a link; nothing may exist at ``rel`` (``already_exists``); ``existing`` must be a regular
    file (a link or a FIFO there is refused, not linked)."""
    src_text, src_parts = _target(existing)
    text, parts = _target(rel)
    src_parent = _walk(anchor, src_parts[:-1], src_text, create=False)
    try:
        try:
            st = os.stat(src_parts[-1], dir_fd=src_parent, follow_symlinks=False)
        except OSError:
            raise _classify(src_parent, src_parts[-1], src_text, as_parent=False) from None
        if not stat.S_ISREG(st.st_mode):
            raise _classify(src_parent, src_parts[-1], src_text, as_parent=False)
        parent = _walk(anchor, parts[:-1], text, create=parents)
        try:
            os.link(src_parts[-1], parts[-1], src_dir_fd=src_parent, dst_dir_fd=parent, follow_symlinks=False)
        except FileExistsError:
            raise HostFileRefused(Refusal.EXISTS, text) from None
        except OSError as exc:
            raise HostFileRefused(Refusal.UNREADABLE, text, str(exc)) from None
        finally:
            os.close(parent)
    finally:
        os.close(src_parent)


def replace_file(anchor: str | os.PathLike, rel: str | os.PathLike, data: bytes | str, *, mode: int = 0o644) -> None:
    """Put ``data`` at ``anchor/rel`` whatever entry is there now (a file, a link, a FIFO): a
    new file is written beside it and renamed over it, so an existing link is replaced, never
    written through. The parent folders must exist and not be links; a folder at the path is
    refused (``not_regular_file``)."""
    text, parts = _target(rel)
    parent = _walk(anchor, parts[:-1], text, create=False)
    try:
        with contextlib.suppress(FileNotFoundError):
            if stat.S_ISDIR(os.stat(parts[-1], dir_fd=parent, follow_symlinks=False).st_mode):
                raise HostFileRefused(Refusal.NOT_REGULAR, text)
        temp = f".{parts[-1]}.crossfile-{os.getpid()}-{secrets.token_hex(4)}"
        _create(parent, temp, data, mode, text)
        try:
            os.rename(temp, parts[-1], src_dir_fd=parent, dst_dir_fd=parent)
        except OSError as exc:
            with contextlib.suppress(OSError):
                os.unlink(temp, dir_fd=parent)
            raise HostFileRefused(Refusal.UNREADABLE, text, str(exc)) from None
    finally:
        os.close(parent)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


@dataclass(frozen=True)
class Entry:
    name: str
    kind: str  # "file" (regular), "dir", "symlink" or "other" (FIFO, socket, device)
    size: int


def _kind(mode: int) -> str:
    if stat.S_ISLNK(mode):
        return "symlink"
    if stat.S_ISREG(mode):
        return "file"
    if stat.S_ISDIR(mode):
        return "dir"
    return "other"


def list_dir(anchor: str | os.PathLike, rel: str | os.PathLike = "") -> list[Entry]:
    """The entries of the folder ``anchor/rel``, sorted by name, described without following
    links (lstat)."""
    with open_dir(anchor, rel) as fd:
        out = []
        for name in os.listdir(fd):
            try:
                st = os.stat(name, dir_fd=fd, follow_symlinks=False)
            except OSError:
                continue  # gone meanwhile
            out.append(Entry(name, _kind(st.st_mode), st.st_size))
    return sorted(out, key=lambda e: e.name)


def walk_files(anchor: str | os.PathLike, rel: str | os.PathLike = "", *,
               max_entries: int = 100_000) -> tuple[list[str], list[tuple[str, Refusal]]]:
    """Regular files under ``anchor/rel`` (paths relative to ``rel``, ``/``-separated, sorted),
    never entering a linked folder; and what was passed over with its reason (links, FIFOs,
    sockets, devices; the entries beyond ``max_entries`` as ``too_large``)."""
    files: list[str] = []
    skipped: list[tuple[str, Refusal]] = []
    stack = [""]
    seen = 0
    base = _parts(rel)
    while stack:
        sub = stack.pop()
        for entry in list_dir(anchor, "/".join([*base, *_parts(sub)]) or ""):
            path = f"{sub}/{entry.name}" if sub else entry.name
            seen += 1
            if seen > max_entries:
                skipped.append((path, Refusal.TOO_LARGE))
                continue
            if entry.kind == "file":
                files.append(path)
            elif entry.kind == "dir":
                stack.append(path)
            else:
                skipped.append((path, Refusal.SYMLINK if entry.kind == "symlink" else Refusal.NOT_REGULAR))
    return sorted(files), sorted(skipped)


def is_regular_file(anchor: str | os.PathLike, rel: str | os.PathLike) -> bool:
    """True when ``anchor/rel`` is a regular file reached without any link (no open, no wait)."""
    parts = _parts(rel)
    if not parts:
        return False
    try:
        with open_dir(anchor, "/".join(parts[:-1])) as fd:
            st = os.stat(parts[-1], dir_fd=fd, follow_symlinks=False)
    except OSError:
        return False
    return stat.S_ISREG(st.st_mode)

