"""A content-addressed cache of checker results, shared by every build on a machine.

Checking is by far the most expensive step, and its result depends only on the repository's
content and the checker (its version, our stubbing code), not on filters, retrievers, seeds
or token budgets. So the usages found in a repository are stored under a key made of the
repository's content hash and the language's checker fingerprint: an unchanged repository is
never re-checked, even by builds with other settings. Results that include a checker time-out
or crash are not cached (those may be transient). Entries are written atomically.

A cache is shared, long-lived state that other programs, disks and people can damage, so an
entry is trusted only when it proves itself: it carries a schema version and a checksum over
its key and payload. Anything else (garbage, ``{}``, ``[]``, an edited entry, an entry of an
older format) is counted under ``cache/<reason>``, deleted and recomputed, never used and never
fatal. A cache folder that cannot be written is an error before any work starts
(:func:`ensure_usable`), not a failure of every repository.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
import tempfile
from pathlib import Path

from crossfile_datasets.core.records import CrossFileUsage
from crossfile_datasets.core import constants as C
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.core.skipnames import generic_skip, skipped_dir
from crossfile_datasets.core.text import read_regular

CACHE_FORMAT = "3"  # part of every key and entry: bump when the entry layout changes
TRANSIENT_REASONS = ("checker_timeout", "checker_crash")


class CacheDirError(ValueError):
    """The cache folder cannot be used (not a folder, not writable)."""


def ensure_usable(root: Path) -> Path:
    """Create ``root`` if needed and prove it is a writable folder, or raise :class:`CacheDirError`."""
    try:
        root.mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(prefix=".probe-", dir=root)
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        raise CacheDirError(f"cache folder {root} is not usable ({exc.strerror or exc}); "
                            "pass a writable --cache-dir or --no-cache") from exc
    return root


def tree_hash(root: Path) -> str:
    """Hash of every regular file that can influence checking (sources, build and checker
    configuration), skipping vendored, cache and hidden folders and links, as listing does. Folders
    with a generic name (``build``, ``dist``, ``env``: ``core/repofiles.generic_skip``) are hashed:
    the listing walks them when they hold the project's code (pypa/build's ``src/build``), so a
    change there must change the key. Only regular files are opened (a FIFO would block forever);
    other entries and names that are not UTF-8 enter the hash by name and kind."""
    digest = hashlib.sha256()
    # iterative, in os.walk's order (a folder's files, then its sub-folders by name, depth first):
    # a tree thousands of folders deep is no RecursionError (red team 2026-11-28d row 4); folders
    # deeper than MAX_DIR_DEPTH enter by name only, as the listing does not walk them either
    stack: list[tuple[str, int]] = [(os.fspath(root), 0)]
    while stack:
        dirpath, depth = stack.pop()
        try:
            with os.scandir(dirpath) as entries:
                listed = [(e.name, _is_dir(e)) for e in entries]
        except OSError:
            continue  # as os.walk: an unreadable folder adds nothing
        dirnames = sorted(n for n, is_dir in listed if is_dir and (generic_skip(n) or not skipped_dir(n))
                          and not os.path.islink(os.path.join(dirpath, n)))
        filenames = [n for n, is_dir in listed if not is_dir]
        rel_dir = os.fsencode(os.path.relpath(dirpath, root))
        for name in sorted(filenames):
            full = os.path.join(dirpath, name)
            label = rel_dir + b"/" + os.fsencode(name)
            try:
                info = os.lstat(full)
                if stat.S_ISLNK(info.st_mode):
                    digest.update(b"L " + label + b" -> " + os.fsencode(os.readlink(full)) + b"\n")
                elif not stat.S_ISREG(info.st_mode):
                    digest.update(b"S " + label + f" {stat.S_IFMT(info.st_mode)}\n".encode())
                else:
                    digest.update(b"F " + label + f" {info.st_size}\n".encode())
                    if info.st_size <= C.MAX_FILE_BYTES:
                        digest.update(hashlib.sha256(read_regular(full, C.MAX_FILE_BYTES + 1)).digest())
            except OSError:
                digest.update(b"E " + label + b"\n")
        if depth + 1 > C.MAX_DIR_DEPTH:
            for name in dirnames:
                digest.update(b"D " + rel_dir + b"/" + os.fsencode(name) + b" too deep\n")
            continue
        stack.extend((os.path.join(dirpath, name), depth + 1) for name in reversed(dirnames))
    return digest.hexdigest()


def _is_dir(entry: os.DirEntry) -> bool:
    """os.walk's test: a folder, or a link to one (links are left out by the caller)."""
    try:
        return entry.is_dir()
    except OSError:
        return False


