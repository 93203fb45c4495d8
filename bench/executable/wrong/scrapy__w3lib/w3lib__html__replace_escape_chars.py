"""Hand-written wrong implementations of `w3lib/html.py::replace_escape_chars` (scrapy/w3lib @ ed01dc0460).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before reading the build's output (held-out set
2026-11-27e, issue 36). Each entry: why it is a plausible mistake, the whole function, and a
witness: statements after SETUP that set `result`, whose repr differs between the reference
and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'scrapy/w3lib'
COMMIT = 'ed01dc04608336967356417f472a691b82bcfbe4'
TARGET = 'w3lib/html.py::replace_escape_chars'
SETUP = 'from w3lib.html import replace_escape_chars'
WRONG = [
    {
        "why": 'uses replace_by as given: a bytes replacement raises',
        "code": '''def replace_escape_chars(text, which_ones=("\n", "\t", "\r"), replace_by="", encoding=None):
    """Remove escape characters."""
    utext = to_unicode(text, encoding)
    for ec in which_ones:
        utext = utext.replace(ec, replace_by)
    return utext
''',
        "witness": "result = replace_escape_chars('a\\nb', replace_by=b' ')",
    },
    {
        "why": 'removes every whitespace character, spaces included, ignoring which_ones',
        "code": '''def replace_escape_chars(text, which_ones=("\n", "\t", "\r"), replace_by="", encoding=None):
    """Remove escape characters."""
    utext = to_unicode(text, encoding)
    return re.sub(r"\s", to_unicode(replace_by, encoding), utext)
''',
        "witness": "result = replace_escape_chars('a b\\n')",
    },
]
