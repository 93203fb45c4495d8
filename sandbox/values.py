"""Checked values compared outside the tested process: the host's half of a problem's verdict.

Why it exists: a problem's tests run in the same interpreter as the solution under test, so an
in-process verdict can be forged without breaking out of the sandbox: a return value whose
``__eq__`` is always true passes ``assert f(x) == 3``, and a completion that patches pytest's
reports makes every test "pass" (issue 27). For the assertions that compare a value with a
literal, the comparison is therefore made again on the host:

- :func:`value_sites` finds, in a test program, the *checked sites*: ``assert X == <literal>``
  (either side), ``self.assertEqual(X, <literal>)`` (either order), ``assert X`` and
  ``assert not X`` for a name, call, attribute or subscript ``X``, in test functions;
- :func:`instrument` rewrites each site's ``X`` into ``__cfd_value__(<site>, (X))``; in the
  sandbox, the harness's pytest plugin (``record_value``) encodes the value without calling any
  of its methods (only the built-in types' own ones, so a subclass cannot lie about its
  content; anything else is ``opaque``), sends it over the verdict channel and returns the
  value unchanged (the test itself runs as before); at a truthy/falsy site
  (``__cfd_value__(<site>, (X), True)``) it also reports the value's truth, ``bool(value)``
  evaluated there once, as ``assert X`` would;
- :func:`judge_values` decodes the records on the host into plain Python values and compares
  them with the literal parsed from the problem's own test source: the value a solution
  produced, not what its objects claim (a set or dict whose report collapses when rebuilt is
  not a plain value); a truthy/falsy site is judged on the reported truth instead: a value's
  own ``__bool__``/``__len__`` *is* what ``assert X`` tests and what every caller's ``if`` sees;
- the sites a problem checks on the host (below) are *host-only* in every later run
  (``instrument(..., host_only=...)``): their whole check is replaced by the report, so the
  tested process never compares the value and the expected literal never enters the sandbox's
  copy of the program. A completion wrapping the plugin's sender could otherwise hold back its
  value's record until the value's ``__eq__`` was handed the literal, then report the literal.

Which sites a problem checks this way is decided at build time: those where the reference
solution's value was a plain value equal to the literal, or had the wanted truth
(``value_checks`` of the record), so a reference returning, say, a NumPy scalar compared with a
literal keeps its in-process check only and is never dropped for it. Pure functions (no I/O);
the encoder lives in ``sandbox/pytest_plugin.py``.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import Collection, Iterable, Iterator, Sized

from crossfile_datasets.core.bounded import BoundedLimit, bounded_text_call
from crossfile_datasets.core.literals import CollidingKeys, check_few_collisions, literal_eval

HELPER_NAME = "__cfd_value__"
HELPER_IMPORT = f"from crossfile_pytest_plugin import record_value as {HELPER_NAME}"
_EQUAL_METHODS = ("assertEqual", "assertEquals")
# ``assert __cfd_like__(X, '<text with ...>')``: a doctest example whose output elides a part
# (builders/executable/testgen.py); X is the text the call showed, matched with the elided text
# as doctest's ELLIPSIS matches it, on the host for the sites it checks (red team 2026-11-28e,
# row 3: a completion patched ``doctest.OutputChecker`` in the tested process)
LIKE_HELPER = "__cfd_like__"
_LIKE_MAX_CHARS = 1_000_000
_TRUTH_NODES = (ast.Name, ast.Call, ast.Attribute, ast.Subscript)
_MAX_DECODE_NODES = 200_000


# (line, byte column, end line, end byte column) of a node: 1-based lines, as ``ast`` gives them
Span = tuple[int, int, int, int]


def _span_of(node: ast.AST) -> Span:
    lineno: int = getattr(node, "lineno")
    return (lineno, getattr(node, "col_offset"), getattr(node, "end_lineno", None) or lineno,
            getattr(node, "end_col_offset", None) or 0)


@dataclass(frozen=True)
class Site:
    """A checked site. Positions, never syntax-tree nodes: the sites of a long program are
    found in a bounded child (``core/bounded.py``) and come back to the host as these alone (red
    team 2026-11-29g row 6: a published split's test program with a 0.6 MB table took +323 MB of
    the evaluator as a syntax tree, parsed three times per generation)."""

    index: int
    kind: str  # "equal" (with ``expected``), "like" (``expected``: doctest's elided text), "truthy" or "falsy"
    node: Span  # where the expression whose value is checked is
    expected: object = None
    # the whole check: the ``assert`` statement or the ``assertEqual`` call (what a host-only
    # site's rewrite replaces, literal included)
    check: Span | None = None


def _literal(node: ast.expr) -> tuple[bool, object]:
    """(True, value) when ``node`` is a literal, built in linear time (``core.literals``: a set
    or dict literal of many keys of one hash is not a literal here; red team 2026-11-27d, row 5)."""
    if isinstance(node, ast.Name):  # a name is never a literal (literal_eval accepts none)
        return False, None
    try:
        return True, literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return False, None


def _ordered(node: ast.AST) -> Iterator[ast.AST]:
    """Pre-order walk in source order (stable site numbers)."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(reversed(list(ast.iter_child_nodes(current))))


