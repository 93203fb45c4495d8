"""Issue 36 item 2, 2026-11-28g: the full context's budget never stops part-way through the names
pasted code uses. Names come before bodies: what does not fit whole is pasted as signatures and
docstrings (or signatures), and a body grows back only with what it needs. Before (ea9ea0a),
whole blocks were pasted breadth first until the budget ran out: pypara's ``dcfc_act_act`` showed
the ``dcc`` decorator, which calls ``DCC(...)`` and ``DCCRegistry.register(...)``, and neither
of the two (``bench/prompt_names.py``: 16 of pypara's 73 full prompts and 110 of tornado's 228
used names they never defined; 3 and 45 now)."""

from __future__ import annotations

import ast

from crossfile_datasets.builders.functions import (
    SIZES,
    _used_names,
    build_prompts,
    context_blocks,
    resolve_dependencies,
    select_candidates,
)
from crossfile_datasets.core import constants as C
from tests.executable.conftest import make_repo
from tests.executable.test_candidates import analyze
from tests.executable.test_prompts import prompts_for

# a registry class far larger than the budget, reached only through a module-level instance
# that a decorator of the target uses: target -> register (whole) -> REGISTRY -> Registry
METHODS = "".join(f'''
    def method_{i}(self, value):
        """Step {i} of the registry's bookkeeping."""
        total = 0
        for item in self.items:
            total += len(repr(item)) * {i} + value
            if total > 1000:
                total -= 999
        return total
''' for i in range(80))
BIG = f'''"""A registry."""


class Registry:
    """Every registered function."""

    def __init__(self):
        self.items = []

    def register(self, fn):
        """Add ``fn``."""
        self.items.append(fn)
{METHODS}

REGISTRY = Registry()
'''
DECO = '''"""Registration."""
from .big import REGISTRY


def register(fn):
    """Register ``fn`` and return it."""
    REGISTRY.register(fn)
    return fn
'''
FUNCS = '''"""Functions."""
from .deco import register


@register
def double(x):
    """Return twice the number ``x``, the value the registry keeps for every function."""
    return x * 2
'''
# a class whose field names one of its own methods: the skeleton shows the field, so the method
HANDLER = '''"""Handlers."""


def not_allowed():
    """The error an unimplemented verb raises."""
    return ValueError("not allowed")


class Handler:
    """A request handler."""

    def _unimplemented(self, *args):
        raise not_allowed()

    head = _unimplemented

    def get_name(self, prefix):
        """Return ``prefix`` followed by the name of the handler's own class, for logging."""
        return prefix + type(self).__name__
'''


def test_a_block_too_large_to_paste_whole_is_pasted_as_its_signatures(tmp_path):
    assert len(BIG) > C.EXEC_CONTEXT_MAX_CHARS
    repo = make_repo(tmp_path / "reg", {"reg/__init__.py": "", "reg/big.py": BIG, "reg/deco.py": DECO,
                                        "reg/funcs.py": FUNCS}, "reg")
    _, cand = prompts_for(repo, "double")
    for size in SIZES:
        prompt = cand.prompts[size]
        ast.parse(prompt)
        assert _used_names(prompt) == (), (size, _used_names(prompt))
        assert "class Registry" in prompt and "REGISTRY = Registry()" in prompt
        assert "def method_79(self, value)" in prompt  # the interface is shown...
    full = cand.prompts["full_context"]
    assert "total -= 999" not in full  # ...not the bodies that do not fit
    assert "REGISTRY.register(fn)" in full  # the target's own need is whole
    assert '"""Every registered function."""' in full  # signatures and docstrings fit here
    assert len(full) < C.EXEC_CONTEXT_MAX_CHARS + 2000


