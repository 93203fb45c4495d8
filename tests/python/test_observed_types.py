"""--observe-types: parameter classes observed by the repository's tests, members resolved by Pylint.

End to end on a fixture repository written for this test (the real sandbox, the real suite, the
real Pylint), plus the pure parts (the W9901 message, the channel's event records, the CLI guard).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from crossfile_datasets.builders.cli import app
from crossfile_datasets.builders.completion.pipeline import build_repository
from crossfile_datasets.builders.completion.shards import BuildSettings
from crossfile_datasets.core.records import Diagnostic, Repository
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.lang import Lang, get_language
from crossfile_datasets.lang.python import observed_usages
from crossfile_datasets.lang.sources import list_sources
from crossfile_datasets.sandbox.channel import parse_records

FILES = {
    "shop/__init__.py": "",
    "shop/pipeline.py": (
        "class Pipeline:\n"
        "    def __init__(self):\n"
        "        self.stages = []\n"
        "\n"
        "    def run(self, value):\n"
        "        for stage in self.stages:\n"
        "            value = stage(value)\n"
        "        return value\n"
        "\n"
        "\n"
        "class Report:\n"
        "    def run(self, value):\n"
        "        return str(value)\n"
    ),
    # no import of shop.pipeline: only the tests say what these parameters receive
    "shop/build.py": (
        "def configure(pipeline, factor):\n"
        "    pipeline.stages.append(lambda v: v * factor)\n"
        "    return pipeline.run(1)\n"
        "\n"
        "\n"
        "def either(runner):\n"
        "    return runner.run(2)  # Pipeline.run and Report.run: two declarations, no claim\n"
        "\n"
        "\n"
        "def reassigned(pipeline):\n"
        "    pipeline = pipeline or None\n"
        "    return pipeline.run(4)  # not the parameter's value alone: no claim\n"
        "\n"
        "\n"
        "def twice(pipeline):\n"
        "    return pipeline.__class__, pipeline.run(5)  # dunder: never a cross-file use\n"
    ),
    "tests/test_build.py": (
        "from shop.build import configure, either, reassigned, twice\n"
        "from shop.pipeline import Pipeline, Report\n"
        "\n"
        "\n"
        "def test_configure():\n"
        "    assert configure(Pipeline(), 3) == 3\n"
        "\n"
        "\n"
        "def test_either():\n"
        "    assert either(Pipeline()) == 2 and either(Report()) == '2'\n"
        "\n"
        "\n"
        "def test_others():\n"
        "    assert reassigned(Pipeline()) == 4 and twice(Pipeline())[1] == 5\n"
    ),
}


def write_repo(root: Path) -> Path:
    for rel, text in FILES.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def usages_of(shard: dict, mode: str) -> set[tuple]:
    return {(u["file"], u["line"], u["column"], u["member"], u["definition_file"], u["definition_symbol"])
            for u in shard["usages"] if u["mode"] == mode}


@pytest.mark.pylint
@pytest.mark.slow
def test_members_of_observed_parameters_become_usages_only_when_unambiguous(tmp_path):
    root = write_repo(tmp_path / "shop")
    repo = Repository("shop", root, "", "", "MIT")
    settings = BuildSettings(output=tmp_path / "out", use_cache=False, retrievers=())
    static = build_repository(Lang.PYTHON, repo, settings)
    assert usages_of(static, "observed") == set()

    observed = build_repository(Lang.PYTHON, repo, BuildSettings(output=tmp_path / "out2", use_cache=False,
                                                                 retrievers=(), observe_types=True))
    assert usages_of(observed, "observed") == {
        ("shop/build.py", 2, 13, "stages", "shop/pipeline.py", "Pipeline.stages"),
        ("shop/build.py", 3, 20, "run", "shop/pipeline.py", "Pipeline.run"),
        ("shop/build.py", 16, 40, "run", "shop/pipeline.py", "Pipeline.run"),
    }
    report = BuildReport.from_dict(observed["report"])
    assert report.metrics["checker/observed_uses"] == 3
    assert report.metrics["checker/observed_parameters"] >= 4
    usage = next(u for u in observed["usages"] if u["mode"] == "observed" and u["member"] == "stages")
    assert (usage["imported_name"], usage["code"], usage["round"]) == ("Pipeline", "W9901", 0)
    assert usage["stubbed_import"] == "(observed) shop.pipeline.Pipeline"


@pytest.mark.slow
def test_a_suite_that_cannot_run_is_counted_not_silent(tmp_path):
    root = write_repo(tmp_path / "shop")
    (root / "tests" / "test_build.py").unlink()
    repo = Repository("shop", root, "", "", "MIT")
    shard = build_repository(Lang.PYTHON, repo, BuildSettings(output=tmp_path / "out", use_cache=False,
                                                              retrievers=(), observe_types=True))
    report = BuildReport.from_dict(shard["report"])
    assert report.counts["repositories/types_not_observed_no_tests"] == 1
    assert usages_of(shard, "observed") == set()


@pytest.mark.slow
def test_test_modules_that_fail_to_import_are_named_so(tmp_path):
    # python-jsonschema/referencing (held-out 19): `TypeVar("D", default=Any)` (PEP 696) is a
    # TypeError on 3.11, every test module failed at collection, and the run was named
    # `types_not_observed_no_tests` ("pytest collected no test") as if there were no tests
    root = write_repo(tmp_path / "shop")
    (root / "shop" / "typing_new.py").write_text(
        "from typing import TypeVar\nD = TypeVar('D', default=int)\n", encoding="utf-8")
    test = root / "tests" / "test_build.py"
    test.write_text("import shop.typing_new\n" + test.read_text(encoding="utf-8"), encoding="utf-8")
    from crossfile_datasets.sandbox.type_observation import ObservationStatus, observe_parameter_types

    observed = observe_parameter_types(root)
    assert observed.status is ObservationStatus.COLLECTION_FAILED, (observed.status, observed.detail)
    assert "tests/test_build.py" in observed.detail and "default" in observed.detail, observed.detail


@pytest.mark.slow
def test_a_test_that_ends_the_process_is_left_out_and_the_rest_observed(tmp_path):
    # argon2-cffi (held-out 15): one test met the hard per-test limit, the process ended before
    # the session's end, and every observation of the run (sent at the end) was lost
    root = write_repo(tmp_path / "shop")
    (root / "tests" / "test_exit.py").write_text(
        "import os\n\n\ndef test_ends_the_process():\n    os._exit(3)\n", encoding="utf-8")
    from crossfile_datasets.sandbox.type_observation import ObservationStatus, observe_parameter_types

    observed = observe_parameter_types(root)
    assert observed.status is ObservationStatus.OK, observed.detail
    assert observed.left_out == ["tests/test_exit.py::test_ends_the_process"]
    assert {(p["function"], p["parameter"]) for p in observed.parameters} >= {("configure", "pipeline")}
    report = BuildReport()
    from crossfile_datasets.builders.completion.pipeline import observe_types

    observe_types(Repository("shop", root, "", "", "MIT"), tmp_path, report)
    assert report.counts["repositories/types_observed_without_test"] == 1


def _facts(tmp_path: Path, text: str):
    (tmp_path / "m.py").write_text(text, encoding="utf-8")
    language = get_language(Lang.PYTHON)
    files, _ = list_sources(Repository("r", tmp_path, "", "", ""), language, BuildReport())
    return language.analyze_files(str(tmp_path), files)


def test_w9901_message_gives_the_member_position_in_characters(tmp_path):
    facts = _facts(tmp_path, "def f(é, p):\n    return 'ü', p.run()\n")
    line = "    return 'ü', p.run()"
    byte_col = len(line[: line.index("run")].encode("utf-8"))
    message = f"observed run at 2:{byte_col} on pkg.core.Engine declared by pkg/core.py::Engine.run"
    d = Diagnostic("m.py", 2, 4, "W9901", message)
    report = BuildReport()
    [u] = observed_usages("r", facts, [d], {}, report)
    assert (u.line, u.column, u.end_column) == (2, line.index("run"), line.index("run") + 3)
    assert (u.definition_file, u.definition_symbol, u.imported_name, u.mode) == ("pkg/core.py", "Engine.run", "Engine",
                                                                                 "observed")


def test_w9901_that_does_not_point_at_its_member_is_counted(tmp_path):
    facts = _facts(tmp_path, "def f(p):\n    return p.run()\n")
    report = BuildReport()
    bad = Diagnostic("m.py", 2, 4, "W9901", "observed stop at 2:13 on a.B declared by a.py::B.stop")
    garbled = Diagnostic("m.py", 2, 4, "W9901", "something else")
    failed_file = Diagnostic("gone.py", 2, 4, "W9901", "observed run at 2:13 on a.B declared by a.py::B.run")
    assert observed_usages("r", facts, [bad, garbled, failed_file], {"gone.py": "checker_crash"}, report) == []
    assert report.counts == {"usages/member_not_located": 1, "usages/unattributed_W9901": 1}


def test_channel_keeps_event_records_apart_from_outcomes():
    token = "t0k"
    lines = [
        f"{token}\t" + json.dumps({"nodeid": "t.py::a", "when": "call", "outcome": "passed"}),
        f"{token}\t" + json.dumps({"event": "observed_types", "parameters": [{"file": "a.py"}]}),
        f"{token}\t" + json.dumps({"event": "session_end", "exitstatus": 0, "collected": 1}),
        "forged\t" + json.dumps({"event": "observed_types", "parameters": []}),
    ]
    records = parse_records("\n".join(lines), token)
    assert [r["nodeid"] for r in records.records] == ["t.py::a"]
    assert records.events["observed_types"]["parameters"] == [{"file": "a.py"}]
    assert records.complete and records.forged == 1


def test_observe_types_needs_allow_execution(tmp_path):
    result = CliRunner().invoke(app, ["--lang", "python", "--output", str(tmp_path / "o"), "--observe-types"])
    assert result.exit_code != 0
    assert "--allow-execution" in result.output
