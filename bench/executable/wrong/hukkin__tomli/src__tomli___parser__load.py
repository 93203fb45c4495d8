"""Hand-written wrong implementations of `src/tomli/_parser.py::load` (hukkin/tomli @ 920e20b1cf).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld17, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'hukkin/tomli'
COMMIT = '920e20b1cf495b63f6d4a6aa3cd5e4ff25f5f5a7'
TARGET = 'src/tomli/_parser.py::load'
SETUP = 'import io\nfrom tomli._parser import load'
NEEDS = ['loads']
WRONG = [
    {
        "why": 'decodes the bytes as Latin-1: invalid UTF-8 is accepted',
        "code": 'def load(__fp: IO[bytes], *, parse_float: ParseFloat = float) -> dict[str, Any]:\n    b = __fp.read()\n    try:\n        s = b.decode(\'latin-1\')\n    except AttributeError:\n        raise TypeError("File must be opened in binary mode, e.g. use `open(\'foo.toml\', \'rb\')`") from None\n    return loads(s, parse_float=parse_float)\n',
        "witness": 'result = load(io.BytesIO(b\'a = "\\xe9"\'))',
    },
    {
        "why": 'does not pass parse_float on',
        "code": 'def load(__fp: IO[bytes], *, parse_float: ParseFloat = float) -> dict[str, Any]:\n    b = __fp.read()\n    try:\n        s = b.decode()\n    except AttributeError:\n        raise TypeError("File must be opened in binary mode, e.g. use `open(\'foo.toml\', \'rb\')`") from None\n    return loads(s)\n',
        "witness": "from decimal import Decimal\nresult = load(io.BytesIO(b'x = 1.5'), parse_float=Decimal)",
    },
]
