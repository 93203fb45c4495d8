"""Generated input programs that meet a function's own cases (tuning set 2026-11-27c, sanic).

Input programs used a fixed pool of strings (``'abc'``, ``''``, ``'Hello World 42'``): a function
that singles out some values (``== "unknown"``, ``startswith("_")``, ``in {"yes", "on"}``) was
never called with them, so wrong versions that mishandle those cases passed (sanic
``fwd_normalize_address``), and a function whose every guessed input met its own ``raise`` had
no test at all (``str_to_bool``: each input erred, ``test_error``). Now the string constants a
function tests seed its string parameters, and an input whose gold call raises an exception
the function raises itself is kept as a ``pytest.raises`` check. Fixture repository written
here; real build, real sandbox."""

from __future__ import annotations

import ast
import json
import textwrap

import pytest

from crossfile_datasets.builders.executable.build import build_executable_split
from crossfile_datasets.builders.executable.testgen import TestProgram, annotation_inputs, raising_input_program
from crossfile_datasets.builders.repos import RepoSpec, resolve
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.sandbox.problems import run_problem_tests

NORMALIZE = '''def normalize_token(token: str) -> str:
    """Normalize a token: unknown ones are refused, private ones (a leading underscore) are
    kept as they are, the others are lower-cased."""
    if token == "unknown":
        raise ValueError("unknown token")
    if token.startswith("_"):
        return token
    return token.lower()
'''
TO_FLAG = '''def to_flag(text: str) -> bool:
    """Turn a yes/no word into a boolean, refusing anything else."""
    word = text.lower()
    if word in ("yes", "on"):
        return True
    if word in ("no", "off"):
        return False
    raise ValueError(f"not a flag: {text}")
'''

MAKE_DATE = '''def make_date(year: int, month: int, day: int) -> datetime.date:
    """Make a date, refusing parts that are not positive and moving a day past the month's end
    back to the month's last day."""
    if year <= 0 or month <= 0 or day <= 0:
        raise ValueError("year, month and day must be greater than 0.")
    try:
        return datetime.date(year, month, day)
    except ValueError:
        return make_date(year, month, day - 1)
'''


def test_date_parts_get_values_that_make_dates():
    # pypara's `_construct_date(year, month, day)`: the integer pool (0, 1, 7, -3), each
    # parameter shifted, never gave three positive parts: every input met the function's raise
    inputs = annotation_inputs(MAKE_DATE, 6)
    assert inputs == ["2019, 4, 1", "2016, 12, 30", "2020, 2, 0", "2021, 2, 31", "2019, 4, 29"]


def test_string_constants_seed_string_parameters():
    assert annotation_inputs(NORMALIZE, 6) == ["'unknown'", "'_'", "'unknownAbC'", "'_AbC'", "'abc'", "''"]
    assert annotation_inputs(TO_FLAG, 6)[:4] == ["'yes'", "'no'", "'yesAbC'", "'noAbC'"]


def test_an_input_raising_the_functions_own_exception_becomes_a_raises_check():
    source = ("from tokens import to_flag\n\n\ndef test_inputs_to_flag_0():\n"
              "    assert to_flag('abc') == None  # the gold function's result replaces None (assertion repair)\n")
    program = TestProgram(source, "test_cfd_x.py", "inputs", "inputs:tokens.to_flag::0")
    new = raising_input_program(program, "tokens", TO_FLAG, "ValueError")
    assert new is not None and new.path == program.path
    assert "    with pytest.raises(ValueError):\n        to_flag('abc')\n" in new.source
    assert new.source.startswith("import pytest\n")
    # an exception the function does not raise itself (junk input) stays an error
    assert raising_input_program(program, "tokens", TO_FLAG, "TypeError") is None


@pytest.mark.slow
def test_inputs_reach_the_functions_cases(tmp_path):
    root = tmp_path / "tokens_repo"
    (root / "tokens").mkdir(parents=True)
    (root / "tokens" / "__init__.py").write_text("")
    (root / "tokens" / "core.py").write_text("import datetime\n\n\n" + NORMALIZE + "\n\n" + TO_FLAG + "\n\n" + MAKE_DATE)
    repo = resolve(RepoSpec(path=str(root)))
    records = build_executable_split([repo], tmp_path / "out", allow_execution=True, seed=3, workers=1,
                                     report=BuildReport(), use_pynguin=False)
    by_name = {r["entry_point"]: r for r in records}
    stats = json.loads((tmp_path / "out" / "python" / "executable_stats.json").read_text())
    assert set(by_name) == {"normalize_token", "to_flag", "make_date"}, stats["dropped_problems"]
    assert any("pytest.raises(ValueError)" in t for t in by_name["to_flag"]["test_list"])
    # a plausible wrong version: lower-cases every token, private ones too
    wrong = textwrap.dedent('''
        def normalize_token(token: str) -> str:
            if token == "unknown":
                raise ValueError("unknown token")
            return token.lower()
        ''')
    assert not run_problem_tests(by_name["normalize_token"], wrong)["passed"]
    assert run_problem_tests(by_name["normalize_token"], by_name["normalize_token"]["solution"])["passed"]
    # and one that accepts anything that is not a "yes" word
    flag_wrong = 'def to_flag(text: str) -> bool:\n    return text.lower() in ("yes", "on")\n'
    assert not run_problem_tests(by_name["to_flag"], flag_wrong)["passed"]


def test_a_string_parameter_meets_one_word_with_capitals():
    """Tuning 2026-11-27c (sanic's ``parse_host``): the generic strings were ``'abc'``, ``''``
    and ``'Hello World 42'``, which its host pattern refuses, so a version that kept the host's
    case passed every input program."""
    from crossfile_datasets.builders.executable.testgen import annotation_inputs

    source = ('def parse_host(host: str):\n    """Split host:port."""\n    m = _host_re.fullmatch(host)\n'
              '    return (m.group(1).lower(), None) if m else (None, None)\n')
    values = [ast.literal_eval(args) for args in annotation_inputs(source)]
    assert any(v != v.lower() and not any(c.isspace() for c in v) for v in values), values
