"""An inherited static member named like a type in scope ("Color Color"): with the base class
stubbed, mcs binds the name to the type and reports CS0305 / CS0118 / CS0119, not a missing name.
Those uses were lost as ``unattributed_CS0118``/``0119``/``0305`` (StephenCleary/Comparers'
``DefaultComparer`` in ``ComparableBaseWithOperators<T> : ComparableBase<T>`` with
``Nito.Comparers.Util.DefaultComparer<T>`` imported; held-out 14, a tuning case since
2026-11-29b). Real mcs; fixture written for this project."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import write_tree
from tests.csharp.test_csharp_faults import checked
from crossfile_datasets.lang.csharp.usages import CSharpChecker

pytestmark = pytest.mark.mcs

BASE = """using System.Collections.Generic;

namespace Cmp
{
    public abstract class ComparableBase<T>
    {
        protected static IComparer<T> DefaultComparer { get; set; }
    }
}
"""
UTIL = """using System.Collections.Generic;

namespace Cmp.Util
{
    public sealed class DefaultComparer<T> : IComparer<T>
    {
        public int Compare(T x, T y) { return 0; }
    }
}
"""
OPS = """using Cmp.Util;

namespace Cmp
{
    public abstract class Ops<T> : ComparableBase<T>
    {
        public static bool Less(T a, T b)
        {
            return DefaultComparer.Compare(a, b) < 0;
        }

        public static bool More(T a, T b)
        {
            var c = DefaultComparer;
            return c.Compare(a, b) > 0;
        }

        public static int Fresh(T a, T b)
        {
            return new Util.DefaultComparer<T>().Compare(a, b);
        }
    }
}
"""


def test_an_inherited_member_named_like_a_type_in_scope_is_a_use(tmp_path: Path):
    write_tree(tmp_path, {"Core/ComparableBase.cs": BASE, "Util/DefaultComparer.cs": UTIL, "Ops.cs": OPS})
    usages, report = checked(tmp_path, CSharpChecker())
    found = {(u.line, u.column, u.member, u.definition_file) for u in usages if u.file == "Ops.cs"}
    assert {(9, 19, "DefaultComparer", "Core/ComparableBase.cs"), (14, 20, "DefaultComparer", "Core/ComparableBase.cs")} <= found, found
    assert not any(key.startswith("usages/unattributed_CS0") and key[-4:] in ("0118", "0119", "0305")
                   for key in report.counts), dict(report.counts)
    # the class itself, written qualified, stays a use of the class
    assert any(u.line == 20 and u.imported_name == "DefaultComparer" and u.definition_file == "Util/DefaultComparer.cs"
               for u in usages if u.file == "Ops.cs"), found


HOST = """namespace Draw
{
    public class Host
    {
        protected string Platform = "mono";
    }
}
"""
VIEW = """using System;

namespace Draw.Views
{
    public class View : Host
    {
        public object Name() { return Platform; }
        public int Size() { return Platform.Length; }
    }
}
"""


def test_an_inherited_member_named_like_an_inaccessible_library_type_is_a_use(tmp_path: Path):
    """With ``Host`` emptied, the inherited ``Platform`` binds to mscorlib's internal
    ``System.Platform`` (``using System;``): CS0122 "is inaccessible due to its protection level",
    then CS0120 on ``Platform.Length`` (an instance member read on a type). Both are uses of
    ``Host.Platform`` (NGraphics, held-out 21: 34 counted ``unattributed_CS0122``, a loss)."""
    write_tree(tmp_path, {"Draw/Host.cs": HOST, "Draw/Views/View.cs": VIEW})
    usages, report = checked(tmp_path, CSharpChecker())
    found = {(u.line, u.column, u.member, u.definition_file) for u in usages if u.file == "Draw/Views/View.cs"}
    assert {(7, 38, "Platform", "Draw/Host.cs"), (8, 35, "Platform", "Draw/Host.cs")} <= found, found
    assert not [k for k in report.counts if k in ("usages/unattributed_CS0122", "usages/unattributed_CS0120")], \
        dict(report.counts)