def _test_functions(tree: ast.Module) -> Iterator[ast.FunctionDef | ast.AsyncFunctionDef]:
    for node in _ordered(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
            yield node


def _equal_pair(left: ast.expr, right: ast.expr) -> tuple[ast.expr, object] | None:
    left_lit, left_value = _literal(left)
    right_lit, right_value = _literal(right)
    if right_lit and not left_lit:
        return left, right_value
    if left_lit and not right_lit:
        return right, left_value
    return None


def value_sites(source: str) -> list[Site]:
    """The checked sites of a test program, numbered in source order ([] if it does not parse,
    or past the bounded parse's limits: then no site reports, and a value check of the program
    fails)."""
    try:
        return bounded_text_call(_value_sites, source)
    except BoundedLimit:
        return []


def _value_sites(source: str, tree: ast.Module | None = None) -> list[Site]:
    if tree is None:
        try:
            tree = ast.parse(source)
        except (SyntaxError, ValueError, MemoryError, RecursionError):
            return []
    sites: list[Site] = []
    seen: set[int] = set()
    for function in _test_functions(tree):
        for node in _ordered(function):
            if id(node) in seen:
                continue
            seen.add(id(node))
            found: tuple[str, ast.expr, object] | None = None
            check = node
            if isinstance(node, ast.Assert):
                test = node.test
                like = _like_pair(test)
                if like is not None:
                    found = ("like", *like)
                elif isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq):
                    pair = _equal_pair(test.left, test.comparators[0])
                    found = ("equal", *pair) if pair else None
                elif isinstance(test, _TRUTH_NODES):
                    found = ("truthy", test, None)
                elif isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not) and isinstance(test.operand, _TRUTH_NODES):
                    found = ("falsy", test.operand, None)
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _EQUAL_METHODS \
                    and len(node.args) >= 2 and not any(isinstance(a, ast.Starred) for a in node.args[:2]):
                pair = _equal_pair(node.args[0], node.args[1])
                found = ("equal", *pair) if pair else None
            if found is not None and not _inside_site(found[1], sites):
                sites.append(Site(len(sites), found[0], _span_of(found[1]), found[2], _span_of(check)))
    return sites


def _like_pair(test: ast.expr) -> tuple[ast.expr, str] | None:
    """``__cfd_like__(X, '<elided text>')`` -> (X, the text), else None."""
    if isinstance(test, ast.Call) and isinstance(test.func, ast.Name) and test.func.id == LIKE_HELPER \
            and len(test.args) == 2 and not test.keywords and not isinstance(test.args[0], ast.Starred) \
            and isinstance(test.args[1], ast.Constant) and isinstance(test.args[1].value, str):
        return test.args[0], test.args[1].value
    return None


