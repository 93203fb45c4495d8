"""Hand-written wrong implementations of `funcparserlib/parser.py::Parser.parse` (vlasovskikh/funcparserlib @ 18c0a99dcd).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld20, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'vlasovskikh/funcparserlib'
COMMIT = '18c0a99dcdb427e35226c74b7cc2617223c8e1fa'
TARGET = 'funcparserlib/parser.py::Parser.parse'
SETUP = 'from funcparserlib.parser import a, NoParseError'
NEEDS = ['State', 'NoParseError', 'Token', 'Parser']
WRONG = [
    {
        "why": "leaves out what the failed parser expected from the error message",
        "code": "def parse(self, tokens: Sequence[_A]) -> _B:\n    try:\n        (tree, _) = self.run(tokens, State(0, 0, None))\n        return tree\n    except NoParseError as e:\n        max = e.state.max\n        if len(tokens) > max:\n            t = tokens[max]\n            if isinstance(t, Token):\n                if t.start is None or t.end is None:\n                    loc = \"\"\n                else:\n                    s_line, s_pos = t.start\n                    e_line, e_pos = t.end\n                    loc = \"%d,%d-%d,%d: \" % (s_line, s_pos, e_line, e_pos)\n                msg = \"%s%s: %r\" % (loc, e.msg, t.value)\n            elif isinstance(t, str):\n                msg = \"%s: %r\" % (e.msg, t)\n            else:\n                msg = \"%s: %s\" % (e.msg, t)\n        else:\n            msg = \"got unexpected end of input\"\n        e.msg = msg\n        raise\n",
        "witness": "try:\n    a('x').parse('y')\n    result = None\nexcept NoParseError as e:\n    result = str(e)",
    },
    {
        "why": "off by one at the end of the input: indexes the token after the last one",
        "code": "def parse(self, tokens: Sequence[_A]) -> _B:\n    try:\n        (tree, _) = self.run(tokens, State(0, 0, None))\n        return tree\n    except NoParseError as e:\n        max = e.state.max\n        if len(tokens) >= max:\n            t = tokens[max]\n            if isinstance(t, Token):\n                if t.start is None or t.end is None:\n                    loc = \"\"\n                else:\n                    s_line, s_pos = t.start\n                    e_line, e_pos = t.end\n                    loc = \"%d,%d-%d,%d: \" % (s_line, s_pos, e_line, e_pos)\n                msg = \"%s%s: %r\" % (loc, e.msg, t.value)\n            elif isinstance(t, str):\n                msg = \"%s: %r\" % (e.msg, t)\n            else:\n                msg = \"%s: %s\" % (e.msg, t)\n        else:\n            msg = \"got unexpected end of input\"\n        e_parser = e.state.parser\n        if isinstance(e_parser, Parser):\n            msg = \"%s, expected: %s\" % (msg, e_parser.name)\n        e.msg = msg\n        raise\n",
        "witness": "try:\n    a('x').parse('')\n    result = None\nexcept Exception as e:\n    result = (type(e).__name__, str(e))",
    },
]
