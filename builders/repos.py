"""Repository sources: where the code comes from, and which of its files we read.

Inputs are local directories, git URLs with an optional ``@commit`` (cloned into a cache
folder with the real ``git``), or JSONL/CSV manifests. Each resolves to a :class:`Repository`
with provenance (``url``, ``commit``, ``license``, ``snapshot_sha256``). :func:`list_sources`
walks a repository and returns the decoded source files of one language, counting every file
it refuses (vendored, generated, minified, binary, over-size, undecodable, links leaving the
repository) instead of failing on it.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import os
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Sequence

from crossfile_datasets.analyzers.run import RunStatus, run
from crossfile_datasets.core import constants as C
from crossfile_datasets.core.paths import default_cache_dir
from crossfile_datasets.core.records import Repository, hosted_path
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.core.repofiles import read_inside

# reasons a requested repository could not be resolved (counted under repositories/<reason>)
RESOLVE_FAILURES = ("clone_failed", "clone_too_large", "commit_not_found", "commit_mismatch", "git_failed",
                    "git_unreadable", "local_url_refused", "path_not_found", "path_outside_collection",
                    "unresolvable")


class RepositoryError(ValueError):
    """An input that cannot be turned into a repository (missing path, failed clone...).

    ``reason`` is the name it is counted under when one repository of many fails to resolve."""

    def __init__(self, message: str, reason: str = "unresolvable") -> None:
        super().__init__(message)
        self.reason = reason


@dataclass(frozen=True)
class RepoSpec:
    """One requested repository before resolution."""

    url: str | None = None
    path: str | None = None
    commit: str | None = None
    license: str | None = None
    name: str | None = None
    meta: dict = field(default_factory=dict, compare=False, hash=False)
    # why a manifest row or a collection's folder may not be resolved (counted by resolve under
    # repositories/<refusal_reason>)
    refusal: str = field(default="", compare=False)
    refusal_reason: str = field(default="local_url_refused", compare=False)


_SCHEME_URL = re.compile(r"([a-z][a-z0-9+.-]*://)([^/?#]*)(.*)", re.I | re.S)
_SCP_URL = re.compile(r"[^@/\s]+@[^:/\s]+:")


def public_url(url: str) -> str:
    """A URL as records publish it: no credentials and no query or fragment
    (``https://user:token@host/x?private_token=t#f`` -> ``https://host/x``). The user part of a
    URL's authority goes up to its last ``@`` (a password may hold one); a query or fragment
    is where tokens ride (``?access_token=``), never part of a repository's address."""
    text = url.strip()
    m = _SCHEME_URL.fullmatch(text)
    if m:
        scheme, authority, rest = m.groups()
        return scheme + authority.rpartition("@")[2] + re.split(r"[?#]", rest, maxsplit=1)[0]
    if _SCP_URL.match(text):  # git@host:owner/name.git
        return re.split(r"[?#]", text, maxsplit=1)[0]
    return text


_URL_IN_TEXT = re.compile(r"[a-z][a-z0-9+.-]*://[^\s'\"<>`]+", re.I)


def redact(text: str) -> str:
    """``text`` (an error message, git's words) with every URL in it as :func:`public_url` gives
    it: no ``user:token@``, no query or fragment. What a build counts, prints or publishes about
    a repository goes through it (red team 2026-11-28d row 3: a failed clone's message carried
    the URL's token into stats.json, the card and the Hub)."""
    return _URL_IN_TEXT.sub(lambda m: public_url(m.group(0)), text)


_NETWORK_URL = re.compile(r"(https?|ssh|git|git\+ssh|ssh\+git)://[^/?#\s]+", re.I)


def network_url(url: str) -> bool:
    """Whether git reaches ``url`` over the network (``https://``, ``ssh://``, ``git://``,
    ``git@host:owner/name``), not on this machine (``file://``, a folder's path, ``ext::`` and
    the other local transports)."""
    text = url.strip()
    return bool(_NETWORK_URL.match(text) or (_SCP_URL.match(text) and "://" not in text.split(":", 1)[0]))


def _local_url_folder(url: str, base: Path) -> Path | None:
    """The folder a local manifest ``url`` names (``file:///x``, ``/x``, ``x`` relative to the
    manifest's folder ``base``), or None when it is no folder's (another transport)."""
    text = url.strip()
    if text.lower().startswith("file://"):
        rest = text[len("file://"):]
        if not rest.startswith("/"):  # file://host/path: another machine's, or a trick
            return None
        return Path(rest).resolve()
    if re.match(r"^[a-z][a-z0-9+.-]*::", text, re.I) or "://" in text:  # ext::cmd, fd::, other schemes
        return None
    return (base / text).resolve()


_SAFE = re.compile(r"[^A-Za-z0-9_.-]+")


def safe_name(text: str) -> str:
    return _SAFE.sub("_", text).strip("._") or "repo"


# ---------------------------------------------------------------------------------- specs --
def parse_repo_argument(value: str, allow_outside_manifest: bool = False) -> list[RepoSpec]:
    """A ``--repos`` value: a directory, a git URL with optional ``@commit``, or a manifest."""
    if value.endswith((".jsonl", ".csv")) and Path(value).is_file():
        return read_manifest(Path(value), allow_outside_manifest)
    if _looks_like_url(value):
        url, commit = split_commit(value)
        return [RepoSpec(url=url, commit=commit)]
    path = Path(value)
    if not path.exists():
        raise RepositoryError(f"repository path does not exist: {value}")
    if not path.is_dir():
        raise RepositoryError(f"repository path is not a directory: {value}")
    return [RepoSpec(path=str(path))]


def collection_specs(directory: Path, allow_outside: bool = False) -> list[RepoSpec]:
    """Every immediate subdirectory of ``directory`` is one repository (sorted by name).

    The manifest's rule holds for a collection (red team 2026-11-30 row 1): a sub-folder that is
    a link (or whose path goes through one) to a folder outside the collection is not one of its
    repositories; its spec is refused and counted ``repositories/path_outside_collection`` by
    :func:`resolve` (the others are built) unless ``allow_outside`` (``--allow-outside-manifest``).
    A collection (an unpacked archive, a shared folder, a checkout: git stores links) must not
    make the build read, and publish, any folder of the machine."""
    if not directory.is_dir():
        raise RepositoryError(f"repositories folder does not exist: {directory}")
    base = directory.resolve()
    specs = []
    for p in sorted(directory.iterdir()):
        if not p.is_dir() or p.name.startswith("."):
            continue
        resolved = p.resolve()
        refusal = ""
        if not allow_outside and base not in resolved.parents:
            refusal = (f"{p.name}: a link to a folder outside the repositories folder {base}; "
                       "pass --allow-outside-manifest to build it")
        specs.append(RepoSpec(path=str(p), refusal=refusal, refusal_reason="path_outside_collection"))
    return specs


def _looks_like_url(value: str) -> bool:
    return bool(re.match(r"^(https?|git|ssh|file)://", value)) or bool(re.match(r"^[\w.-]+@[\w.-]+:", value))


def split_commit(value: str) -> tuple[str, str | None]:
    """``https://host/o/r.git@abc123`` -> (url, "abc123"); the user@host part of ssh URLs is kept."""
    head, sep, tail = value.rpartition("@")
    if sep and tail and "/" not in tail and ":" not in tail:
        return head, tail
    return value, None


def _manifest_text(path: Path) -> str:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise RepositoryError(f"{path}: cannot read the manifest: {exc}") from exc
    if data.startswith((b"\xff\xfe", b"\xfe\xff")) or b"\x00" in data[:4096]:
        raise RepositoryError(f"{path}: the manifest is UTF-16 encoded; save it as UTF-8")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise RepositoryError(f"{path}: the manifest is not valid UTF-8 ({exc}); save it as UTF-8") from exc


def read_manifest(path: Path, allow_outside: bool = False) -> list[RepoSpec]:
    """JSONL (``{"url"|"path", "commit", "license", ...}`` per line) or CSV with those columns.

    A ``path`` is relative to the manifest's folder and may not leave it (``../../etc``, ``/etc``)
    unless ``allow_outside``: a manifest from elsewhere must not make the build read any folder
    of the machine. A ``url`` that git would read on this machine (``file:///x``, a folder's
    path, ``ext::``) is held to the same rule (red team 2026-11-28d row 1): outside the manifest's
    folder, or no folder at all, its row is refused and counted ``repositories/local_url_refused``
    (the other rows are built) unless ``allow_outside``."""
    rows: list[tuple[int, dict]] = []
    text = _manifest_text(path)
    if path.suffix == ".csv":
        rows = [(n, dict(r)) for n, r in enumerate(csv.DictReader(io.StringIO(text, newline="")), 2)]
    else:
        for n, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError as exc:
                raise RepositoryError(f"{path}:{n}: not valid JSON: {exc}") from exc
            if not isinstance(row, dict):
                raise RepositoryError(f"{path}:{n}: expected a JSON object like {{\"url\": ...}} or {{\"path\": ...}}, got {type(row).__name__}")
            rows.append((n, row))
    base = path.parent.resolve()
    specs = []
    for n, row in rows:
        url, local = row.get("url") or None, row.get("path") or None
        if not url and not local:
            raise RepositoryError(f"{path}:{n}: entry has neither 'url' nor 'path'")
        for key in ("url", "path", "commit", "license", "name"):
            if row.get(key) is not None and not isinstance(row[key], str):
                raise RepositoryError(f"{path}:{n}: '{key}' must be a string, got {type(row[key]).__name__}")
        if local:
            resolved = (base / local).resolve()  # an absolute path stays absolute
            if not allow_outside and resolved != base and base not in resolved.parents:
                raise RepositoryError(f"{path}:{n}: path {local!r} leaves the manifest's folder {base}; "
                                      "pass --allow-outside-manifest to build it")
            local = str(resolved)
        refusal = ""
        if url and not local and not network_url(url) and not allow_outside:
            folder = _local_url_folder(url, base)
            if folder is None or (folder != base and base not in folder.parents):
                refusal = (f"{path.name}:{n}: url {redact(url)!r} is not a network URL and names no folder inside the "
                           "manifest's folder; pass --allow-outside-manifest to build it")
            elif not url.strip().lower().startswith("file://"):
                url = str(folder)  # git would read a relative path from the build's folder, not the manifest's
        meta = {k: v for k, v in row.items() if k not in {"url", "path", "commit", "license", "name"}}
        specs.append(RepoSpec(url=url, path=local, commit=row.get("commit") or None,
                              license=row.get("license") or None, name=row.get("name") or None, meta=meta,
                              refusal=refusal))
    return specs


def _git_run(args: Sequence[str], cwd: Path | None, timeout: float, **kwargs):
    """One git command that never prompts for credentials (its result, whatever it is)."""
    return run(["git", *args], cwd=cwd, timeout=timeout, env={**os.environ, "GIT_TERMINAL_PROMPT": "0"}, **kwargs)


def git(args: Sequence[str], cwd: Path | None = None, timeout: float = 600) -> str:
    res = _git_run(args, cwd, timeout)
    if res.status is RunStatus.NOT_FOUND:
        raise RepositoryError("git is not installed: install it (apt-get install -y git)")
    if not res.ok:
        raise RepositoryError(redact(f"git {' '.join(args)} failed ({res.status.value}, exit {res.returncode}): "
                                     f"{res.stderr.strip()[-500:]}"), "git_failed")
    return res.stdout.strip()


def resolve(spec: RepoSpec, cache_dir: Path | None = None) -> Repository:
    """Make the spec a local snapshot with provenance (cloning when it is a URL)."""
    if spec.refusal:
        raise RepositoryError(spec.refusal, spec.refusal_reason)
    if spec.url and not spec.path:
        try:
            root, commit = _clone(spec.url, spec.commit, cache_dir or default_cache_dir())
        except OSError as exc:  # the clone folder cannot be made or moved
            raise RepositoryError(f"cannot clone {public_url(spec.url)}: {exc.strerror or type(exc).__name__}",
                                  "clone_failed") from exc
        name = spec.name or _name_from_url(public_url(spec.url))  # a query's token never names a repository
        return Repository(safe_name(name), root, public_url(spec.url), commit, spec.license or detect_license(root), True)
    if spec.path is None:  # load_manifest never makes such a spec
        raise RepositoryError("a repository needs a 'url' or a 'path'", "path_not_found")
    root = Path(spec.path).resolve()
    if not root.is_dir():
        raise RepositoryError(f"repository path does not exist: {spec.path}", "path_not_found")
    dot_git = root / ".git"
    is_git = dot_git.exists() or dot_git.is_symlink()
    commit, remote = _local_provenance(root) if is_git else ("", "")
    if spec.commit and commit and not commit.startswith(spec.commit):
        raise RepositoryError(f"{root}: HEAD is {commit}, manifest asks for {spec.commit}", "commit_mismatch")
    # Provenance never names a folder of the build machine: the clone's remote, else the folder name.
    url = public_url(spec.url) if spec.url else remote or root.name
    return Repository(safe_name(spec.name or root.name), root, url, commit, spec.license or detect_license(root), is_git)


def _unreadable(root: Path, why: str) -> RepositoryError:
    return RepositoryError(f"{root}: git does not read its .git ({why}): its commit is unknown; repair the "
                           f".git folder or hand over a copy without it", "git_unreadable")


def _git_links_out(git_dir: Path) -> str:
    """The first path of ``git_dir`` (a ``.git`` folder) that is a link leaving it, or "". The
    objects' own folders are not walked (a link there can only give objects whose hash the
    sender names already; ``objects/info``, ``alternates``, is), nor what git does not read for
    this repository's HEAD and config (``modules/``: its submodules' repositories; ``lfs/``)."""
    for dirpath, dirnames, filenames in os.walk(git_dir):
        here = Path(dirpath)
        if here == git_dir:
            dirnames[:] = [d for d in dirnames if d not in ("modules", "lfs")]
        elif here == git_dir / "objects":
            dirnames[:] = [d for d in dirnames if d == "info"]
        for name in (*dirnames, *filenames):
            entry = here / name
            if entry.is_symlink():
                target = entry.resolve()
                if target != git_dir and git_dir not in target.parents:
                    return str(entry.relative_to(git_dir))
    return ""


def _local_provenance(root: Path) -> tuple[str, str]:
    """(commit, origin URL) of the folder ``root`` that has a ``.git``: the commit checked out, ""
    for a repository without commits (the content hash stands for it then); the URL "" when
    there is no hosted ``remote.origin.url``.

    Both are read from ``root/.git`` and nothing else (red team 2026-11-30 row 2: a ``.git``
    *file* ``gitdir: ../elsewhere/.git``, a ``commondir``, an ``[include]`` of another
    repository's config made the other repository's commit and URL the published provenance of
    code that is not theirs). A ``.git`` that is a file or a link, that holds a ``commondir`` or a
    link leaving it, whose config reads a file outside it (``include``, ``includeIf``), that git
    refuses (``[include] path = /dev/zero``, ``HEAD`` linked to ``/dev/zero``) or that is not the
    repository of ``root`` (``core.worktree``) is a :class:`RepositoryError`
    (``repositories/git_unreadable``), never a silent "" nor another repository's provenance."""
    git_dir = root / ".git"
    if git_dir.is_symlink() or not git_dir.is_dir():
        raise _unreadable(root, "it is a file (gitdir:, a worktree's or a submodule's) or a link: git would read "
                                "another folder's repository")
    git_dir = git_dir.resolve()
    if os.path.lexists(git_dir / "commondir"):
        raise _unreadable(root, "it holds a commondir (a linked worktree's): git would read another folder's repository")
    leaving = _git_links_out(git_dir)
    if leaving:
        raise _unreadable(root, f"its {leaving} is a link to a file outside it")
    remote = _remote_url(root)
    env = _git_dir_env(root)
    top = run(["git", "rev-parse", "--show-toplevel"], cwd=root, timeout=60, env=env)
    if not top.ok or Path(top.stdout.strip() or "/").resolve() != root:
        why = top.stderr.strip()[-300:] if not top.ok else f"git reads the work tree {top.stdout.strip()!r} there"
        raise _unreadable(root, why)
    head = run(["git", "rev-parse", "--verify", "--quiet", "HEAD^{commit}"], cwd=root, timeout=60, env=env)
    return (head.stdout.strip() if head.ok else ""), remote  # no commit yet: the content hash stands for it


def _git_dir_env(root: Path) -> dict[str, str]:
    """git's environment for the folder ``root``: it reads ``root/.git`` only, never a gitfile's
    repository nor an enclosing one."""
    env = {**os.environ, "GIT_TERMINAL_PROMPT": "0", "GIT_DIR": str((root / ".git").resolve()),
           "GIT_CEILING_DIRECTORIES": str(root.parent)}
    for name in ("GIT_COMMON_DIR", "GIT_WORK_TREE", "GIT_OBJECT_DIRECTORY", "GIT_ALTERNATE_OBJECT_DIRECTORIES"):
        env.pop(name, None)
    return env


def _remote_url(root: Path) -> str:
    """The hosted ``remote.origin.url`` of ``root/.git/config`` (the last one, as ``git config
    --get`` reads it), or "". Every file the config reads (``include``, ``includeIf``) must be in
    ``root/.git`` (:func:`_unreadable` otherwise): another repository's config is not this
    folder's provenance. A remote that is another local folder is a machine path: ""."""
    git_dir = (root / ".git").resolve()
    config = run(["git", "config", "--local", "--includes", "--show-origin", "--list", "-z"], cwd=root, timeout=60,
                 env=_git_dir_env(root))
    if config.status is RunStatus.NOT_FOUND:
        raise RepositoryError("git is not installed: install it (apt-get install -y git)")
    if not config.ok or config.stdout_truncated:
        raise _unreadable(root, config.stderr.strip()[-300:] or "its config is too large")
    remote = ""
    items = config.stdout.split("\0")
    for origin, item in zip(items[0::2], items[1::2]):
        if origin.startswith("file:"):
            source = (root / origin[len("file:"):]).resolve()
            if source != git_dir and git_dir not in source.parents:
                raise _unreadable(root, f"its config includes {origin[len('file:'):]!r}, outside it")
        key, _, value = item.partition("\n")
        if key == "remote.origin.url":
            remote = value
    url = public_url(remote)
    return url if hosted_path(url) else ""


def _name_from_url(url: str) -> str:
    tail = url.rstrip("/").rsplit("/", 2)
    name = "__".join(tail[-2:]) if len(tail) >= 2 else tail[-1]
    return name[:-4] if name.endswith(".git") else name


_HEX_PIN = re.compile(r"[0-9a-f]{4,64}")


def _pinned(head: str, commit: str | None) -> bool:
    """Whether the checked-out ``head`` is the commit ``commit`` asks for (a hash or its prefix;
    a name that is no hash was resolved at clone time)."""
    return not commit or not _HEX_PIN.fullmatch(commit.lower()) or head.startswith(commit.lower())


def _clone(url: str, commit: str | None, cache_dir: Path) -> tuple[Path, str]:
    """Clone ``url`` at ``commit`` into the cache (or reuse the entry) -> (folder, checked-out commit).

    The pinned commit is looked up as an object, never as a ref: a branch or tag named like the
    hash (the remote's owner chooses its names) is not what is built (red team 2026-11-28d row 2);
    the checked-out commit is compared with the pin (``commit_mismatch``), also for an entry of
    the cache. A clone is capped (``clone_too_large``): its objects, and the files and bytes its
    checkout would write, are measured before the checkout (git bombs)."""
    key = hashlib.sha256(f"{url}@{commit or 'HEAD'}".encode()).hexdigest()[:16]
    dest = cache_dir / "repos" / f"{safe_name(_name_from_url(url))}-{key}"
    if (dest / ".git").exists() and (dest / ".crossfile-ok").exists() and _checked_out_plain(dest):
        try:
            head = git(["rev-parse", "--verify", "HEAD^{commit}"], cwd=dest, timeout=60)
        except RepositoryError:
            head = ""
        if head and _pinned(head, commit):
            return dest, head
        shutil.rmtree(dest)  # an entry of another commit (cloned before this check): cloned again
    if commit and commit.startswith("-"):  # never an option of git
        raise RepositoryError(f"not a commit: {commit!r}", "commit_not_found")
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = dest.with_name(dest.name + ".partial")
    if tmp.exists():
        shutil.rmtree(tmp)
    try:
        head = _fetch_checkout(url, commit, tmp)
        (tmp / ".crossfile-ok").write_text("cloned\n")
        if dest.exists():
            shutil.rmtree(dest)
        tmp.rename(dest)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)  # a refused or killed clone leaves nothing in the cache
        raise
    return dest, head