def _inside_site(node: ast.expr, sites: list[Site]) -> bool:
    """A nested assertion inside an already wrapped expression (a lambda in an assert) is not
    a site of its own: its wrap would overlap the outer one."""
    span = _span_of(node)
    start, end = span[:2], span[2:]
    return any(s.node[:2] <= start and end <= s.node[2:] for s in sites)


def instrument(source: str, host_only: Collection[int] = ()) -> tuple[str, int]:
    """:func:`_instrument` (below), in a bounded child for a long program (``core/bounded.py``):
    past its limits the program is unchanged, 0 sites (its value checks then fail)."""
    try:
        return bounded_text_call(_instrument, source, tuple(host_only))
    except BoundedLimit:
        return source, 0


def _instrument(source: str, host_only: Collection[int] = ()) -> tuple[str, int]:
    """The program with every checked site's value reported through ``__cfd_value__``, and the
    number of sites. Unchanged (0 sites) when there is none or the rewrite would not parse.

    ``host_only``: the sites judged on the host alone (a problem's ``value_checks``). Their
    whole check -- the ``assert`` statement, or the ``assertEqual`` call -- becomes
    ``__cfd_value__(<site>, (X))``: the value is still reported, but nothing in the tested
    process compares it, and the expected literal is not in the program the sandbox gets. A
    value's ``__eq__`` is then never handed the expected value (red team 2026-11-27, row 6: a
    completion that held back its value record until ``__eq__`` learned the literal, and sent
    the literal as its value). The other sites keep their check and are only wrapped."""
    sites = _value_sites(source)
    if not sites:
        return source, 0
    host = set(host_only)
    lines = [line.encode("utf-8") for line in source.split("\n")]
    # (line, byte column, end line, end byte column, text): replacements of [start, end), applied
    # from the end so earlier offsets stay valid (an insertion has start == end)
    edits: list[tuple[int, int, int, int, bytes]] = []
    for site in sites:
        check = site.check
        start, end = site.node[:2], site.node[2:]
        wrapped = f"{HELPER_NAME}({site.index}, (".encode()
        # a truth site asks the plugin for the value's truth too (not which truth it wants)
        closing = b"), True)" if site.kind in TRUTH_KINDS else b"))"
        if site.index in host and check is not None and _alone(site, sites):
            text = wrapped + _span(lines, start, end) + closing
            edits.append((*check, text))
            continue
        edits.append((*start, *start, wrapped))
        edits.append((*end, *end, closing))
    for line, column, end_line, end_column, text in sorted(edits, key=lambda e: (e[0], e[1]), reverse=True):
        head, tail = lines[line - 1][:column], lines[end_line - 1][end_column:]
        lines[line - 1:end_line] = [head + text + tail]
    decoded = "\n".join(raw.decode("utf-8") for raw in lines).split("\n")
    decoded.insert(header_end_line(ast.parse(source)), HELPER_IMPORT)
    new = "\n".join(decoded)
    try:
        ast.parse(new)
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return source, 0
    return new, len(sites)


def _span(lines: list[bytes], start: tuple[int, int], end: tuple[int, int]) -> bytes:
    """The source bytes from ``start`` to ``end`` ((line, byte column), 1-based lines)."""
    if start[0] == end[0]:
        return lines[start[0] - 1][start[1]:end[1]]
    return b"\n".join([lines[start[0] - 1][start[1]:], *lines[start[0]:end[0] - 1], lines[end[0] - 1][:end[1]]])


def _alone(site: Site, sites: list[Site]) -> bool:
    """No other site lies in the part of ``site``'s check that a host-only rewrite drops (the
    assertion's message, the other arguments of ``assertEqual``): then it can be replaced whole."""
    check = site.check
    assert check is not None
    outer = (check[:2], check[2:])
    inner = (site.node[:2], site.node[2:])
    for other in sites:
        if other is site:
            continue
        span = (other.node[:2], other.node[2:])
        if outer[0] <= span[0] and span[1] <= outer[1] and not (inner[0] <= span[0] and span[1] <= inner[1]):
            return False
    return True


