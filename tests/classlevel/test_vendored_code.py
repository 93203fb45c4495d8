"""Copied third-party code kept among a project's own files is not a class task (tuning case of
held-out 17: jsonpath-ng keeps PLY 3.11 as ``jsonpath_ng/_ply``, imported as ``from
jsonpath_ng._ply import lex, yacc``; on fce2ed3 four of its 15 tasks were PLY's classes). Such
folders are recognised by their name (``_vendor``, ``third_party``...) or, for Python, as a
package with a ``__version__`` of its own inside another package, and their classes are counted
``classes/vendored_code``. The walk and the sandbox's copy keep them: the project imports them."""
from __future__ import annotations

from types import SimpleNamespace

from crossfile_datasets.builders.classlevel.build import _without_vendored
from crossfile_datasets.core.records import Repository
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.core.skipnames import vendored_folders
from tests.conftest import write_tree

TREE = {
    "quill/__init__.py": '"""Quill."""\n__version__ = "1.4.0"\n',
    "quill/reader.py": "from quill._lexkit import scan\n\n\nclass Reader:\n    pass\n",
    "quill/_lexkit/__init__.py": "# lexkit, copied in\n__version__ = '2.2'\n",
    "quill/_lexkit/scan.py": "class Scanner:\n    pass\n",
    "quill/_vendor/six.py": "class Moves:\n    pass\n",
    "quill/parts/__init__.py": "",
    "quill/parts/page.py": "class Page:\n    pass\n",
}


def test_copied_packages_are_told_from_the_projects_own():
    found = vendored_folders([p for p in TREE if p.endswith(".py")], TREE.get)
    assert set(found) == {"quill/_lexkit", "quill/_vendor"}, found
    assert "(2.2)" in found["quill/_lexkit"] and "quill/_vendor/" in found["quill/_vendor"], found
    # the project's own subpackages: no version, the same version, or the one the package imports
    same = {**TREE, "quill/parts/__init__.py": "__version__ = '1.4.0'\n"}
    assert "quill/parts" not in vendored_folders(list(same), same.get)
    imported = {"pkg/__init__.py": "from pkg.about import __version__\n",
                "pkg/about/__init__.py": "__version__ = '0.3'\n", "pkg/about/x.py": ""}
    assert vendored_folders(list(imported), imported.get) == {}
    top = {"lexkit/__init__.py": "__version__ = '2.2'\n", "lexkit/scan.py": ""}  # a top-level package is the project
    assert vendored_folders(list(top), top.get) == {}


def test_the_class_split_leaves_their_classes_out_counted(tmp_path):
    root = write_tree(tmp_path / "quill", TREE)
    classes = [SimpleNamespace(file=f, report_name=n) for f, n in
               (("quill/reader.py", "Reader"), ("quill/_lexkit/scan.py", "Scanner"), ("quill/_vendor/six.py", "Moves"),
                ("quill/parts/page.py", "Page"))]
    report = BuildReport()
    kept = _without_vendored(Repository("quill", root, "", "", "MIT"), classes, report)
    assert [c.report_name for c in kept] == ["Reader", "Page"]
    assert report.stage("classes").get("vendored_code") == 2
    assert "a version of its own (2.2)" in str(report.samples)
