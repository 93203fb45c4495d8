"""C# uses masked behind a proven use earlier in the same chain (issue 28; the shape of
sprache/Sprache's ``AsmToken(Parse.LetterOrDigit.Many().Text())`` and ``.XMany().End()``, a
tuning case since 2026-11-26; fixture written for this test, checked with the real mcs).

``Many``, ``Text`` and ``End`` are used elsewhere, so they come back in round 2; the only round
that sees ``Parse.Letter.Many().Text().End()`` with them empty reports ``Letter`` (mcs types
nothing after a failed operand), and the rest of the chain was never reported. The declared type
of the proven ``Letter`` (``Parser<char>``) makes ``.Many()`` an extension method of F on
``Parser``, whose return type makes ``.Text()`` one too, and so on. A member of a library type
(``Parse.Name.Length``, ``Name`` a ``string``) and ``ToString`` are not uses.
"""

from __future__ import annotations

import pytest

from tests.conftest import require_tool, write_tree
from tests.csharp.test_csharp_usages import build

pytestmark = pytest.mark.mcs

FILES = {
    "Parsing.csproj": '<Project Sdk="Microsoft.NET.Sdk"></Project>\n',
    "Lib/Parser.cs": """namespace Parsing
{
    public delegate T Parser<out T>(string input);
}
""",
    "Lib/Parse.cs": """using System.Collections.Generic;
using System.Linq;

namespace Parsing
{
    public static class Parse
    {
        public static readonly Parser<char> Letter = s => s[0];
        public static readonly string Name = "letters";

        public static Parser<IEnumerable<T>> Many<T>(this Parser<T> parser)
        {
            return s => new[] { parser(s) };
        }

        public static Parser<string> Text(this Parser<IEnumerable<char>> characters)
        {
            return s => new string(characters(s).ToArray());
        }

        public static Parser<T> End<T>(this Parser<T> parser)
        {
            return parser;
        }
    }
}
""",
    "App/Pieces.cs": """using System.Collections.Generic;
using Parsing;

namespace App
{
    public static class Pieces
    {
        public static string Run(Parser<char> letter)
        {
            Parser<IEnumerable<char>> many = letter.Many();
            Parser<string> text = many.Text();
            return text.End()("a");
        }
    }
}
""",
    "App/Grammar.cs": """using Parsing;

namespace App
{
    public static class Grammar
    {
        public static readonly Parser<string> Word = Parse.Letter.Many().Text().End();

        public static string Describe()
        {
            return Parse.Name.Length + Word.End().ToString();
        }
    }
}
""",
}


def row(needle: str) -> int:
    return next(i for i, line in enumerate(FILES["App/Grammar.cs"].split("\n"), 1) if needle in line)


@pytest.mark.slow  # one real mcs build of the fixture: 15-60 s on a loaded machine
def test_uses_masked_behind_a_proven_use_of_the_chain(tmp_path):
    require_tool("mcs")
    write_tree(tmp_path, FILES)
    usages, report = build(tmp_path)
    got = {(u.line, u.member, u.definition_file) for u in usages if u.file == "App/Grammar.cs" and u.member}
    word, describe = row("Word = Parse.Letter"), row("Parse.Name.Length")
    assert got == {
        (word, "Letter", "Lib/Parse.cs"),
        (word, "Many", "Lib/Parse.cs"),
        (word, "Text", "Lib/Parse.cs"),
        (word, "End", "Lib/Parse.cs"),
        (describe, "Name", "Lib/Parse.cs"),
        (describe, "End", "Lib/Parse.cs"),
    }