def header_end_line(tree: ast.Module) -> int:
    """0-based index of the first line after a module's docstring and ``from __future__``
    imports (which must stay first): where a line added at the top of a module goes."""
    after = 0
    for i, node in enumerate(tree.body):
        is_doc = i == 0 and isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) \
            and isinstance(node.value.value, str)
        if is_doc or (isinstance(node, ast.ImportFrom) and node.module == "__future__"):
            after = node.end_lineno or node.lineno
    return after


# ------------------------------------------------------------------------------ decoding --
class Opaque(Exception):
    """The encoded value is not a plain value (or not a well-formed encoding)."""


def decode(encoded: object) -> object:
    """The plugin's encoding -> a plain Python value; :class:`Opaque` for anything else.
    Only built-in types are ever constructed (nothing the sandboxed code wrote is executed)."""
    budget = [_MAX_DECODE_NODES]

    def walk(item: object) -> object:
        budget[0] -= 1
        if budget[0] < 0 or not isinstance(item, list) or not item or not isinstance(item[0], str):
            raise Opaque("malformed")
        tag, rest = item[0], item[1:]
        if tag == "none" and not rest:
            return None
        if len(rest) != 1:
            raise Opaque(tag)
        value = rest[0]
        if tag == "bool" and isinstance(value, bool):
            return value
        if tag == "int" and isinstance(value, str) and len(value) < 5000:
            return int(value)
        if tag == "float" and isinstance(value, str):
            return float(value)
        if tag == "complex" and isinstance(value, list) and len(value) == 2:
            return complex(float(value[0]), float(value[1]))
        if tag == "str" and isinstance(value, str):
            return value
        if tag == "bytes" and isinstance(value, str):
            return bytes.fromhex(value)
        if tag in ("list", "tuple", "set", "frozenset") and isinstance(value, list):
            items = [walk(v) for v in value]
            if tag == "list" or tag == "tuple":
                return items if tag == "list" else tuple(items)
            _few_collisions(items)
            return _whole((set if tag == "set" else frozenset)(items), items)
        if tag == "dict" and isinstance(value, list):
            pairs = []
            for pair in value:
                if not isinstance(pair, list) or len(pair) != 2:
                    raise Opaque("dict")
                pairs.append((walk(pair[0]), walk(pair[1])))
            _few_collisions([key for key, _ in pairs])
            return _whole(dict(pairs), pairs)
        raise Opaque(tag)

    try:
        return walk(encoded)
    except Opaque:
        raise
    except (ValueError, TypeError, OverflowError, RecursionError) as exc:
        raise Opaque(type(exc).__name__) from None


def _whole(rebuilt: Sized, reported: list) -> object:
    """``rebuilt`` when it holds every reported element (a set's items, a dict's pairs), else
    :class:`Opaque`. A real set or dict of plain values never holds two elements (keys) of equal
    content, so a report that collapses when rebuilt came from elements whose own ``__eq__`` or
    ``__hash__`` keeps them apart (a ``str`` subclass with identity equality beside the same
    text): the program's value has more elements than the host's, is ``!=`` the rebuilt one in
    Python, and a dict's first pairs of a key text (its wrong values) would be overwritten by
    the last. Not a plain value, never held (red team 2026-11-29b, row 1)."""
    if len(rebuilt) != len(reported):
        raise Opaque("duplicate_elements")
    return rebuilt


def _few_collisions(keys: list[object]) -> None:
    """:class:`Opaque` when more than ``core.literals.MAX_SAME_HASH`` distinct ``keys`` share a
    hash (red team 2, row 12: a report of multiples of 2**61 - 1 rebuilt a set quadratically)."""
    try:
        check_few_collisions(keys)
    except CollidingKeys:
        raise Opaque("colliding_hashes") from None


def _holds(site: Site, value: object) -> bool:
    """Whether a decoded plain value holds an "equal" or "like" site. A truthy or falsy site is
    never judged from the content (:func:`_site_state`: the truth the tested process reported)."""
    try:
        if site.kind == "equal":
            return bool(value == site.expected)
        if site.kind == "like":
            return isinstance(value, str) and isinstance(site.expected, str) and len(value) <= _LIKE_MAX_CHARS \
                and doctest_like(value, site.expected)
        return False
    except Exception:  # noqa: BLE001 - plain values compare without raising; anything else does not hold
        return False


