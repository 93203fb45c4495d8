"""The published records: one typed record per split, and the ``datasets.Features`` made from them.

Why it exists: each split used to write its schema as a ``datasets.Features`` literal beside the
code that fills the records (four literals, the provenance columns written four times), so a
column added to one place and not the other surfaced only as an Arrow cast error at export time,
and nothing said which columns every split shares. Here each split's record is a dataclass,
:func:`features_of` derives the Features from its annotations, and the provenance columns are
one :class:`Provenance`, spliced where a record has them.

Rules of the derivation: ``str`` is ``Value("string")``, ``int`` ``Value("int32")``, ``float``
``Value("float64")``, ``bool`` ``Value("bool")``, ``list[X]`` a list of ``X``, a dataclass a
struct of its fields, and a field annotated ``Spliced[X]`` puts ``X``'s columns in its place.
The column order is the field order: the Arrow files are byte-identical to those the
hand-written literals gave (checked on the samples' records of every split when this module
replaced them).

The completion split keeps CrossCodeEval's layout (``metadata.repository``, ``snapshot``): its
readers rely on it, so it has its own record and no :class:`Provenance` columns.
"""

from __future__ import annotations

import dataclasses
import typing
from dataclasses import dataclass, make_dataclass
from typing import Annotated, Any, TypeVar

import datasets

from crossfile_datasets.core import constants as C
from crossfile_datasets.core.records import Repository

T = TypeVar("T")
_SPLICE = "splice"
Spliced = Annotated[T, _SPLICE]  # the field's own columns go in its place (no struct)

_SCALARS = {str: "string", int: "int32", float: "float64", bool: "bool"}


def features_of(record_type: type) -> datasets.Features:
    """The ``datasets.Features`` of a record dataclass (rules in the module docstring)."""
    return datasets.Features(_struct(record_type))


def columns_of(record_type: type) -> list[str]:
    """The top-level column names of a record, in order (spliced fields expanded)."""
    return list(_struct(record_type))


def _struct(record_type: type) -> dict[str, Any]:
    if not dataclasses.is_dataclass(record_type):
        raise TypeError(f"{record_type!r} is not a record dataclass")
    hints = typing.get_type_hints(record_type, include_extras=True)
    out: dict[str, Any] = {}
    for f in dataclasses.fields(record_type):
        hint = hints[f.name]
        if typing.get_origin(hint) is Annotated and _SPLICE in typing.get_args(hint)[1:]:
            out.update(_struct(typing.get_args(hint)[0]))
        else:
            out[f.name] = _feature(hint, f"{record_type.__name__}.{f.name}")
    return out


def _feature(hint: Any, where: str) -> Any:
    if hint in _SCALARS:
        return datasets.Value(_SCALARS[hint])
    if typing.get_origin(hint) is list:
        (item,) = typing.get_args(hint)
        return [_feature(item, where)]
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _struct(hint)
    raise TypeError(f"{where}: no datasets feature for {hint!r}")


def empty_dataset(features: datasets.Features) -> datasets.Dataset:
    """A dataset with the schema's columns and no row (``from_list([])`` infers no columns)."""
    return datasets.Dataset.from_dict({name: [] for name in features}, features=features)


def records_dataset(records: list[dict], features: datasets.Features) -> datasets.Dataset:
    return datasets.Dataset.from_list(records, features=features) if records else empty_dataset(features)


# ---------------------------------------------------------------------------- shared parts --
@dataclass(frozen=True)
class Provenance:
    """Where a record comes from: the columns every split but completion carries."""

    language: str
    repository: str
    repository_url: str
    commit: str
    license: str
    snapshot_sha256: str  # the repository content the record was made from (core/repofiles.py)

    @classmethod
    def of(cls, repo: Repository, language: str, snapshot_sha256: str | None = None) -> Provenance:
        return cls(language, repo.name, repo.url, repo.commit, repo.license,
                   repo.snapshot_sha256 if snapshot_sha256 is None else snapshot_sha256)

    def columns(self) -> dict[str, str]:
        return dataclasses.asdict(self)


# RepoExec's three context sizes, one string each (prompt, instruct_prompt)
ContextSizes = make_dataclass("ContextSizes", [(size, str) for size in C.EXECUTABLE_SPLITS])


@dataclass
class Dependency:
    """A name the target function uses, and the code that defines it."""

    name: str
    kind: str
    file: str
    code: str
    used_as: list[str]


@dataclass
class Dependencies:
    in_file: list[Dependency]
    cross_file: list[Dependency]


@dataclass
class FunctionIdentity:
    """Which function a problem is (executable and instruct splits)."""

    id: str
    project: str
    module: str
    file: str
    entry_point: str
    qualname: str


@dataclass
class FunctionText:
    """What the model is shown of the function, and the function itself."""

    function_signature: str
    docstring: str
    target_function_prompt: str
    solution: str


# ------------------------------------------------------------------------------ completion --
@dataclass
class Span:
    start_line: int
    start_column: int
    end_line: int
    end_column: int


@dataclass
class RetrievedChunk:
    retrieved_chunk: str
    filename: str
    score: float
    lines: list[int]  # 1-based line numbers of the chunk in ``filename``


@dataclass
class RankedChunk:
    """A snippet the retriever ranked, before the token budget cut (its text: in the snapshot)."""

    filename: str
    score: float
    lines: list[int]


@dataclass
class CrossfileContext:
    text: str
    list: list[RetrievedChunk]
    ranked: typing.List[RankedChunk]  # `list` above is a field name here (CrossCodeEval's)


@dataclass
class ModelFilter:
    model: str
    completion: str


