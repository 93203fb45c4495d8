"""C# uses of a ``partial`` class whose parts are in two files (issue 28; the shape of
amibar/SmartThreadPool's ``partial class SmartThreadPool``, held-out 18, a tuning case since
2026-11-29f; fixture written for this test, checked with the real mcs).

- ``new Pool()``: emptied, the part that declares the constructors kept C#'s implicit
  parameterless constructor, and a partial class was never made abstract, so the call compiled
  in every round (4 first uses lost). The part is now made abstract when no other part is
  static, abstract or sealed and no other part declares a constructor: the call is mcs's CS0144,
  a use of that part's file.
- ``Pool`` written as a type: the written-type resolver refused a type declared in several files.
  The part that declares the base list names the type (the labels' convention,
  ``bench/recall/README.md``).
- A method the class overrides, called on a receiver proven through a base class's member
  (``pool.Queue(1)``, then ``pool.Start()``), is the override's (the labels' convention), not
  the abstract base's; a call that only a base's overload accepts (``pool.Wait()``) is the
  base's.
- An element access of the emptied indexer (``_pool[1]``, CS0021) names nothing to complete:
  ``usages/indexer_access`` (a rule), not an unattributed loss; the interface obligations
  reported on the other part's header are ``usages/partial_part_declaration`` (a note).
- A partial class another part of which is ``sealed`` is not made abstract (``abstract sealed`` is a
  declaration error that would block every body).
"""

from __future__ import annotations

import pytest

from tests.conftest import require_tool, write_tree
from tests.csharp.test_csharp_usages import PROJECT, build
from crossfile_datasets.core.records import SourceFile
from crossfile_datasets.lang import get_language
from crossfile_datasets.lang.csharp.syntax import abstractable, build_model

pytestmark = pytest.mark.mcs

FILES = {
    "Pools.csproj": PROJECT + "\n",
    "Core/Worker.cs": """namespace Pools.Core
{
    public abstract class Worker
    {
        public abstract void Start();

        public abstract bool Wait(int millis);

        public bool Wait()
        {
            return Wait(-1);
        }

        public void Queue(int item)
        {
        }
    }
}
""",
    "Core/Pool.cs": """using System;

namespace Pools.Core
{
    public partial class Pool : Worker, IDisposable
    {
        private int _size;

        public Pool() : this(4)
        {
        }

        public Pool(int size)
        {
            _size = size;
        }

        public int Size { get { return _size; } }

        public int this[int slot] { get { return slot % _size; } }

        public override void Start()
        {
            _entries = new Entry[_size];
        }

        public override bool Wait(int millis)
        {
            return millis > 0;
        }

        public void Dispose()
        {
        }

        public static bool WaitAll(Pool[] pools)
        {
            return pools.Length > 0;
        }
    }
}
""",
    "Core/Pool.Entry.cs": """namespace Pools.Core
{
    public partial class Pool
    {
        private Entry[] _entries;

        private class Entry
        {
            public int Id;
        }
    }
}
""",
    "Core/Gate.cs": """namespace Pools.Core
{
    public partial class Gate
    {
        public Gate()
        {
        }

        public int Opened;
    }
}
""",
    "Core/Gate.More.cs": """namespace Pools.Core
{
    public sealed partial class Gate
    {
        public void Open()
        {
            Opened++;
        }
    }
}
""",
    "App/Runner.cs": """using Pools.Core;

namespace Pools.App
{
    public class Runner
    {
        private Pool _pool;

        public int Run()
        {
            Pool pool = new Pool();
            pool.Queue(1);
            pool.Start();
            pool.Wait(5);
            pool.Wait();
            _pool = new Pool(2);
            var slot = _pool[1];
            var gate = new Gate();
            gate.Open();
            return Pool.WaitAll(new[] { pool, _pool }) ? pool.Size : 0;
        }
    }
}
""",
}


def row(path: str, needle: str) -> int:
    return next(i for i, line in enumerate(FILES[path].split("\n"), 1) if needle in line)


