"""Hand-written wrong implementations of `slugify/special.py::add_uppercase_char` (un33k/python-slugify @ 7b6d5d96c1).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld15, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'un33k/python-slugify'
COMMIT = '7b6d5d96c1995e6dccb39a19a13ba78d7d0a3ee4'
TARGET = 'slugify/special.py::add_uppercase_char'
SETUP = 'from slugify.special import add_uppercase_char'
NEEDS = []
WRONG = [
    {
        "why": 'appends the uppercase pairs at the end instead of the front',
        "code": '''def add_uppercase_char(char_list):
    for item in char_list:
        char, xlate = item
        upper_dict = char.upper(), xlate.capitalize()
        if upper_dict not in char_list and char != upper_dict[0]:
            char_list.append(upper_dict)
    return char_list
''',
        "witness": "result = add_uppercase_char([('\\u00e4', 'ae')])",
    },
    {
        "why": 'uppercases the whole transliteration instead of capitalizing it',
        "code": '''def add_uppercase_char(char_list):
    for item in char_list:
        char, xlate = item
        upper_dict = char.upper(), xlate.upper()
        if upper_dict not in char_list and char != upper_dict[0]:
            char_list.insert(0, upper_dict)
    return char_list
''',
        "witness": "result = add_uppercase_char([('\\u0449', 'sch')])",
    },
]