# what every clone is checked out under ($GIT_DIR/info/attributes outranks the tree's
# .gitattributes): no keyword expansion, no line-end or encoding conversion, no filter driver
CHECKOUT_ATTRIBUTES = "* -ident -text -eol -working-tree-encoding -filter\n"


def _checked_out_plain(dest: Path) -> bool:
    """Whether the cached clone ``dest`` was checked out under :data:`CHECKOUT_ATTRIBUTES` (an
    entry of an older version of the tool, checked out under the repository's attributes, is
    cloned again)."""
    try:
        return (dest / ".git" / "info" / "attributes").read_text() == CHECKOUT_ATTRIBUTES
    except (OSError, UnicodeDecodeError):
        return False


def _fetch_checkout(url: str, commit: str | None, tmp: Path) -> str:
    """Clone ``url`` into ``tmp`` without a checkout, check the caps, check out the pinned commit
    object; returns the commit checked out."""
    where = public_url(url)
    try:
        # after `--`: a URL starting with `-` (`--upload-pack=...`) is never an option of git
        git(["clone", "--quiet", "--no-checkout", "--no-recurse-submodules", "--", url, str(tmp)],
            timeout=C.CLONE_TIME_LIMIT)
    except RepositoryError as exc:  # git's words without its argv (our cache path); URLs redacted
        raise RepositoryError(f"git clone of {where} failed: {_git_words(exc, tmp)}", "clone_failed") from exc
    target = _commit_object(commit, tmp) if commit else git(["rev-parse", "--verify", "HEAD^{commit}"], cwd=tmp)
    _check_clone_size(where, target, tmp)
    # the checkout writes the blobs as they are (the bytes the cap measured, `git show`'s): never
    # under the repository's own .gitattributes (red team 2026-11-30 row 3: `ident` and
    # `working-tree-encoding=UTF-32LE` wrote 47 times the measured bytes), nor a filter driver
    attributes = tmp / ".git" / "info" / "attributes"
    attributes.parent.mkdir(parents=True, exist_ok=True)
    attributes.write_text(CHECKOUT_ATTRIBUTES)
    try:
        git(["checkout", "--quiet", "--detach", f"{target}^{{commit}}"], cwd=tmp, timeout=C.CLONE_TIME_LIMIT)
    except RepositoryError as exc:
        raise RepositoryError(f"git checkout of {target} in {where} failed: {_git_words(exc, tmp)}",
                              "commit_not_found") from exc
    written = _written_bytes(tmp)
    if written > C.CLONE_MAX_BYTES:
        raise RepositoryError(f"{where}: the checkout of {target[:12]} wrote {written} bytes, more than "
                              f"{C.CLONE_MAX_BYTES}", "clone_too_large")
    head = git(["rev-parse", "--verify", "HEAD^{commit}"], cwd=tmp)
    if head != target or not _pinned(head, commit):
        raise RepositoryError(f"{where}: asked for {commit}, the checkout is {head}", "commit_mismatch")
    return head