@pytest.mark.slow  # real mcs builds of the fixture: 15-60 s on a loaded machine
def test_a_partial_class_over_two_files(tmp_path):
    require_tool("mcs")
    write_tree(tmp_path, FILES)
    usages, report = build(tmp_path)
    runner = "App/Runner.cs"
    got = {(u.line, u.imported_name, u.member, u.definition_file) for u in usages if u.file == runner}
    pool = "Core/Pool.cs"
    assert {
        (row(runner, "private Pool _pool"), "Pool", None, pool),  # written as a type
        (row(runner, "Pool pool = new Pool()"), "Pool", None, pool),
        (row(runner, "_pool = new Pool(2)"), "Pool", None, pool),
        (row(runner, "pool.Start()"), "Pool", "Start", pool),  # the override, not the abstract base's
        (row(runner, "pool.Wait(5)"), "Pool", "Wait", pool),
        (row(runner, "pool.Wait()"), "Worker", "Wait", "Core/Worker.cs"),  # an overload only the base declares
        (row(runner, "pool.Queue(1)"), "Worker", "Queue", "Core/Worker.cs"),
        (row(runner, "Pool.WaitAll"), "Pool", "WaitAll", pool),
    } <= got, sorted(got)
    # the sealed partial Gate is left as it was: its constructor call is not seen, nothing blocked
    assert (row(runner, "new Gate()"), "Gate", None, "Core/Gate.cs") not in got
    assert (row(runner, "gate.Open()"), "Gate", "Open", "Core/Gate.More.cs") in got
    assert "checker/variant_declarations_blocked" not in report.counts, report.places
    assert "checker/abstract_classes_undone" not in report.counts, report.places
    # `_pool[1]`: the emptied indexer names nothing to complete (a rule), not an unattributed loss
    assert report.places["usages/indexer_access"] == [f"{runner}:{row(runner, '_pool[1]')}"], report.places
    assert not {"usages/unattributed_CS0021", "usages/unattributed_CS0535"} & set(report.counts), report.places


def test_which_partial_parts_may_be_made_abstract():
    language = get_language("csharp")
    models = {}
    for path in ("Core/Pool.cs", "Core/Pool.Entry.cs", "Core/Gate.cs", "Core/Gate.More.cs"):
        f = SourceFile(path, FILES[path])
        model = build_model(path, language.parse(FILES[path]), f.index)
        models[path] = next(t for t in model.all_types() if t.parent is None)
    pool, entry, gate, more = (models[p] for p in ("Core/Pool.cs", "Core/Pool.Entry.cs", "Core/Gate.cs",
                                                      "Core/Gate.More.cs"))
    assert abstractable(pool, [pool, entry])  # declares the constructors, no part sealed
    assert not abstractable(entry, [pool, entry])  # another part declares the constructors
    assert not abstractable(pool)  # the other parts unknown: left alone
    assert not abstractable(more, [gate, more]) and not abstractable(gate, [gate, more])  # a sealed part


def test_the_most_direct_evidence_wins_at_one_position():
    from crossfile_datasets.core.records import CrossFileUsage
    from crossfile_datasets.core.report import BuildReport
    from crossfile_datasets.lang.csharp.usages import strongest_evidence

    def use(imported, member, definition, mode, column=8):
        return CrossFileUsage("r", "App/Runner.cs", 12, column, imported, member, "", "mcs", "CS1061", "m",
                              definition_file=definition, definition_symbol=f"{imported}.{member}", mode=mode)

    base = use("Worker", "Start", "Core/Worker.cs", "same_receiver")
    exact = use("Pool", "Start", "Core/Pool.cs", "constructed_local")
    direct = use("Pool", "Size", "Core/Pool.cs", "empty_type", column=20)
    alone = use("Worker", "Queue", "Core/Worker.cs", "same_receiver", column=30)
    report = BuildReport()
    assert strongest_evidence([base, exact, direct, alone], report) == [exact, direct, alone]
    assert report.metrics["checker/usages_superseded"] == 1