def _checksum(key: str, payload: dict) -> str:
    text = json.dumps(payload, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(f"{CACHE_FORMAT}|{key}|{text}".encode()).hexdigest()


class UsageCache:
    def __init__(self, root: Path) -> None:
        self.root = root

    def key(self, lang: str, checker_fingerprint: str, content_hash: str) -> str:
        return hashlib.sha256(f"{CACHE_FORMAT}|{lang}|{checker_fingerprint}|{content_hash}".encode()).hexdigest()

    def _path(self, lang: str, key: str) -> Path:
        return self.root / "usages" / lang / key[:2] / f"{key}.json"

    def load(self, lang: str, key: str, report: BuildReport | None = None) -> tuple[list[CrossFileUsage], BuildReport] | None:
        """The entry for ``key``, or None when absent or unusable (then counted and deleted)."""
        path = self._path(lang, key)
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            return None
        except OSError as exc:
            self._discard(path, "unreadable_entry", str(exc), report)
            return None
        try:
            text = data.decode("utf-8")
            entry = json.loads(text)
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            self._discard(path, "corrupt_entry", f"not JSON: {exc}", report)
            return None
        if not isinstance(entry, dict) or not isinstance(entry.get("payload"), dict):
            self._discard(path, "corrupt_entry", f"not an entry: {text[:80]!r}", report)
            return None
        if entry.get("format") != CACHE_FORMAT:
            self._discard(path, "stale_format", f"format {entry.get('format')!r}", report)
            return None
        if entry.get("checksum") != _checksum(key, entry["payload"]):
            self._discard(path, "checksum_mismatch", "content does not match its checksum", report)
            return None
        try:
            payload = entry["payload"]
            usages = [CrossFileUsage(**u) for u in payload["usages"]]
            replay = BuildReport.from_dict(payload["report"])
        except (KeyError, TypeError, AttributeError, ValueError) as exc:
            self._discard(path, "corrupt_entry", f"{type(exc).__name__}: {exc}", report)
            return None
        return usages, replay

    def _discard(self, path: Path, reason: str, detail: str, report: BuildReport | None) -> None:
        if report is not None:
            report.count("cache", reason, path.name, detail)
        try:
            path.unlink()
        except OSError:
            pass  # a read-only entry is simply overwritten by the next store (os.replace)
        return None

    def store(self, lang: str, key: str, usages: list[CrossFileUsage], report: BuildReport) -> bool:
        if any(k.endswith(TRANSIENT_REASONS) for k in report.counts):
            return False
        path = self._path(lang, key)
        path.parent.mkdir(parents=True, exist_ok=True)
        # Replayed on a hit: what was skipped and why. Not replayed: timings and process counts,
        # which describe work the hit does not do.
        counts = report.counts.copy()
        for name in [k for k in counts if k.startswith("checker/")]:
            del counts[name]
        replay = BuildReport(counts, {k: v for k, v in report.samples.items() if k in counts}, {},
                             places={k: v for k, v in report.places.items() if k in counts})
        payload = json.loads(json.dumps({"usages": [u.to_json() for u in usages], "report": replay.to_dict(places=True)}))
        entry = {"format": CACHE_FORMAT, "checksum": _checksum(key, payload), "payload": payload}
        fd, tmp = tempfile.mkstemp(prefix=f".{key}.", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(entry, fh)
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, path)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise
        return True