def _written_bytes(root: Path) -> int:
    """The bytes of the files a checkout wrote in ``root`` (its ``.git`` aside), links not followed."""
    total = 0
    for dirpath, dirnames, filenames in os.walk(root):
        if dirpath == str(root):
            dirnames[:] = [d for d in dirnames if d != ".git"]
        for name in filenames:
            try:
                total += os.lstat(os.path.join(dirpath, name)).st_size
            except OSError:
                continue
    return total


def _git_words(exc: RepositoryError, folder: Path) -> str:
    """What git said (after the argv of :func:`git`'s message), without our folder's path."""
    text = str(exc)
    said = text.split("): ", 1)[1] if "): " in text else text
    return said.replace(str(folder), "<clone>")[-400:]


def _commit_object(commit: str, tmp: Path) -> str:
    """The full hash of the commit ``commit`` names in the clone at ``tmp``. A hash or its prefix
    is looked up among the objects only (``rev-parse --disambiguate``, which never reads refs);
    any other name (a tag, a branch) through git's usual lookup."""
    pin = commit.lower()
    if _HEX_PIN.fullmatch(pin):
        found = _git_run(["rev-parse", "--disambiguate=" + pin], tmp, 120)
        objects = [o for o in found.stdout.split() if o.startswith(pin)] if found.ok else []
        commits = [o for o in objects if _object_type(o, tmp) == "commit"]
        if len(commits) != 1:
            why = "no commit" if not commits else f"{len(commits)} commits"
            raise RepositoryError(f"{commit}: {why} with this hash in the repository", "commit_not_found")
        return commits[0]
    try:
        return git(["rev-parse", "--verify", "--end-of-options", f"{commit}^{{commit}}"], cwd=tmp, timeout=120)
    except RepositoryError as exc:
        raise RepositoryError(f"{commit}: not a commit of the repository ({_git_words(exc, tmp)})",
                              "commit_not_found") from exc