def doctest_like(shown: str, want: str) -> bool:
    """Whether ``shown`` matches ``want`` as doctest matches an example's output with ELLIPSIS
    and NORMALIZE_WHITESPACE: the harness's own ``doctest``, never the tested process's."""
    import doctest

    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    return doctest.OutputChecker().check_output(want + "\n", shown + "\n", flags)


# ------------------------------------------------------------------------------- judging --
# every report at the site held: a plain value equal to the literal (matching the elided text),
# or, at a truthy/falsy site, a value whose reported truth is the one the assertion wants
OBSERVED_EQUAL = "plain_equal"
OBSERVED_UNEQUAL = "plain_unequal"
OBSERVED_OPAQUE = "opaque"  # a value that is not plain, a truth site without its truth, a malformed report
OBSERVED_MISSING = "missing"  # the site never reported a value
# the plugin reports every different value of a site per test, up to this many, then one opaque
# value of this kind (sandbox/pytest_plugin.py ``record_value``): a site that saw more is never held
MAX_VALUES_PER_SITE = 1000
TOO_MANY_VALUES = "crossfile.too_many_different_values"
TRUTH_KINDS = ("truthy", "falsy")  # ``assert X`` and ``assert not X``: judged on the value's own truth


def observe(test_paths: Iterable[str], test_list: Iterable[str], records: Iterable[dict]
            ) -> dict[str, dict[int, tuple[str, str]]]:
    """What each checked site of each program saw: {path: {site: (state, detail)}}.

    ``records`` are the channel's value records (``nodeid``, ``site``, ``value``, and ``truth`` at
    a truthy/falsy site); a record is a program's when its node id is the program's path or
    starts with ``<path>::``."""
    programs = {path: value_sites(source) for path, source in zip(test_paths, test_list)}
    by_site: dict[tuple[str, int], list[tuple[object, object]]] = {}
    for rec in records:
        nodeid, site = rec.get("nodeid"), rec.get("site")
        if not isinstance(nodeid, str) or type(site) is not int:
            continue
        path = nodeid.split("::", 1)[0]
        if path in programs and 0 <= site < len(programs[path]):  # a forged site number is never a key
            by_site.setdefault((path, site), []).append(_report(rec))
    out: dict[str, dict[int, tuple[str, str]]] = {}
    for path, sites in programs.items():
        seen = out.setdefault(path, {})
        for site in sites:
            seen[site.index] = _site_state(site, by_site.get((path, site.index)))
    return out


def _report(record: dict) -> tuple[object, object]:
    """(encoded value, reported truth or None) of a value record."""
    return record.get("value"), record.get("truth")


def _site_state(site: Site, reported: list[tuple[object, object]] | None) -> tuple[str, str]:
    """(state, detail) of a checked site from the reports there: (encoded value, truth) pairs.

    An "equal" or "like" site is judged on the decoded content (what the value *is*, whatever
    its methods say). A truthy or falsy site is judged on the truth the tested process reported
    beside it: ``bool(value)`` as the plugin's ``record_value`` evaluated it for the site, once
    (the truth every ``if`` and ``assert`` of a caller sees, which the content does not carry:
    an ``int`` subclass whose ``__bool__`` is always true, a ``re.Match``; red team 2026-11-29b,
    rows 2 and 3). A report without a real ``bool`` there is not held."""
    if not reported:
        return OBSERVED_MISSING, "the checked assertion never reported its value"
    for encoded, truth in reported:
        if _opaque_kind(encoded) == TOO_MANY_VALUES:
            return OBSERVED_OPAQUE, f"more than {MAX_VALUES_PER_SITE} different values in one test, not judged"
        if site.kind in TRUTH_KINDS:
            if type(truth) is not bool:
                return OBSERVED_OPAQUE, "no truth reported for a truth test"
            if truth != (site.kind == "truthy"):
                return OBSERVED_UNEQUAL, f"got {_shown(encoded)} (truth {truth}), expected {site.kind}"
            continue
        try:
            value = decode(encoded)
        except Opaque as refused:
            kind = _opaque_kind(encoded)
            if kind is None and str(refused) == "duplicate_elements":
                return OBSERVED_OPAQUE, "a set or dict with elements of equal content, not a plain value"
            return OBSERVED_OPAQUE, f"a {str(kind or '?')[:80]} object, not a plain value"
        if not _holds(site, value):
            return OBSERVED_UNEQUAL, f"got {_short(value)}, expected {_short(site.expected)}"
    return OBSERVED_EQUAL, ""


