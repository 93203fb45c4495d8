"""Hand-written wrong implementations of `thefuzz/process.py::dedupe` (seatgeek/thefuzz @ 1ba86f33a1).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before reading the build's output (held-out set
2026-11-27e, issue 36). Each entry: why it is a plausible mistake, the whole function, and a
witness: statements after SETUP that set `result`, whose repr differs between the reference
and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'seatgeek/thefuzz'
COMMIT = '1ba86f33a19deedcf886b74cf6efffd79495a50f'
TARGET = 'thefuzz/process.py::dedupe'
SETUP = 'from thefuzz.process import dedupe'
WRONG = [
    {
        "why": 'keeps the shortest duplicate instead of the longest',
        "code": '''def dedupe(contains_dupes, threshold=70, scorer=fuzz.token_set_ratio):
    """Remove fuzzy duplicates, keeping the longest of each group."""
    deduped = set()
    for item in contains_dupes:
        matches = extractBests(item, contains_dupes, scorer=scorer, score_cutoff=threshold, limit=None)
        deduped.add(min(matches, key=lambda x: (len(x[0]), x[0]))[0])
    return list(deduped) if len(deduped) != len(contains_dupes) else contains_dupes
''',
        "witness": "result = sorted(dedupe(['Frodo Baggin', 'Frodo Baggins', 'Samwise G.']))",
    },
    {
        "why": 'always returns a new list, also when nothing was a duplicate',
        "code": '''def dedupe(contains_dupes, threshold=70, scorer=fuzz.token_set_ratio):
    """Remove fuzzy duplicates, keeping the longest of each group."""
    deduped = set()
    for item in contains_dupes:
        matches = extractBests(item, contains_dupes, scorer=scorer, score_cutoff=threshold, limit=None)
        deduped.add(max(matches, key=lambda x: (len(x[0]), x[0]))[0])
    return sorted(deduped)
''',
        "witness": "result = dedupe(('zebra', 'apple'))",
    },
]