def _object_type(oid: str, tmp: Path) -> str:
    res = _git_run(["cat-file", "-t", oid], tmp, 60)
    return res.stdout.strip() if res.ok else ""


def _check_clone_size(where: str, target: str, tmp: Path) -> None:
    """Refuse (``clone_too_large``) a clone whose objects take more than ``CLONE_MAX_PACK_BYTES``
    or whose checkout of ``target`` would write more than ``CLONE_MAX_FILES`` files or
    ``CLONE_MAX_BYTES`` bytes: measured from git's own records before anything is checked out (a
    git bomb: a small pack whose trees name each other, millions of files once written)."""
    counted = git(["count-objects", "-v"], cwd=tmp, timeout=120)
    kib = sum(int(v) for k, v in (line.split(": ", 1) for line in counted.splitlines() if ": " in line)
              if k in ("size", "size-pack") and v.strip().isdigit())
    if kib * 1024 > C.CLONE_MAX_PACK_BYTES:
        raise RepositoryError(f"{where}: {kib} KiB of git objects, more than {C.CLONE_MAX_PACK_BYTES} bytes",
                              "clone_too_large")
    listed = _git_run(["ls-tree", "-r", "-l", "-z", "--full-tree", target], tmp, C.CLONE_LIST_TIME_LIMIT,
                      output_cap=C.CLONE_LIST_MAX_BYTES)
    entries = listed.stdout.split("\0")
    if not listed.ok or listed.stdout_truncated or len(entries) > C.CLONE_MAX_FILES:
        why = ("its file list did not end in time" if listed.status is RunStatus.TIMEOUT
               else f"more than {C.CLONE_MAX_FILES} files" if listed.ok else f"git ls-tree failed: {listed.stderr.strip()[-200:]}")
        raise RepositoryError(f"{where}: the checkout of {target[:12]} is refused: {why}", "clone_too_large")
    total = sum(_blob_size(e) for e in entries)
    if total > C.CLONE_MAX_BYTES:
        raise RepositoryError(f"{where}: the checkout of {target[:12]} would write {total} bytes, more than "
                              f"{C.CLONE_MAX_BYTES}", "clone_too_large")