@dataclass
class CompletionMetadata:
    task_id: str
    repository: str
    file: str
    context_start_lineno: int
    groundtruth_start_lineno: int
    right_context_start_lineno: int
    model_filter: ModelFilter


@dataclass
class UsageRecord:
    imported_name: str
    member: str
    line: int
    column: int
    definition_file: str
    definition_span: Span
    definition_node: str
    tool: str
    code: str
    message: str


@dataclass
class CompletionRecord:
    """One CrossCodeEval example (every file and config of the completion split)."""

    prompt: str
    groundtruth: str
    right_context: str
    crossfile_context: CrossfileContext
    metadata: CompletionMetadata
    language: str
    repository_url: str
    commit: str
    license: str
    snapshot: str
    crossfile_usages: list[UsageRecord]
    num_prompt_tokens: int
    num_groundtruth_tokens: int
    is_test_file: bool


@dataclass
class SnapshotRow:
    """One file of a repository as the examples were made from it (``--snapshots``)."""

    snapshot: str
    repository: str
    path: str
    language: str
    content: str
    sha256: str


# ------------------------------------------------------------------------------ executable --
@dataclass
class LineRange:
    start_line: int
    end_line: int


@dataclass
class MutantFigures:
    run: int
    killed: int
    survived: list[str]
    stubs_run: int
    stubs_killed: int
    operators: list[str]


@dataclass
class ValueCheck:
    test_path: str
    site: int


@dataclass
class SkippedSubtests:
    test: str  # node id of a test of the problem's check
    count: int  # how many of its subtests the reference's run skipped


@dataclass
class ExecutableRecord:
    """One RepoExec problem: a function, its prompts, its dependencies and the tests that judge it."""

    function: Spliced[FunctionIdentity]
    class_name: str
    text: Spliced[FunctionText]
    solution_lines: LineRange
    prompt: ContextSizes  # type: ignore[valid-type]
    instruct_prompt: ContextSizes  # type: ignore[valid-type]
    dependencies: Dependencies
    check: str
    test_list: list[str]
    test_paths: list[str]
    test_origins: list[str]
    test_repaired: list[bool]
    coverage: float
    mutation_score: float
    mutants: MutantFigures
    requirements: list[str]
    python_path: list[str]
    provenance: Spliced[Provenance]
    tree_sha256: str
    value_checks: list[ValueCheck]
    skipped_subtests: list[SkippedSubtests]
    xfail_cases: list[str]  # node ids of parametrized cases marked xfail in the reference's run


def repoexec_features() -> datasets.Features:
    """RepoExec's flat layout: one context size per split, ``prompt`` and ``instruct_prompt`` strings."""
    features = dict(features_of(ExecutableRecord))
    features["prompt"] = features["instruct_prompt"] = datasets.Value("string")
    return datasets.Features(features)


# -------------------------------------------------------------------------------- instruct --
@dataclass
class InstructRecord:
    """One instruction-tuning function (static analysis only; no tests)."""

    function: Spliced[FunctionIdentity]
    text: Spliced[FunctionText]
    solution_sha256: str
    prompt: ContextSizes  # type: ignore[valid-type]
    instruct_prompt: ContextSizes  # type: ignore[valid-type]
    dependencies: Dependencies
    provenance: Spliced[Provenance]


# ------------------------------------------------------------------------------ class-level --
@dataclass
class MemberVariable:
    name: str
    declaration: str
    type: str
    initializer: str
    is_static: bool


@dataclass
class Method:
    name: str
    signature: str
    decorators: list[str]
    docstring: str
    body: str
    start_line: int
    end_line: int
    is_constructor: bool
    is_static: bool
    is_abstract: bool
    covered: bool
    referenced_in_tests: bool
    makes_external_reference: bool


@dataclass
class ExternalReference:
    name: str
    kind: str
    file: str
    symbol: str
    line: int
    method: str
    used_in: list[str]
    start_line: int
    start_column: int
    end_line: int
    end_column: int


@dataclass
class ClassValueCheck:
    test: str
    site: int


@dataclass
class WrongClassCheck:
    """The wrong-class gate's result (``docs/classlevel.md``)."""

    checked: bool
    throwing_stub_tests_passed: int
    mutants_run: int
    mutants_caught: int
    min_mutant_score: float
    survived: list[str]
    mutants_skipped: int = 0  # made but not run: the task's share of the gate's time budget was spent
    controls_run: int = 0  # disguised controls run (Python; a task whose tests pass one is refused)
    controls_caught: int = 0


@dataclass
class ClassRecord:
    """One RepoClassBench task: a class to write, judged by the repository's own tests."""

    id: str
    provenance: Spliced[Provenance]
    tree_sha256: str
    file: str
    class_name: str
    start_line: int
    end_line: int
    imports: list[str]
    class_signature: str
    decorators: list[str]
    bases: list[str]
    docstring: str
    member_variables: list[MemberVariable]
    methods: list[Method]
    class_source: str
    external_references: list[ExternalReference]
    expected_to_pass: list[str]
    value_checks: list[ClassValueCheck]
    test_framework: str
    file_without_class: str
    insertion_offset: int
    insertion_line: int
    file_coverage: float
    detailed_skeleton: str
    sketchy_skeleton: str
    detailed: str
    sketchy: str
    description_model: str
    python_path: list[str]
    requirements: list[str]
    paraphrased: bool
    original_class_name: str
    mutant_score: float
    wrong_class_check: WrongClassCheck


RECORDS: dict[str, type] = {
    "completion": CompletionRecord,
    "executable": ExecutableRecord,
    "instruct": InstructRecord,
    "classlevel": ClassRecord,
}
