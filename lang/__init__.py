"""Languages the builder supports: a ``Lang`` enum and an explicit registry.

The registry maps each :class:`Lang` to the dotted path of its :class:`lang.base.LanguageSupport`
class. Modules are imported on first use, so the CLI can list choices without loading every
tree-sitter grammar. Adding a language = one package under ``lang/`` + one line here; the
contract test in ``tests/lang/test_contract.py`` then runs over it automatically.
"""

from __future__ import annotations

import enum
import importlib
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from crossfile_datasets.lang.base import LanguageSupport


class Lang(str, enum.Enum):
    PYTHON = "python"
    JAVA = "java"
    TYPESCRIPT = "typescript"
    CSHARP = "csharp"

    def __str__(self) -> str:  # typer shows choices with str()
        return self.value


REGISTRY: dict[Lang, str] = {
    Lang.PYTHON: "crossfile_datasets.lang.python:PythonSupport",
    Lang.JAVA: "crossfile_datasets.lang.java:JavaSupport",
    Lang.TYPESCRIPT: "crossfile_datasets.lang.typescript:TypeScriptSupport",
    Lang.CSHARP: "crossfile_datasets.lang.csharp:CSharpSupport",
}


def registered() -> list[Lang]:
    return [lang for lang in Lang if lang in REGISTRY]


@lru_cache(maxsize=None)
def get_language(lang: Lang | str) -> "LanguageSupport":
    lang = Lang(lang)
    if lang not in REGISTRY:
        raise KeyError(f"language '{lang.value}' is not registered (registered: {', '.join(l.value for l in registered())})")
    module_name, _, class_name = REGISTRY[lang].partition(":")
    cls = getattr(importlib.import_module(module_name), class_name)
    return cls()
