"""Hand-written wrong implementations of `wcwidth/align.py::center` (jquast/wcwidth @ 614156bc9c).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld17, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'jquast/wcwidth'
COMMIT = '614156bc9cb54d5c552abec07a09d72b8df4f841'
TARGET = 'wcwidth/align.py::center'
SETUP = 'from wcwidth.align import center'
NEEDS = ['width']
WRONG = [
    {
        "why": 'measures the text with len(): a wide character counts one cell',
        "code": "def center(\n    text: str,\n    dest_width: int,\n    fillchar: str = ' ',\n    *,\n    control_codes: Literal['parse', 'strict', 'ignore'] = 'parse',\n    ambiguous_width: int = 1,\n    term_program: bool | str = False,\n) -> str:\n    total_padding = max(0, dest_width - len(text))\n    left_pad = total_padding // 2 + (total_padding & dest_width & 1)\n    right_pad = total_padding - left_pad\n    return fillchar * left_pad + text + fillchar * right_pad\n",
        "witness": "result = center('\\u4e2d', 6)",
    },
    {
        "why": "puts the odd cell always on the right (not str.center's rule)",
        "code": "def center(\n    text: str,\n    dest_width: int,\n    fillchar: str = ' ',\n    *,\n    control_codes: Literal['parse', 'strict', 'ignore'] = 'parse',\n    ambiguous_width: int = 1,\n    term_program: bool | str = False,\n) -> str:\n    if text.isascii() and text.isprintable():\n        text_width = len(text)\n    else:\n        text_width = width(text, control_codes=control_codes, ambiguous_width=ambiguous_width,\n                           term_program=term_program)\n    total_padding = max(0, dest_width - text_width)\n    left_pad = total_padding // 2\n    right_pad = total_padding - left_pad\n    return fillchar * left_pad + text + fillchar * right_pad\n",
        "witness": "result = center('ab', 5)",
    },
]
