"""C# calls of a project override of a *library* base class's method (issue 28; the shape of
dynamitey's ``base.TryGetMember(...)`` on a ``DynamicObject`` subclass, a tuning case of
2026-11-27d; fixture written for this test, checked with the real mcs).

Emptying the overriding class removes the override, and the call then compiles against the
library's member: nothing fails, so the use was invisible (as for ``object``'s ``ToString``).
The emptied class now keeps an obsolete-as-error stand-in with the override's signature, so
``base.Write(value)`` in a subclass and ``f.Write('a')`` through the type are CS0619 uses.
"""

from __future__ import annotations

import pytest

from tests.conftest import require_tool, write_tree
from tests.csharp.test_csharp_usages import build

pytestmark = pytest.mark.mcs

FILES = {
    "Pipes.csproj": '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><LangVersion>7.2</LangVersion></PropertyGroup></Project>\n',
    "Writers/Layer.cs": """namespace Pipes.Writers
{
    public class Layer : System.IO.StringWriter
    {
        public int Count;
    }
}
""",
    "Writers/Forwarder.cs": """namespace Pipes.Writers
{
    public class Forwarder : Layer
    {
        public override void Write(char value)
        {
            Count++;
            base.Write(value);
        }

        protected override void Dispose(bool disposing)
        {
            Count = 0;
        }
    }
}
""",
    "Recorder.cs": """using Pipes.Writers;

namespace Pipes
{
    public class Recorder : Forwarder
    {
        public override void Write(char value)
        {
            base.Write(value);
        }

        protected override void Dispose(bool disposing)
        {
            base.Dispose(disposing);
        }
    }

    public static class Use
    {
        public static void Run(Forwarder f)
        {
            f.Write('a');
            f.Flush();
        }
    }
}
""",
}


def row(needle: str) -> int:
    return next(i for i, line in enumerate(FILES["Recorder.cs"].split("\n"), 1) if needle in line)


@pytest.mark.slow  # one real mcs build of the fixture: 15-60 s on a loaded machine
def test_calls_of_project_overrides_of_library_members(tmp_path):
    require_tool("mcs")
    write_tree(tmp_path, FILES)
    usages, report = build(tmp_path)
    got = {(u.line, u.member, u.definition_file, u.definition_symbol) for u in usages
           if u.file == "Recorder.cs" and u.member}
    assert got == {
        (row("base.Write(value)"), "Write", "Writers/Forwarder.cs", "Forwarder.Write"),
        (row("base.Dispose(disposing)"), "Dispose", "Writers/Forwarder.cs", "Forwarder.Dispose"),
        (row("f.Write('a')"), "Write", "Writers/Forwarder.cs", "Forwarder.Write"),
    }  # f.Flush() is the library's own member: no use
