"""Hand-written wrong implementations of `funcparserlib/lexer.py::make_tokenizer` (vlasovskikh/funcparserlib @ 18c0a99dcd).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld20, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'vlasovskikh/funcparserlib'
COMMIT = '18c0a99dcdb427e35226c74b7cc2617223c8e1fa'
TARGET = 'funcparserlib/lexer.py::make_tokenizer'
SETUP = 'from funcparserlib.lexer import make_tokenizer, TokenSpec'
NEEDS = ['TokenSpec', 'Token', 'LexerError', 're']
WRONG = [
    {
        "why": "gives a token's start column 0-based (the end stays 1-based)",
        "code": "def make_tokenizer(\n    specs: Sequence[Union[TokenSpec, _Spec]],\n) -> Callable[[str], Iterable[Token]]:\n    compiled: List[Tuple[str, Pattern[str]]] = []\n    for spec in specs:\n        if isinstance(spec, TokenSpec):\n            c = spec.type, re.compile(spec.pattern, spec.flags)\n        else:\n            name, args = spec\n            c = name, re.compile(*args)\n        compiled.append(c)\n\n    def match_specs(s: str, i: int, position: Tuple[int, int]) -> Token:\n        line, pos = position\n        for type, regexp in compiled:\n            m = regexp.match(s, i)\n            if m is not None:\n                value = m.group()\n                nls = value.count(\"\\n\")\n                n_line = line + nls\n                if nls == 0:\n                    n_pos = pos + len(value)\n                else:\n                    n_pos = len(value) - value.rfind(\"\\n\") - 1\n                return Token(type, value, (line, pos), (n_line, n_pos))\n        else:\n            err_line = s.splitlines()[line - 1]\n            raise LexerError((line, pos + 1), err_line)\n\n    def f(s: str) -> Iterable[Token]:\n        length = len(s)\n        line, pos = 1, 0\n        i = 0\n        while i < length:\n            t = match_specs(s, i, (line, pos))\n            yield t\n            if t.end is None:\n                raise ValueError(\"Token %r has no end specified\", (t,))\n            line, pos = t.end\n            i += len(t.value)\n\n    return f\n",
        "witness": "result = [(t.start, t.end) for t in make_tokenizer([TokenSpec('x', '[a-z]+'), TokenSpec('nl', '\\n')])('a\\nb')]",
    },
    {
        "why": "passes a legacy (type, args) spec's args tuple to re.compile without unpacking it",
        "code": "def make_tokenizer(\n    specs: Sequence[Union[TokenSpec, _Spec]],\n) -> Callable[[str], Iterable[Token]]:\n    compiled: List[Tuple[str, Pattern[str]]] = []\n    for spec in specs:\n        if isinstance(spec, TokenSpec):\n            c = spec.type, re.compile(spec.pattern, spec.flags)\n        else:\n            name, args = spec\n            c = name, re.compile(args)\n        compiled.append(c)\n\n    def match_specs(s: str, i: int, position: Tuple[int, int]) -> Token:\n        line, pos = position\n        for type, regexp in compiled:\n            m = regexp.match(s, i)\n            if m is not None:\n                value = m.group()\n                nls = value.count(\"\\n\")\n                n_line = line + nls\n                if nls == 0:\n                    n_pos = pos + len(value)\n                else:\n                    n_pos = len(value) - value.rfind(\"\\n\") - 1\n                return Token(type, value, (line, pos + 1), (n_line, n_pos))\n        else:\n            err_line = s.splitlines()[line - 1]\n            raise LexerError((line, pos + 1), err_line)\n\n    def f(s: str) -> Iterable[Token]:\n        length = len(s)\n        line, pos = 1, 0\n        i = 0\n        while i < length:\n            t = match_specs(s, i, (line, pos))\n            yield t\n            if t.end is None:\n                raise ValueError(\"Token %r has no end specified\", (t,))\n            line, pos = t.end\n            i += len(t.value)\n\n    return f\n",
        "witness": "result = [t.value for t in make_tokenizer([('x', ('[a-z]+',))])('ab')]",
    },
]