def _opaque_kind(encoded: object) -> object:
    """The type name of an ``["opaque", name]`` report, else None."""
    return encoded[1] if isinstance(encoded, list) and len(encoded) > 1 and encoded[0] == "opaque" else None


def _shown(encoded: object) -> str:
    """A report's content for a message: the decoded value, or what kind of object it was."""
    try:
        return _short(decode(encoded))
    except Opaque:
        return f"a {str(_opaque_kind(encoded) or '?')[:80]} object"


# -------------------------------------------------- per test (the class split's repository tests) --
def observe_per_test(programs: dict[str, str], records: Iterable[dict]) -> dict[str, dict[int, tuple[str, str]]]:
    """What each test saw at the checked sites of its file: {node id: {site: (state, detail)}}.

    ``programs``: {test file: its *original* source} (the literals are parsed from it on the
    host); a record counts for the test it names (``nodeid``) at a site of that test's file.
    Only the sites a test reported are listed (the others are missing for it)."""
    parsed = {path: {site.index: site for site in value_sites(source)} for path, source in programs.items()}
    by_test: dict[tuple[str, int], list[tuple[object, object]]] = {}
    for rec in records:
        nodeid, site = rec.get("nodeid"), rec.get("site")
        if isinstance(nodeid, str) and type(site) is int and site in parsed.get(nodeid.split("::", 1)[0], {}):
            by_test.setdefault((nodeid, site), []).append(_report(rec))
    out: dict[str, dict[int, tuple[str, str]]] = {}
    for (nodeid, index), reported in by_test.items():
        out.setdefault(nodeid, {})[index] = _site_state(parsed[nodeid.split("::", 1)[0]][index], reported)
    return out


def per_test_checks(observed: dict[str, dict[int, tuple[str, str]]]) -> list[dict]:
    """A class task's ``value_checks`` from the original class's run: ``{"test", "site"}`` where
    the test's every value at the site was plain and held."""
    return [{"test": nodeid, "site": index} for nodeid, sites in sorted(observed.items())
            for index, (state, _) in sorted(sites.items()) if state == OBSERVED_EQUAL]


def judge_per_test(checks: Iterable[object], observed: dict[str, dict[int, tuple[str, str]]]) -> dict[str, list[str]]:
    """{test: its failed host-side checks} (a test absent held all of its ``checks``)."""
    failures: dict[str, list[str]] = {}
    for check in checks:
        if not isinstance(check, dict) or not isinstance(check.get("test"), str) or type(check.get("site")) is not int:
            continue
        nodeid, index = check["test"], check["site"]
        state, detail = observed.get(nodeid, {}).get(index, (OBSERVED_MISSING, "the checked assertion never "
                                                                                "reported its value"))
        if state != OBSERVED_EQUAL:
            failures.setdefault(nodeid, []).append(f"assertion {index} of {nodeid.split('::', 1)[0]}: {detail}")
    return failures


def judge_values(checks: Iterable[Iterable], observed: dict[str, dict[int, tuple[str, str]]]) -> list[str]:
    """The failed host-side checks (empty = every checked site held): one line each.
    ``checks`` = the problem's ``value_checks``: ``{"test_path", "site"}`` entries."""
    failures = []
    for check in checks:
        path, index = (check.get("test_path"), check.get("site")) if isinstance(check, dict) else (None, None)
        if not isinstance(path, str) or type(index) is not int:
            continue
        state, detail = observed.get(str(path), {}).get(index, (OBSERVED_MISSING, "no such checked assertion"))
        if state != OBSERVED_EQUAL:
            failures.append(f"{path} assertion {index}: {detail}")
    return failures


