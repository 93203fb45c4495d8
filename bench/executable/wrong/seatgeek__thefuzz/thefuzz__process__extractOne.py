"""Hand-written wrong implementations of `thefuzz/process.py::extractOne` (seatgeek/thefuzz @ 1ba86f33a1).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before reading the build's output (held-out set
2026-11-27e, issue 36). Each entry: why it is a plausible mistake, the whole function, and a
witness: statements after SETUP that set `result`, whose repr differs between the reference
and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'seatgeek/thefuzz'
COMMIT = '1ba86f33a19deedcf886b74cf6efffd79495a50f'
TARGET = 'thefuzz/process.py::extractOne'
SETUP = 'from thefuzz.process import extractOne'
WRONG = [
    {
        "why": "returns rapidfuzz's 3-tuple for a list too",
        "code": '''def extractOne(query, choices, processor=default_processor, scorer=default_scorer, score_cutoff=0):
    """Find the single best match above a score in a list of choices."""
    is_lowered = scorer in _scorer_lowering
    _validate_query_preprocessing(query, processor)
    res = rprocess.extractOne(query, choices, processor=_get_processor(processor, scorer),
                              scorer=_get_scorer(scorer), score_cutoff=score_cutoff)
    if res is None:
        return res
    choice, score, key = res
    if is_lowered:
        score = int(round(score))
    return (choice, score, key)
''',
        "witness": "result = extractOne('apple', ['apple', 'banana'])",
    },
    {
        "why": 'does not round the score of a lowered scorer',
        "code": '''def extractOne(query, choices, processor=default_processor, scorer=default_scorer, score_cutoff=0):
    """Find the single best match above a score in a list of choices."""
    is_mapping = hasattr(choices, "items")
    _validate_query_preprocessing(query, processor)
    res = rprocess.extractOne(query, choices, processor=_get_processor(processor, scorer),
                              scorer=_get_scorer(scorer), score_cutoff=score_cutoff)
    if res is None:
        return res
    choice, score, key = res
    return (choice, score, key) if is_mapping else (choice, score)
''',
        "witness": "result = extractOne('aple', ['apple', 'zzz'])",
    },
]
