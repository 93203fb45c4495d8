"""Hand-written wrong implementations of `funcparserlib/parser.py::oneplus` (vlasovskikh/funcparserlib @ 18c0a99dcd).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld20, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'vlasovskikh/funcparserlib'
COMMIT = '18c0a99dcdb427e35226c74b7cc2617223c8e1fa'
TARGET = 'funcparserlib/parser.py::oneplus'
SETUP = 'from funcparserlib.parser import oneplus, a, NoParseError'
NEEDS = ['Parser', 'many', 'State']
WRONG = [
    {
        "why": "runs the repetition from the start state again, so the first item is parsed twice",
        "code": "def oneplus(p: Parser[_A, _B]) -> Parser[_A, List[_B]]:\n    @Parser\n    def _oneplus(tokens: Sequence[_A], s: State) -> Tuple[List[_B], State]:\n        (v1, s2) = p.run(tokens, s)\n        (v2, s3) = many(p).run(tokens, s)\n        return [v1] + v2, s3\n\n    _oneplus.name = \"(%s, { %s })\" % (p.name, p.name)\n    return _oneplus\n",
        "witness": "result = oneplus(a('x')).parse('xx')",
    },
    {
        "why": "accepts zero repetitions (the same as many)",
        "code": "def oneplus(p: Parser[_A, _B]) -> Parser[_A, List[_B]]:\n    @Parser\n    def _oneplus(tokens: Sequence[_A], s: State) -> Tuple[List[_B], State]:\n        (v, s2) = many(p).run(tokens, s)\n        return v, s2\n\n    _oneplus.name = \"(%s, { %s })\" % (p.name, p.name)\n    return _oneplus\n",
        "witness": "try:\n    result = oneplus(a('x')).parse('y')\nexcept NoParseError:\n    result = 'no parse'",
    },
]
