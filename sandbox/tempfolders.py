"""The temporary folders of a harness: made, held, removed, and swept after a killed harness.

Why it exists: sandboxed code owns everything inside its sandbox folder, so removing that folder
afterwards is a host-side walk of a tree an adversary built (issue 27, the red team's rows 4,
15, 19 and 20 in ``tests/hostile/redteam/README.md``). Three rules:

- :func:`remove_tree` is iterative (a tree of any depth: no recursion, at most three open
  descriptors), walks by directory descriptors and never follows a link (``O_NOFOLLOW``,
  ``lstat``), checks each ``..`` it climbs against the folder it came from, stays on the
  folder's own filesystem, and only ever opens up (chmod) real folders *inside* the tree that
  belong to us: never the tree's parent, never a link's target. It never raises; it returns how
  many entries it could not remove, for the caller to count.
- :class:`HeldFolder`: every folder a harness makes for sandboxed runs is named
  ``crossfile-sandbox-<pid>-...`` in the temporary folder and has a sibling lock file
  ``<folder>.lock`` that the harness keeps ``flock()``-ed while the folder lives. The lock file
  lies outside the folder, where sandboxed code cannot reach it. A kernel releases a flock when
  its holder dies, whatever pid namespace it lived in, so a lock that can be taken is the only
  proof a folder is stale that holds across containers and CI jobs sharing one ``/tmp``
  (a pid is not: it names another process, or none, in another namespace).
- :func:`sweep_stale_sandboxes` (run once per process, at its first ``Sandbox()``) removes the
  folders whose lock it can take, and only real folders owned by us (a link or another user's
  entry named like ours is left alone). The build's sweep of its ``crossfile-build-*`` folders
  (lock inside the folder) is the same code, :func:`sweep_held_folders` (red team 2026-11-29
  rows 1-2: it opened a planted ``.lock`` link with ``O_CREAT``). A folder without a lock file (made before locks, or a
  folder of the host's own such as ``pytest_runs``'s coverage copy) goes only when the pid in its
  name is gone *and* it has not changed for :data:`UNLOCKED_STALE_SECONDS`.
"""

from __future__ import annotations

import errno
import fcntl
import os
import stat
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

SANDBOX_PREFIX = "crossfile-sandbox-"
LOCK_SUFFIX = ".lock"
# a folder without a lock file is stale only when its pid is gone here and it has not changed for
# this long (ours: no single sandboxed run lasts an hour; CLASS_SUITE_TIMEOUT is 20 minutes)
UNLOCKED_STALE_SECONDS = 3600.0

_DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC


# ------------------------------------------------------------------------------ removal --
def _open_dir(name: str, parent_fd: int, euid: int) -> int:
    """A descriptor of the real folder ``name`` under ``parent_fd`` (never through a link). A
    folder of ours that we may not read (sandboxed code chmodded it) is opened up first, through
    an ``O_PATH`` descriptor of that very folder, never by a name that could be a link."""
    try:
        return os.open(name, _DIR_FLAGS, dir_fd=parent_fd)
    except PermissionError:
        pass
    path_fd = os.open(name, os.O_PATH | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC, dir_fd=parent_fd)
    try:
        st = os.fstat(path_fd)
        if not stat.S_ISDIR(st.st_mode) or st.st_uid != euid:
            raise PermissionError(errno.EACCES, "not a folder of ours", name)
        os.chmod(f"/proc/self/fd/{path_fd}", 0o700)  # the folder the O_PATH descriptor holds
    finally:
        os.close(path_fd)
    return os.open(name, _DIR_FLAGS, dir_fd=parent_fd)


def _writable(fd: int, euid: int) -> None:
    """Let us remove entries of the open folder ``fd`` (a folder of ours made read-only)."""
    if euid == 0:
        return  # root needs no permission bits
    st = os.fstat(fd)
    if st.st_uid == euid and st.st_mode & 0o700 != 0o700:
        os.fchmod(fd, 0o700)


@dataclass
class _Level:
    name: str  # in its parent
    dev: int
    ino: int
    subdirs: list[str]  # still to remove


