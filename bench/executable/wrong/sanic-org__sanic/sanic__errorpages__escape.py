"""Hand-written wrong implementations of `sanic/errorpages.py::escape` (sanic-org/sanic @ eba7821a6d).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before building the split (held-out set 2026-11-27c,
issue 36). Each entry: why it is a plausible mistake, the whole function, and a witness:
statements after SETUP that set `result`, whose repr differs between the reference and this
version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'sanic-org/sanic'
COMMIT = 'eba7821a6da67f450f7fa7e3dd58d41ddc986b6a'
TARGET = 'sanic/errorpages.py::escape'
SETUP = 'from sanic.errorpages import escape'
WRONG = [
    {
        "why": "replaces in the wrong order: the '&' of '&lt;' is escaped again",
        "code": '''def escape(text):
    """
    Minimal HTML escaping, not for attribute values (unlike html.escape).
    """
    return f"{text}".replace("<", "&lt;").replace("&", "&amp;")
''',
        "witness": "result = escape('<b>')",
    },
    {
        "why": 'escapes quotes too, like html.escape (the docstring says it does not)',
        "code": '''def escape(text):
    """
    Minimal HTML escaping, not for attribute values (unlike html.escape).
    """
    import html

    return html.escape(f"{text}")
''',
        "witness": 'result = escape(\'say "hi"\')',
    },
]