def _blob_size(entry: str) -> int:
    """The size of one ``git ls-tree -l`` entry (``<mode> <type> <object> <size>\t<path>``); 0
    for a tree, a submodule (``-``) or anything else."""
    fields = entry.split("\t", 1)[0].split()
    return int(fields[3]) if len(fields) == 4 and fields[3].isdigit() else 0


def resolve_all(specs: Iterable[RepoSpec], cache_dir: Path | None = None, report: BuildReport | None = None) -> list[Repository]:
    """Resolve and give every repository a unique name (a hash suffix on collisions).

    With a ``report``, a repository that cannot be resolved (dead URL, missing commit or folder)
    is counted under ``repositories/<reason>`` and the others go on; without one it raises."""
    repos = []
    for spec in specs:
        try:
            repos.append(resolve(spec, cache_dir))
        except RepositoryError as exc:
            if report is None:
                raise
            report.count("repositories", exc.reason, public_url(spec.url) if spec.url else spec.path, redact(str(exc)))
    seen: dict[str, int] = {}
    for r in repos:
        seen[r.name] = seen.get(r.name, 0) + 1
    out = []
    for r in repos:
        if seen[r.name] > 1:
            # the folder tells two local repositories apart now that their url is only a name
            suffix = hashlib.sha256(f"{r.url}@{r.commit}@{r.root}".encode()).hexdigest()[:8]
            r = Repository(f"{r.name}-{suffix}", r.root, r.url, r.commit, r.license, r.is_git)
        out.append(r)
    return out


