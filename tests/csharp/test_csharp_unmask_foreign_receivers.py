"""C# uses inside lambdas passed to a call of a project delegate, behind a member another
project class also declares (issue 28; the shape of Nustache's ``Block.Render``, a tuning case
since 2026-11-28e; fixture written for this test, checked with the real mcs).

``var value = context.GetValue(...); var helper = value as Proxy; helper(data => {
context.Push(data); ... })``: with ``Context`` emptied, ``GetValue`` fails, ``helper`` has no
delegate type and the lambdas are never checked; ``Push``/``Pop``, found in round 1 elsewhere,
come back in round 2 with ``GetValue``, so the lambdas' uses stayed invisible. The unmasking
round leaves found members empty while they have written accesses no round reported, and
``Lookup.GetValue(...)`` (a static member of another class) counted as one: ``GetValue`` was
left empty again and masked the lambdas once more. An access through the name of another
project type is no longer taken for an access of F's member, and when a name also has accesses
no round can report (a library's ``GetValue``), a mask round after the unmasking rounds
restores the members that mask others (``checker/mcs_mask_rounds``).
"""

from __future__ import annotations

import pytest

from tests.conftest import require_tool, write_tree
from tests.csharp.test_csharp_usages import PROJECT, build

pytestmark = pytest.mark.mcs

FILES = {
    "Views.csproj": PROJECT + "\n",
    "Core/Context.cs": """using System.Collections.Generic;

namespace Views.Core
{
    public class Context
    {
        private readonly Stack<object> _stack = new Stack<object>();

        public object GetValue(string name)
        {
            return name;
        }

        public void Push(object data)
        {
            _stack.Push(data);
        }

        public void Pop()
        {
            _stack.Pop();
        }
    }
}
""",
    "Core/Lookup.cs": """namespace Views.Core
{
    public delegate void Block(object data);

    public delegate void Proxy(Block body);

    public static class Lookup
    {
        public static object GetValue(object target, string name)
        {
            return target;
        }
    }
}
""",
    "Views/Frame.cs": """using Views.Core;

namespace Views.Views
{
    public class Frame
    {
        public void Open(Context context)
        {
            context.Push(this);
            context.Pop();
        }
    }
}
""",
    "Views/Panel.cs": """using Views.Core;

namespace Views.Views
{
    public class Panel
    {
        public void Show(Context context)
        {
            var value = context.GetValue("items");
            var helper = value as Proxy;
            if (helper != null)
            {
                helper(data =>
                {
                    context.Push(data);
                    context.Pop();
                });
            }
        }

        public object Find(object target)
        {
            return Lookup.GetValue(target, "name");
        }
    }
}
""",
}


@pytest.mark.slow  # real mcs builds of the fixture: 15-60 s on a loaded machine
def test_uses_in_lambdas_behind_a_member_another_class_also_declares(tmp_path):
    require_tool("mcs")
    write_tree(tmp_path, FILES)
    usages, report = build(tmp_path)
    got = {(u.line, u.member, u.definition_file) for u in usages if u.file == "Views/Panel.cs" and u.mode != "type_reference"}
    assert got == {(9, "GetValue", "Core/Context.cs"), (15, "Push", "Core/Context.cs"),
                   (16, "Pop", "Core/Context.cs"), (23, "GetValue", "Core/Lookup.cs")}
    assert report.metrics["checker/mcs_unmasking_rounds"] >= 1


@pytest.mark.slow  # real mcs builds of the fixture: 15-60 s on a loaded machine
def test_a_mask_whose_name_library_members_share_comes_back_in_a_mask_round(tmp_path):
    """``GetValue`` also has an access no round can report (reflection's
    ``PropertyInfo.GetValue``), so the unmasking rounds always left it empty, and with it the
    lambdas unchecked; the mask round restores it (it has a reported use before the unreported
    ``Push``/``Pop`` in the same method) and keeps ``Push``/``Pop`` empty."""
    require_tool("mcs")
    panel = FILES["Views/Panel.cs"].replace('Lookup.GetValue(target, "name")',
                                            'typeof(Panel).GetProperty("Name").GetValue(target, null)')
    write_tree(tmp_path, {**FILES, "Views/Panel.cs": panel})
    usages, report = build(tmp_path)
    got = {(u.line, u.member, u.definition_file) for u in usages if u.file == "Views/Panel.cs" and u.mode != "type_reference"}
    assert got == {(9, "GetValue", "Core/Context.cs"), (15, "Push", "Core/Context.cs"),
                   (16, "Pop", "Core/Context.cs")}
    assert report.metrics["checker/mcs_mask_rounds"] >= 1
