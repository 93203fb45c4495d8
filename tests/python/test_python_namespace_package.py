"""A PEP 420 namespace package is not a source folder (held-out 15, jaraco.text): with
``ns/text/__init__.py`` and no ``ns/__init__.py``, imported as ``ns.text``, the module is
``ns.text`` and the repository root is the only source root; a folder whose packages are
imported by their own names (``lib/tool`` as ``tool``) stays a root."""

from __future__ import annotations

from crossfile_datasets.core.records import SourceFile
from crossfile_datasets.lang import get_language
from crossfile_datasets.sandbox.suites.python import source_roots

PY = get_language("python")


def facts_for(files: dict[str, str]):
    return PY.analyze_files("/nonexistent", [SourceFile(p, t) for p, t in sorted(files.items())])


def test_namespace_package_keeps_its_dotted_name():
    facts = facts_for({
        "ns/text/__init__.py": "def clean(s):\n    return s.strip()\n",
        "ns/text/layouts.py": "from ns.text import clean\n",
        "tests/test_core.py": "from ns.text import clean\n\n\ndef test_clean():\n    assert clean(' a ') == 'a'\n",
    })
    assert facts["ns/text/__init__.py"].package == "ns.text"
    assert facts["ns/text/layouts.py"].package == "ns.text.layouts"
    assert source_roots(facts) == [""]
    target = [b for b in facts["tests/test_core.py"].imports if b.local_name == "clean"][0]
    assert target.target_file == "ns/text/__init__.py"


def test_src_namespace_package():
    facts = facts_for({
        "src/ns/text/__init__.py": "X = 1\n",
        "tests/test_x.py": "import ns.text\n",
    })
    assert facts["src/ns/text/__init__.py"].package == "ns.text"
    assert source_roots(facts) == ["", "src"]


def test_plain_source_folder_stays_a_root():
    facts = facts_for({
        "lib/tool/__init__.py": "X = 1\n",
        "app.py": "from tool import X\n",
    })
    assert facts["lib/tool/__init__.py"].package == "tool"
    assert source_roots(facts) == ["", "lib"]
