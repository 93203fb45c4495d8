"""Hand-written wrong implementations of `src/pangu/_core.py::_sub_ans_cjk_right_quote_any_right_quote` (vinta/pangu.py @ be761c8793).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld18, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'vinta/pangu.py'
COMMIT = 'be761c8793ff9a584e3d30c00511b0b0a4ded66d'
TARGET = 'src/pangu/_core.py::_sub_ans_cjk_right_quote_any_right_quote'
SETUP = 'from pangu._core import _sub_ans_cjk_right_quote_any_right_quote'
NEEDS = ['ANS_CJK_RIGHT_QUOTE_ANY_RIGHT_QUOTE', '_has_unclosed_left_quote_before']
WRONG = [
    {
        "why": 'drops the lookbehind guard: a plain sub',
        "code": 'def _sub_ans_cjk_right_quote_any_right_quote(text: str) -> str:\n    return ANS_CJK_RIGHT_QUOTE_ANY_RIGHT_QUOTE.sub(lambda m: f"{m.group(1)} {m.group(2)}{m.group(3)}{m.group(4)}", text)\n',
        "witness": "result = _sub_ans_cjk_right_quote_any_right_quote('\\u201ca\\u201db\\u201d')",
    },
    {
        "why": 'when the guard fails, resumes after the whole match (overlapping candidates lost)',
        "code": 'def _sub_ans_cjk_right_quote_any_right_quote(text: str) -> str:\n    result: list[str] = []\n    pos = 0\n    while True:\n        match = ANS_CJK_RIGHT_QUOTE_ANY_RIGHT_QUOTE.search(text, pos)\n        if match is None:\n            break\n        if _has_unclosed_left_quote_before(text, match.start(2)):\n            result.append(text[pos : match.end()])\n            pos = match.end()\n            continue\n        result.append(text[pos : match.start()])\n        result.append(f"{match.group(1)} {match.group(2)}{match.group(3)}{match.group(4)}")\n        pos = match.end()\n    result.append(text[pos:])\n    return "".join(result)\n',
        "witness": "result = _sub_ans_cjk_right_quote_any_right_quote('\\u201ca\\u201db\\u201dc\\u201d')",
    },
]
