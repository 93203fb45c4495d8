"""Hand-written wrong implementations of `src/humanize/time.py::_suppress_lower_units` (python-humanize/humanize @ c3a124cdeb).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before reading the build's output (held-out set
2026-11-27e, issue 36). Each entry: why it is a plausible mistake, the whole function, and a
witness: statements after SETUP that set `result`, whose repr differs between the reference
and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'python-humanize/humanize'
COMMIT = 'c3a124cdeb272d7f63bc0aa66f79c6fbafd2fc6d'
TARGET = 'src/humanize/time.py::_suppress_lower_units'
SETUP = 'from humanize.time import _suppress_lower_units, Unit'
WRONG = [
    {
        "why": 'includes the minimum unit itself',
        "code": '''def _suppress_lower_units(min_unit: Unit, suppress: Iterable[Unit]) -> set[Unit]:
    """Extend suppressed units (if any) with all units lower than the minimum unit."""
    suppress = set(suppress)
    for unit in Unit:
        suppress.add(unit)
        if unit == min_unit:
            break
    return suppress
''',
        "witness": 'result = sorted(u.name for u in _suppress_lower_units(Unit.SECONDS, []))',
    },
    {
        "why": 'drops the units the caller asked to suppress',
        "code": '''def _suppress_lower_units(min_unit: Unit, suppress: Iterable[Unit]) -> set[Unit]:
    """Extend suppressed units (if any) with all units lower than the minimum unit."""
    return {unit for unit in Unit if unit < min_unit}
''',
        "witness": 'result = sorted(u.name for u in _suppress_lower_units(Unit.SECONDS, [Unit.DAYS]))',
    },
]
