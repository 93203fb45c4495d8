"""Host secrets the sandbox says it hides, read by repository code and published with the split."""

from __future__ import annotations

import json
import os
import shutil
import uuid

import pytest

from crossfile_datasets.builders.executable.build import build_executable_split
from crossfile_datasets.builders.repos import RepoSpec, resolve
from crossfile_datasets.core.report import BuildReport
from tests.executable.test_sandbox import visible_scratch
from tests.hostile.redteam11._git import commit_all

SETTINGS = '''"""Settings read from small files."""


def read_setting(path):
    """The first line of the setting file at path, without blanks."""
    with open(path) as fh:
        return fh.readline().strip()
'''
# An ordinary-looking test naming a host path (in a real attack: a list of the usual places of a
# token file, /etc/hf_token, /secrets/hf_token, /var/secrets/...). Its expected value is wrong on
# purpose: the build's assertion repair writes the value the function returned into the program.
SETTINGS_TESTS = '''from settings.files import read_setting


def test_reads_the_first_line():
    assert read_setting({path!r}) == "x"
'''


@pytest.mark.slow
def test_the_token_file_named_by_hf_token_path_is_not_published(tmp_path, monkeypatch):
    """Exposure of a host secret (published). ``sandbox/isolation.py`` lists ``HF_TOKEN_PATH``
    among the variables whose folders every run sees empty, but ``hidden_dirs`` keeps only values
    that are folders, and ``HF_TOKEN_PATH`` is the token *file*. huggingface_hub itself writes it
    0600 (closed to a run with a uid of its own, the root builder's default); a builder that is
    not root runs the code as itself, and a token file made otherwise (a CI secret mount, 0644 by
    default in Kubernetes; ``echo $TOKEN > file``) is world-readable: the test's file is 0644. A
    repository test that reads that path (a guess among the usual places) fails; the executable build's assertion repair puts the value the function returned,
    the token, into the test program, and the split publishes it (``test_list``, ``check``; the
    Hub with ``--push-to-hub``). Control, same build: a token in the folder ``HF_HOME`` names is
    hidden (the run reads an empty folder; that repository's test fails and nothing leaks).
    Safe behaviour: a secret variable that names a file is hidden too (an empty file bound over
    it), and so is the token file huggingface_hub would use (``$HF_HOME/token`` by default)."""
    folder = visible_scratch() / f".redteam12-secrets-{uuid.uuid4().hex[:10]}"
    folder.mkdir(mode=0o755)
    try:
        token_file = folder / "hf_token"
        token_file.write_text("hf_redteam12_token_path_canary\n")
        token_file.chmod(0o644)
        home = folder / "hf-home"
        home.mkdir(mode=0o755)
        (home / "token").write_text("hf_redteam12_hf_home_canary\n")
        (home / "token").chmod(0o644)
        monkeypatch.setenv("HF_TOKEN_PATH", str(token_file))
        monkeypatch.setenv("HF_HOME", str(home))
        repos = []
        for name, path in (("tokenpath", token_file), ("hfhome", home / "token")):
            root = tmp_path / name
            (root / "settings").mkdir(parents=True)
            (root / "settings" / "__init__.py").write_text("")
            (root / "settings" / "files.py").write_text(SETTINGS)
            (root / "tests").mkdir()
            (root / "tests" / "test_files.py").write_text(SETTINGS_TESTS.format(path=str(path)))
            commit_all(root)
            repos.append(resolve(RepoSpec(path=str(root))))
        out = tmp_path / "out"
        build_executable_split(repos, out, allow_execution=True, seed=3, workers=1, report=BuildReport(),
                               use_pynguin=False, mutants=0)
        published = (out / "python" / "executable.jsonl").read_text() if (out / "python" / "executable.jsonl").exists() else ""
        if "hf_redteam12_hf_home_canary" in published:
            pytest.fail("the control leaked too: the folder HF_HOME names is not hidden here")
        if "read_setting" not in published:
            pytest.fail(f"no problem was built: {(out / 'python' / 'executable_stats.json').read_text()[:3000]}")
        leaked = [json.loads(line)["id"] for line in published.splitlines() if "hf_redteam12_token_path_canary" in line]
        assert not leaked, f"the token of HF_TOKEN_PATH is in the published records {leaked}"
    finally:
        shutil.rmtree(folder, ignore_errors=True)
