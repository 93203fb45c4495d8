"""Hand-written wrong implementations of `funcparserlib/parser.py::tok` (vlasovskikh/funcparserlib @ 18c0a99dcd).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld20, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'vlasovskikh/funcparserlib'
COMMIT = '18c0a99dcdb427e35226c74b7cc2617223c8e1fa'
TARGET = 'funcparserlib/parser.py::tok'
SETUP = 'from funcparserlib.parser import tok, NoParseError\nfrom funcparserlib.lexer import Token'
NEEDS = ['a', 'some', 'Token']
WRONG = [
    {
        "why": "returns the matched Token, not its string value",
        "code": "def tok(type: str, value: Optional[str] = None) -> Parser[Token, str]:\n    def eq_type(t: Token) -> bool:\n        return t.type == type\n\n    if value is not None:\n        p = a(Token(type, value))\n    else:\n        p = some(eq_type).named(type)\n    return p\n",
        "witness": "result = tok('n').parse([Token('n', '1')])",
    },
    {
        "why": "with a value, matches the value whatever the token's type",
        "code": "def tok(type: str, value: Optional[str] = None) -> Parser[Token, str]:\n    def eq_type(t: Token) -> bool:\n        return t.type == type\n\n    if value is not None:\n        p = some(lambda t: t.value == value).named(repr(value))\n    else:\n        p = some(eq_type).named(type)\n    return (p >> (lambda t: t.value)).named(p.name)\n",
        "witness": "try:\n    result = tok('op', '=').parse([Token('name', '=')])\nexcept NoParseError:\n    result = 'no parse'",
    },
]
