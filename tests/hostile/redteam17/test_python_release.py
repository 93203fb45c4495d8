"""Row 2 seen from the Python side: ``sandbox/own_packages.py`` (red team 2026-11-27f row 1) hides
a release of the copy's own packages in the *run's interpreter's* site directories only. The
machine holds other copies a run can read and load by path: another interpreter's packages
(Debian's ``/usr/lib/python3/dist-packages``: blinker 1.5, pygments, pyparsing, jwt...) and a
wheel folder (this machine's package mirror ``/opt/pypi/files``: blinker 1.9.0, the tag of the
classheld14 manifest's pallets-eco/blinker; docstring_parser 0.18.0, click 8.5.0, itsdangerous
2.2.0, colorama, platformdirs, rsa... of the executable and class manifests). An answer that
implements nothing loads one and forwards its calls, as the Java answer of
``test_java_release.py`` does with Debian's jar."""

from __future__ import annotations

import glob
import json
import sys
import textwrap
from pathlib import Path

import pytest

from crossfile_datasets.sandbox import Sandbox, SandboxLimits

# where a release of `blinker` sits on this machine, outside the interpreter's site directories
WHEELS = sorted(glob.glob("/opt/pypi/files/blinker-*.whl"))
DEBIAN = "/usr/lib/python3/dist-packages"
PROGRAM = textwrap.dedent('''
    import json, os, sys, zipimport
    import blinker
    found = {"own": getattr(blinker, "OURS", False), "loaded": []}
    for whl in json.loads(sys.argv[1]):
        try:
            mod = zipimport.zipimporter(whl).load_module("blinker")
            found["loaded"].append([whl, hasattr(mod.Signal, "connect")])
        except Exception as exc:
            found["loaded"].append([whl, repr(exc)])
        for name in [n for n in sys.modules if n == "blinker" or n.startswith("blinker.")]:
            del sys.modules[name]
    if os.path.isdir(os.path.join(sys.argv[2], "blinker")):
        # the copy moved aside for one import (red team 2026-11-27f row 1's move), another folder first
        saved, own = sys.path[:], {n: m for n, m in sys.modules.items() if n == "blinker" or n.startswith("blinker.")}
        for name in own:
            del sys.modules[name]
        sys.path[:] = [sys.argv[2], *saved]
        try:
            import blinker as released
            found["loaded"].append([released.__file__, hasattr(released.Signal, "connect")])
        except Exception as exc:
            found["loaded"].append([sys.argv[2], repr(exc)])
        finally:
            sys.path[:] = saved
    print("FOUND" + json.dumps(found))
''')


def test_a_run_cannot_load_a_release_of_its_own_package_from_elsewhere_on_the_machine(tmp_path: Path):
    """The copy holds ``blinker`` (two lines of ours); the run imports it (control: the copy's own
    module comes first), then loads the released ``blinker`` (a ``Signal`` with ``connect``) from
    the machine's wheel folder and from Debian's packages. Safe: neither loads."""
    if not WHEELS and not Path(DEBIAN, "blinker").is_dir():
        pytest.skip("no release of blinker outside the interpreter here (wheel folder, Debian python3-blinker)")
    repo = tmp_path / "repo"
    (repo / "blinker").mkdir(parents=True)
    (repo / "blinker" / "__init__.py").write_text("OURS = True\n\n\nclass Signal:\n    pass\n", encoding="utf-8")
    with Sandbox(repo, python=sys.executable, limits=SandboxLimits(timeout=120)) as box:
        run = box.run([sys.executable, "-c", PROGRAM, json.dumps(WHEELS), DEBIAN])
    lines = [line for line in run.result.stdout.splitlines() if line.startswith("FOUND")]
    if not lines:
        pytest.fail(f"precondition: the probe did not finish: {run.result.status} {run.result.stderr[-1500:]}")
    found = json.loads(lines[-1][len("FOUND"):])
    if found["own"] is not True:
        pytest.fail(f"control: `import blinker` in the run is not the copy's module: {found}")
    loaded = [where for where, ok in found["loaded"] if ok is True]
    assert not loaded, found
