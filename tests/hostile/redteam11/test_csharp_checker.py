"""The completion split's C# checker on a hostile repository: ``mcs`` runs as a resident compiler
(``lang/csharp/mcs_server.py``: ``mono McsServer.exe``, one per worker, started through
``analyzers.run.PersistentProcess`` with no ``Limits``), on the host, over every file of the
compilation unit for each check. C# folds string constants at compile time and writes each
``const`` into the assembly's metadata: ``const string A1 = A0 + A0; ... An = An-1 + An-1``
doubles the compiler's memory with each 40-byte line. Node's checker has a heap cap
(``NODE_HEAP_MB``, 2 GB) and javac's helper ``-Xmx1g``; mono (and the Pylint server) have none."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.hostile.redteam11._git import commit_all

DOUBLINGS = 23  # 2^23 x 16 characters in the last constant: about 2 GB of the compiler; 26 is 16 GB

CART = """using System;
using Demo.Models;

namespace Demo.Shop
{
    public class Cart
    {
        public int Total(Item item)
        {
            int a = 1;
            int b = 2;
            int c = a + b;
            Console.WriteLine(c);
            return item.Price * item.Count;
        }
    }
}
"""
ITEM = """namespace Demo.Models
{
    public class Item
    {
        public int Price { get; set; }
        public int Count { get; set; }
    }
}
"""

# the real command line in a fresh interpreter; prints the peak memory of its children (the
# checkers: reaped when the build closes them) and the summary
BUILD = """
import json, resource, sys
from typer.testing import CliRunner
from crossfile_datasets.builders.cli import app
result = CliRunner().invoke(app, ["--lang", "csharp", "--repos", sys.argv[1], "--output", sys.argv[2],
                                  "--workers", "1", "--retrievers", ""])
print(json.dumps({"exit": result.exit_code, "output": result.output[-3000:],
                  "children_maxrss_kb": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}))
"""


def _padding(doublings: int) -> str:
    lines = ["namespace Demo.Models {", "public static class Pad {", '  public const string A0 = "aaaaaaaaaaaaaaaa";']
    lines += [f"  public const string A{i} = A{i - 1} + A{i - 1};" for i in range(1, doublings + 1)]
    return "\n".join([*lines, "}", "}", ""])


def _repository(root: Path, pad: bool) -> Path:
    (root / "src").mkdir(parents=True)
    (root / "src" / "Cart.cs").write_text(CART)
    (root / "src" / "Item.cs").write_text(ITEM)
    if pad:
        (root / "src" / "Pad.cs").write_text(_padding(DOUBLINGS))
    commit_all(root)
    return root


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("mcs") is None or shutil.which("mono") is None, reason="mono-mcs is not installed")
def test_a_csharp_file_of_doubling_constants_does_not_take_the_hosts_memory(tmp_path, child):
    """Host resource (memory, outside every per-repository bound). A C# repository of two honest
    files and ``src/Pad.cs``: 26 lines, 1 kB, no error. The completion build (no
    ``--allow-execution``: nothing of the repository is supposed to run) still makes 1 example,
    but its checker peaks at about 2 GB instead of about 170 MB; each further line doubles it
    (26 lines: more than this machine's 23 GB, so the kernel's OOM killer picks a process of
    the machine), once per ``--workers`` in parallel. Safe behaviour: the checker runs under a
    memory cap like javac's (1 GB) or Node's, past which the file or unit is counted
    (``files/checker_crash``) and the build goes on."""
    env = {"CROSSFILE_CACHE": str(tmp_path / "cache")}
    honest = child(BUILD, str(_repository(tmp_path / "honest", False)), str(tmp_path / "out-honest"),
                   timeout=300, env=env)
    if honest.timed_out or honest.returncode != 0:
        pytest.fail(f"the control build did not run: {honest.stderr[-2000:]}")
    baseline = honest.last_json()
    if baseline["exit"] != 0:
        pytest.fail(f"the control build failed: {baseline['output']}")
    hostile = child(BUILD, str(_repository(tmp_path / "hostile", True)), str(tmp_path / "out-hostile"),
                    timeout=300, env=env)
    assert not hostile.timed_out, "the build did not finish in 300 s"
    found = hostile.last_json()
    print(json.dumps({"honest_kb": baseline["children_maxrss_kb"], "hostile_kb": found["children_maxrss_kb"]}))
    assert found["children_maxrss_kb"] < baseline["children_maxrss_kb"] + 512 * 1024, \
        (found["children_maxrss_kb"], baseline["children_maxrss_kb"], found["output"][-800:])
    # the overrun is counted under its own reason, and the build finished (since row 4's fix)
    stats = json.loads((tmp_path / "out-hostile" / "csharp" / "stats.json").read_text())
    assert found["exit"] == 0 and stats["counts_by_stage"]["files"].get("checker_memory_limit_isolated"), \
        stats["counts_by_stage"]