# ------------------------------------------------------------------------------- licenses --
_LICENSE_FILES = re.compile(r"^(LICEN[CS]E|COPYING|UNLICENSE)(\.[A-Za-z0-9]+)?$|^(LICEN[CS]E|COPYING)[-_.]", re.I)
_SPDX = re.compile(r"SPDX-License-Identifier:\s*([A-Za-z0-9.+-]+(?:\s+(?:OR|AND|WITH)\s+[A-Za-z0-9.+-]+)*)")


def classify_license(text: str) -> str:
    """A license text -> SPDX id, or ``unknown``. Order matters: LGPL before GPL, etc."""
    m = _SPDX.search(text)
    if m:
        return m.group(1)
    t = " ".join(text.split()).lower()
    if "permission is hereby granted, free of charge" in t:
        return "MIT"
    if "apache license" in t and "version 2.0" in t:
        return "Apache-2.0"
    if "gnu lesser general public license" in t or "gnu library general public license" in t:
        return "LGPL-3.0" if "version 3" in t else "LGPL-2.1"
    if "gnu affero general public license" in t:
        return "AGPL-3.0"
    if "gnu general public license" in t:
        return "GPL-3.0" if "version 3" in t else "GPL-2.0"
    if "mozilla public license" in t and "2.0" in t:
        return "MPL-2.0"
    if "this is free and unencumbered software released into the public domain" in t:
        return "Unlicense"
    if "redistribution and use in source and binary forms" in t:
        return _bsd_variant(t)
    if "permission to use, copy, modify, and/or distribute this software for any purpose" in t:
        return "ISC"
    return "unknown"


def _bsd_variant(text: str) -> str:
    """Tell BSD licenses apart by their clauses, not by one phrase: the third clause forbids
    using the names for endorsement (worded "Neither the name of ...", "The name of the author
    may not be used ...", in comment blocks or wrapped anywhere), the fourth is the advertising
    clause."""
    words = " ".join(re.findall(r"[a-z0-9]+", text))
    if "all advertising materials mentioning features or use of this software" in words:
        return "BSD-4-Clause"
    if "to endorse or promote products derived from this software" in words or "neither the name of" in words:
        return "BSD-3-Clause"
    return "BSD-2-Clause"


def detect_license(root: Path) -> str:
    try:
        candidates = sorted(name for name in os.listdir(root) if _LICENSE_FILES.match(name))
    except OSError:
        return "unknown"
    for name in candidates:
        try:  # a regular file of the repository: never a link (to /dev/zero, to another license), never a FIFO
            text = read_inside(root, name, 200_000).decode("utf-8", errors="replace")
        except (OSError, ValueError):
            continue
        found = classify_license(text)
        if found != "unknown":
            return found
    return "unknown"


