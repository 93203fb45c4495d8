"""C# calls of a method declared ``new`` over an inherited one (issue 28; the shape of
amibar/SmartThreadPool's ``STPStartInfo.AsReadOnly()``, held-out 18, a tuning case since
2026-11-29f; fixture written for this test, checked with the real mcs).

Emptied, ``Settings`` lost its ``public new Settings Frozen()``; ``settings.Frozen()`` then bound to
``Options.Frozen()`` and mcs reported only the conversion of its result (CS0266, which names no
member: ``usages/unattributed_CS0266``). The emptied class now keeps an obsolete-as-error stand-in
for a hiding method, as it does for overrides: the call is CS0619, a use of ``Settings.cs``.
"""

from __future__ import annotations

import pytest

from tests.conftest import require_tool, write_tree
from tests.csharp.test_csharp_usages import PROJECT, build
from crossfile_datasets.lang.csharp.syntax import MemberDecl, hides_inherited

pytestmark = pytest.mark.mcs

FILES = {
    "Opts.csproj": PROJECT + "\n",
    "Core/Options.cs": """namespace Opts.Core
{
    public class Options
    {
        public int Limit;

        public Options Frozen()
        {
            return new Options { Limit = Limit };
        }
    }
}
""",
    "Core/Settings.cs": """namespace Opts.Core
{
    public class Settings : Options
    {
        public string Name;

        public new Settings Frozen()
        {
            return new Settings { Name = Name, Limit = Limit };
        }
    }
}
""",
    "App/Pool.cs": """using Opts.Core;

namespace Opts.App
{
    public class Pool
    {
        private readonly Settings _settings;

        public Pool(Settings settings)
        {
            _settings = settings;
        }

        public Settings Current()
        {
            return _settings.Frozen();
        }
    }
}
""",
}


@pytest.mark.slow  # real mcs builds of the fixture
def test_a_call_of_a_hiding_method_is_a_use_of_its_file(tmp_path):
    require_tool("mcs")
    write_tree(tmp_path, FILES)
    usages, report = build(tmp_path)
    pool = "App/Pool.cs"
    line = next(i for i, text in enumerate(FILES[pool].split("\n"), 1) if "_settings.Frozen()" in text)
    assert (line, "Frozen", "Core/Settings.cs") in {(u.line, u.member, u.definition_file) for u in usages
                                                    if u.file == pool}
    assert "usages/unattributed_CS0266" not in report.counts, report.places


@pytest.mark.parametrize("signature, hides", [
    ("public new Settings Frozen()", True),
    ("new public Settings Frozen()", True),
    ("public Settings Frozen()", False),
    ("public static new Settings Make()", False),  # static: no stand-in of an instance member
    ("public override string ToString()", False),  # overrides have their own stand-in
])
def test_which_methods_hide_an_inherited_one(signature, hides):
    member = MemberDecl(("X",), "method", 0, 0, None, signature, is_override="override" in signature,
                        is_static="static" in signature)
    assert hides_inherited(member) is hides