def _scan(fd: int, euid: int) -> tuple[list[str], int]:
    """Unlink every entry of the open folder that is not a folder (links included, never
    followed); return its subfolders and how many entries could not be unlinked."""
    try:
        _writable(fd, euid)
    except OSError:
        pass
    subdirs, left = [], 0
    with os.scandir(fd) as entries:
        for entry in entries:
            try:
                if entry.is_dir(follow_symlinks=False):
                    subdirs.append(entry.name)
                    continue
                os.unlink(entry.name, dir_fd=fd)
            except FileNotFoundError:
                pass
            except OSError:
                left += 1
    return subdirs, left


def remove_tree(path: str | os.PathLike) -> int:
    """Remove ``path`` and everything under it, whatever the sandboxed code made of it (a tree
    of any depth or width, folders made unreadable or read-only, links anywhere). Returns how
    many entries are left (0: the tree is gone, or was never there); never raises an OSError.

    A link or a file at ``path`` is unlinked, never followed. The walk holds at most three
    descriptors, descends with ``O_NOFOLLOW``, does not cross into another filesystem, and climbs
    back by ``..`` only when it leads to the very folder it came from (else it stops: something
    moved the folder during the walk)."""
    path = os.path.abspath(os.fspath(path))
    parent, name = os.path.split(path)
    euid = os.geteuid()
    try:
        parent_fd = os.open(parent, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except FileNotFoundError:
        return 0
    except OSError:
        return 1
    try:
        try:
            st = os.lstat(name, dir_fd=parent_fd)
        except FileNotFoundError:
            return 0
        if not stat.S_ISDIR(st.st_mode):
            try:
                os.unlink(name, dir_fd=parent_fd)
            except FileNotFoundError:
                pass
            except OSError:
                return 1
            return 0
        return _remove_folder(parent_fd, name, st.st_dev, euid)
    except OSError:
        return 1
    finally:
        os.close(parent_fd)


def _remove_folder(parent_fd: int, name: str, dev: int, euid: int) -> int:
    try:
        fd = _open_dir(name, parent_fd, euid)
    except FileNotFoundError:
        return 0
    except OSError:
        return 1
    left = 0
    try:
        st = os.fstat(fd)
        subdirs, left = _scan(fd, euid)
        stack = [_Level(name, st.st_dev, st.st_ino, subdirs)]
        while True:
            level = stack[-1]
            if level.subdirs:
                child = level.subdirs.pop()
                try:
                    child_fd = _open_dir(child, fd, euid)
                except FileNotFoundError:
                    continue
                except OSError:
                    left += 1
                    continue
                cst = os.fstat(child_fd)
                if cst.st_dev != dev:  # a mount point: never walk into another filesystem
                    os.close(child_fd)
                    left += 1
                    continue
                os.close(fd)
                fd = child_fd
                subdirs, failed = _scan(fd, euid)
                left += failed
                stack.append(_Level(child, cst.st_dev, cst.st_ino, subdirs))
                continue
            # every entry of this folder is gone (or counted): climb back and remove it
            stack.pop()
            if not stack:
                os.close(fd)
                fd = -1
                try:
                    os.rmdir(name, dir_fd=parent_fd)
                except FileNotFoundError:
                    pass
                except OSError:
                    left += 1
                return left
            up = os.open("..", os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC, dir_fd=fd)
            ust = os.fstat(up)
            if (ust.st_dev, ust.st_ino) != (stack[-1].dev, stack[-1].ino):
                os.close(up)  # the folder was moved during the walk: stop rather than go astray
                return left + 1 + sum(len(lv.subdirs) for lv in stack)
            os.close(fd)
            fd = up
            try:
                os.rmdir(level.name, dir_fd=fd)
            except FileNotFoundError:
                pass
            except OSError:
                left += 1
    except OSError:
        return left + 1
    finally:
        if fd >= 0:
            os.close(fd)


# ------------------------------------------------------------------------ held folders --
class HeldFolder:
    """A new folder ``<parent>/crossfile-sandbox-<pid>-<purpose><random>`` and its lock file
    ``<folder>.lock``, held ``flock()``-ed until :meth:`close` (or this process's death). The lock
    file is made first, so a folder of ours never exists without its lock held."""

    def __init__(self, purpose: str = "", parent: str | os.PathLike | None = None) -> None:
        parent = os.fspath(parent) if parent is not None else tempfile.gettempdir()
        prefix = f"{SANDBOX_PREFIX}{os.getpid()}-{purpose}"
        while True:
            fd, lock = tempfile.mkstemp(prefix=prefix, suffix=LOCK_SUFFIX, dir=parent)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                # a sweep may have taken the new lock file for an orphan before we locked it
                if _same_file(fd, lock):
                    os.mkdir(lock[: -len(LOCK_SUFFIX)], 0o700)
                    break
            except FileExistsError:
                _unlink_quietly(lock)
            except BaseException:
                os.close(fd)
                _unlink_quietly(lock)
                raise
            os.close(fd)
        self._fd = fd
        self.lock = Path(lock)
        self.path = Path(lock[: -len(LOCK_SUFFIX)])
        self.left = 0  # entries close() could not remove

    def close(self) -> int:
        """Remove the folder, then let go of the lock (its file goes with the folder; when
        entries are left, it stays for the next sweep to try again). Returns the entries left."""
        if self._fd < 0:
            return self.left
        self.left = remove_tree(self.path)
        if self.left:
            print(f"crossfile-datasets: {self.left} entries of {self.path} could not be removed; "
                  f"the next harness's sweep tries again", file=sys.stderr, flush=True)
        else:
            _unlink_quietly(self.lock)
        os.close(self._fd)
        self._fd = -1
        return self.left

    def __enter__(self) -> "HeldFolder":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def _same_file(fd: int, path: str, dir_fd: int | None = None) -> bool:
    try:
        named, held = os.lstat(path, dir_fd=dir_fd), os.fstat(fd)
    except OSError:
        return False
    return (named.st_dev, named.st_ino) == (held.st_dev, held.st_ino)


def _unlink_quietly(path: str | os.PathLike) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


# ------------------------------------------------------------------------------- sweep --
@dataclass
class Sweep:
    """What a sweep did: folders removed, folders it could not remove entirely (counted, left for
    the next sweep), orphan lock files removed; ``names``: the folders removed."""

    removed: int = 0
    failed: int = 0
    orphan_locks: int = 0
    names: list[str] = field(default_factory=list, compare=False)


def sweep_stale_sandboxes(parent: str | os.PathLike | None = None) -> Sweep:
    """Remove the folders of harnesses that are gone (killed before they could clean up) from
    ``parent`` (the temporary folder by default): a folder whose lock file's ``flock`` can be
    taken; a folder without one only when the pid in its name is gone here and it has not
    changed for :data:`UNLOCKED_STALE_SECONDS`. Only real folders owned by us are touched; never
    raises an OSError."""
    return sweep_held_folders(parent, SANDBOX_PREFIX)


def sweep_held_folders(parent: str | os.PathLike | None, prefix: str, *, lock_inside: bool = False) -> Sweep:
    """Remove the stale folders named ``<prefix><pid>-...`` of ``parent``: their lock file's
    ``flock`` is free (its holder is gone, in whatever pid namespace). The lock file is the
    sibling ``<folder>.lock`` (held folders), or with ``lock_inside`` the folder's own ``.lock``
    (the build's ``crossfile-build-*`` folders). A folder without a lock file goes only when the
    pid in its name is gone here and it has not changed for :data:`UNLOCKED_STALE_SECONDS`.

    The one rule of both sweeps (red team 2026-11-27 rows 15 and 19, 2026-11-29 row 1): only a
    real folder owned by us is touched (``lstat``), it is opened ``O_DIRECTORY|O_NOFOLLOW``, and
    its lock is opened ``O_NOFOLLOW`` without ``O_CREAT`` and taken only when it is a regular file
    of ours: a link another user planted is never followed, no file is ever created. Never
    raises an OSError."""
    parent = os.fspath(parent) if parent is not None else tempfile.gettempdir()
    done = Sweep()
    try:
        names = os.listdir(parent)
    except OSError:
        return done
    euid = os.geteuid()
    present = set(names)
    for name in sorted(names):
        if not name.startswith(prefix):
            continue
        if not lock_inside and name.endswith(LOCK_SUFFIX):
            if name[: -len(LOCK_SUFFIX)] not in present and _orphan_lock(parent, name, euid):
                done.orphan_locks += 1
            continue
        try:
            st = os.lstat(os.path.join(parent, name))
        except OSError:
            continue
        if not stat.S_ISDIR(st.st_mode) or st.st_uid != euid:
            continue  # a link, a file, another user's folder: not ours to touch
        lock_fd = _take_folder_lock(parent, name, st, euid, lock_inside)
        if lock_fd is None:
            continue  # held: its owner is alive (in whatever pid namespace)
        try:
            if lock_fd == _NO_LOCK_FILE and not _unlocked_stale(name, st, prefix):
                continue
            left = remove_tree(os.path.join(parent, name))
            if left:
                done.failed += 1
            else:
                done.removed += 1
                done.names.append(name)
                if lock_fd >= 0 and not lock_inside:
                    _unlink_quietly(os.path.join(parent, name + LOCK_SUFFIX))
        finally:
            if lock_fd >= 0:
                os.close(lock_fd)
    return done


_NO_LOCK_FILE = -2


def _take_folder_lock(parent: str, name: str, st: os.stat_result, euid: int, lock_inside: bool) -> int | None:
    """:func:`_take_lock` of the folder ``name``'s lock file: its sibling, or (``lock_inside``) its
    own ``.lock``, opened in the very folder ``st`` describes (never through a link)."""
    if not lock_inside:
        return _take_lock(parent, name + LOCK_SUFFIX, euid)
    try:
        folder_fd = os.open(os.path.join(parent, name), _DIR_FLAGS)
    except OSError:
        return None
    try:
        held = os.fstat(folder_fd)
        if (held.st_dev, held.st_ino) != (st.st_dev, st.st_ino):
            return None  # replaced since the lstat: the next sweep decides
        return _take_lock(parent, LOCK_SUFFIX, euid, dir_fd=folder_fd)
    finally:
        os.close(folder_fd)


def _take_lock(parent: str, lock_name: str, euid: int, dir_fd: int | None = None) -> int | None:
    """The descriptor of ``lock_name`` (in ``parent``, or in the open folder ``dir_fd``)
    flock()-ed by us (its folder is stale), None when it is held or not a lock file of ours,
    ``_NO_LOCK_FILE`` when there is none. Never created, never followed."""
    path = lock_name if dir_fd is not None else os.path.join(parent, lock_name)
    try:
        fd = os.open(path, os.O_RDWR | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, dir_fd=dir_fd)
    except FileNotFoundError:
        return _NO_LOCK_FILE
    except OSError:
        return None  # a link (ELOOP), not ours to open
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_uid != euid:
            raise BlockingIOError
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        if not _same_file(fd, path, dir_fd):
            raise BlockingIOError  # another sweep removed it meanwhile: that sweep owns the folder
    except OSError:
        os.close(fd)
        return None
    return fd


def _orphan_lock(parent: str, name: str, euid: int) -> bool:
    """Remove a lock file of ours whose folder is gone and whose holder is gone too."""
    fd = _take_lock(parent, name, euid)
    if fd is None or fd == _NO_LOCK_FILE:
        return False
    try:
        if os.path.lexists(os.path.join(parent, name[: -len(LOCK_SUFFIX)])):
            return False  # its folder appeared meanwhile: the next sweep decides
        _unlink_quietly(os.path.join(parent, name))
        return True
    finally:
        os.close(fd)


def _unlocked_stale(name: str, st: os.stat_result, prefix: str) -> bool:
    pid, dash, _ = name[len(prefix):].partition("-")
    if not dash or not pid.isdigit() or _alive(int(pid)):
        return False  # folders named without a pid are left alone (whose they are is unknown)
    # ctime: sandboxed code can set a folder's mtime back, not its ctime
    return time.time() - st.st_ctime > UNLOCKED_STALE_SECONDS


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True