def site_owners(source: str) -> dict[int, str]:
    """{site: the test that holds it}, the test as a node id's tail names it (``test_f`` or
    ``TestCase::test_f``, without parameters): the innermost test function around the site and
    the classes around that function. A site outside any test function has no owner (none past
    the bounded parse's limits, ``core/bounded.py``)."""
    try:
        return bounded_text_call(_site_owners, source)
    except BoundedLimit:
        return {}


def _site_owners(source: str) -> dict[int, str]:
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return {}
    spans: list[tuple[tuple[int, int], tuple[int, int], str]] = []
    stack: list[tuple[ast.AST, tuple[str, ...]]] = [(tree, ())]
    while stack:
        node, classes = stack.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef):
                stack.append((child, (*classes, child.name)))
                continue
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) and child.name.startswith("test"):
                spans.append(((child.lineno, child.col_offset), (child.end_lineno or child.lineno, child.end_col_offset or 0),
                              "::".join((*classes, child.name))))
            stack.append((child, classes))
    owners: dict[int, str] = {}
    for site in _value_sites(source, tree):
        start = site.node[:2]
        inside = [(s, name) for s, e, name in spans if s <= start <= e]
        if inside:
            owners[site.index] = max(inside)[1]  # the innermost: the latest start around the site
    return owners


def failed_tests_on_host(checks: Iterable[object], test_paths: Iterable[str], test_list: Iterable[str],
                         records: Iterable[dict], tests: Iterable[str]) -> set[str]:
    """The tests (node ids of ``tests``) that a host-side check refuses, one by one: a test fails
    when a value it reported at one of its file's checked sites (``value_checks``: ``{"test_path",
    "site"}``) did not hold, or when a checked site of its own function reported nothing for it.
    The executable split's test pass rate counts a test as passed only when pytest passed it and
    it is not one of these (red team 2026-11-28f, row 1: a run already failed kept pytest's count,
    though its host-only sites pass every test in the process)."""
    by_path = host_only_sites(checks)
    programs = {path: source for path, source in zip(test_paths, test_list) if path in by_path}
    if not programs:
        return set()
    observed = observe_per_test(programs, records)
    owners = {path: site_owners(source) for path, source in programs.items()}
    failed = set()
    for nodeid in tests:
        path, _, tail = nodeid.partition("::")
        if path not in programs:
            continue
        name = "::".join(part.split("[", 1)[0] for part in tail.split("::"))
        seen = observed.get(nodeid, {})
        for index in by_path[path]:
            state = seen.get(index)
            if state is not None and state[0] != OBSERVED_EQUAL:
                failed.add(nodeid)
            elif state is None and owners[path].get(index) == name:
                failed.add(nodeid)
    return failed


def host_only_sites(checks: Iterable[object]) -> dict[str, set[int]]:
    """``value_checks`` entries (``{"test_path", "site"}``, or a class task's ``{"test", "site"}``)
    -> {test file: site numbers}."""
    out: dict[str, set[int]] = {}
    for check in checks:
        if not isinstance(check, dict) or type(check.get("site")) is not int:
            continue
        path = check.get("test_path") if "test_path" in check else str(check.get("test") or "").split("::", 1)[0]
        if isinstance(path, str) and path:
            out.setdefault(path, set()).add(check["site"])
    return out


def reference_checks(observed: dict[str, dict[int, tuple[str, str]]]) -> list[dict]:
    """``value_checks`` from the reference solution's run: the sites where its values were plain
    and the check held, as ``{"test_path", "site"}``."""
    return [{"test_path": path, "site": index} for path, sites in sorted(observed.items())
            for index, (state, _) in sorted(sites.items()) if state == OBSERVED_EQUAL]


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."