def test_a_body_does_not_come_back_without_what_it_needs(tmp_path):
    """Budget nearly spent: a body that would name something the prompt cannot also show
    stays reduced rather than leave the name undefined."""
    repo = make_repo(tmp_path / "reg", {"reg/__init__.py": "", "reg/big.py": BIG, "reg/deco.py": DECO,
                                        "reg/funcs.py": FUNCS}, "reg")
    facts, report = analyze(repo)
    cand = next(c for c in select_candidates(facts, report) if c.qualname == "double")
    deps = resolve_dependencies(cand, facts)
    for budget in (50, 2_000, 8_000, 16_000, 40_000):
        blocks = context_blocks(cand, facts, deps, budget)
        text = "\n".join(b.code for b in blocks)
        defined = {n for b in blocks for n in b.names}
        missing = [n for b in blocks for n in _used_names(b.code) if n not in defined and n != "register"]
        if budget >= 8_000:  # room for the signatures of what the decorator reaches (about 3,000)
            assert missing == [], (budget, missing)
        assert "def register(fn)" in text  # the target's own need, always
        if budget == 40_000:
            assert "total -= 999" in text  # everything whole when it fits


def test_a_method_a_field_names_is_in_the_class_skeleton(tmp_path):
    repo = make_repo(tmp_path / "web", {"web/__init__.py": "", "web/handlers.py": HANDLER}, "web")
    _, cand = prompts_for(repo, "Handler.get_name")
    for size in SIZES:
        prompt = cand.prompts[size]
        assert "head = _unimplemented" in prompt
        assert "def _unimplemented(self, *args)" in prompt, size
        assert _used_names(prompt) == (), (size, _used_names(prompt))
    assert "def not_allowed():" in cand.prompts["full_context"]


# inflect (held-out 20): a method's target uses a member whose body reads many module tables,
# each built from a helper and a list of its own (`pl_sb_z_zes_bysize = bysize(pl_sb_z_zes_list)`)
TABLES = "".join(f'''
t{i}_list = ({", ".join(repr(f"word{i}_{j}") for j in range(12))})
t{i}_bysize = bysize(t{i}_list)
''' for i in range(120))
CHECKS = "".join(f"        if word in t{i}_bysize.get(len(word), ()):\n            return word + 's{i}'\n" for i in range(120))
ENGINE = f'''"""Words."""


def bysize(words):
    """Group ``words`` by their length, as a dict of sets."""
    out = {{}}
    for word in words:
        out.setdefault(len(word), set()).add(word)
    return out

{TABLES}

class Engine:
    """An engine."""

    def plural(self, word):
        """The plural of ``word``."""
{CHECKS}        return word + "s"

    def no(self, word, count=0):
        """``no`` and the plural of ``word`` when ``count`` is zero, else the count and the word."""
        if count:
            return f"{{count}} {{word}}"
        return f"no {{self.plural(word)}}"
'''


def test_no_pasted_table_lacks_its_own_names_and_lean_prompts_skip_member_bodies(tmp_path):
    """Each pasted block comes with what it uses, or not at all (the ones left out are counted);
    the medium and small prompts, which show the member's signature and not its body, do not
    paste what only that body uses."""
    repo = make_repo(tmp_path / "words", {"words/__init__.py": "", "words/engine.py": ENGINE}, "words")
    facts, report = analyze(repo)
    cand = next(c for c in select_candidates(facts, report) if c.qualname == "Engine.no")
    deps = resolve_dependencies(cand, facts)
    cut: list = []
    blocks = context_blocks(cand, facts, deps + [], cut_out=cut)
    defined = {n for b in blocks for n in b.names}
    assert any(n.endswith("_bysize") for n in defined)  # some tables fit...
    missing = sorted({n for b in blocks for n in _used_names(b.code) if n not in defined})
    assert missing == [], missing  # ...each with its list and `bysize`
    assert cut and all(n not in defined for b in cut for n in b.names)  # the others are counted
    assert sum(len(b.code) for b in blocks) <= C.EXEC_CONTEXT_MAX_CHARS
    prompts = build_prompts(cand, facts, deps)
    for size in ("medium_context", "small_context"):
        assert "_bysize = bysize(" not in prompts[size] and len(prompts[size]) < 2_000, size
        assert _used_names(prompts[size]) == ()
