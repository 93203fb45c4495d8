"""--observe-types validation on the host (sandbox/type_observation.py): each module parsed and
indexed once, a bounded number of entries validated (red team 2026-11-27,
tests/hostile/redteam/test_observe.py: a whole-tree walk per entry once took hours)."""

from __future__ import annotations

import ast

from crossfile_datasets.sandbox import type_observation as T

MODULE = '''import functools


class Outer:
    class Inner:
        def method(self, a, /, b, *, c):
            return a


class Outer:  # the later definition wins
    class Other:
        pass


@functools.lru_cache
def cached(x):
    def cached(y):  # the same name, nested
        return y
    return x
'''


def test_function_index_finds_def_and_decorator_lines():
    index = T.function_index(ast.parse(MODULE))
    assert index[(6, "method")] == {"self", "a", "b", "c"}
    assert index[(15, "cached")] == index[(16, "cached")] == {"x"}
    assert index[(17, "cached")] == {"y"}
    assert (6, "nothing") not in index


def test_class_index_follows_the_last_definition():
    classes = T.class_index(ast.parse(MODULE))
    assert classes == {"Outer", "Outer.Other"}


def entry(line, function, parameter, types=(("pkg.m", "Outer"),)):
    return {"file": "pkg/m.py", "line": line, "function": function, "parameter": parameter,
            "types": [list(t) for t in types]}


def test_validation_is_by_lookups_and_capped(tmp_path, monkeypatch):
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "m.py").write_text(MODULE + "".join(f"\n\ndef f_{i}(a):\n    return a\n" for i in range(5000)))
    good = entry(16, "cached", "x")
    kept, refused = T.validate_parameters(tmp_path, [""], [good, entry(6, "method", "zz"),
                                                           entry(16, "cached", "x", [("pkg.m", "Outer.Inner")])])
    assert kept == [good] and len(refused) == 2
    # 20,000 entries of one file: the file is parsed once and each entry is a lookup (counted,
    # not timed: a wall-clock bound failed on a loaded machine)
    parses = []  # counted where the parse is asked for: a long module is parsed in a bounded child
    real_call = T.bounded_text_call
    monkeypatch.setattr(T, "bounded_text_call", lambda *a, **k: parses.append(1) or real_call(*a, **k))
    many = [entry(1000 + i, f"g_{i}", "a") for i in range(20000)]
    kept, refused = T.validate_parameters(tmp_path, [""], many)
    assert kept == [] and len(refused) == 20000 and len(parses) == 1
    monkeypatch.undo()
    monkeypatch.setattr(T, "MAX_ENTRIES", 2)
    kept, refused = T.validate_parameters(tmp_path, [""], [good, good, good, good])
    assert kept == [good, good] and refused == ["over the 2 entries validated per run"] * 2
    wide = entry(16, "cached", "x", [("pkg.m", "Outer")] * 10)
    kept, refused = T.validate_parameters(tmp_path, [""], [wide])
    assert kept[0]["types"] == [["pkg.m", "Outer"]] * T.MAX_TYPES_PER_ENTRY and refused[0].startswith("over 8 classes")
