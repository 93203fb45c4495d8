"""Pylint plugin: an undefined name is reported even where a handler would catch its absence.

Detection empties an import and keeps what Pylint reports as new: E0602 for an imported name.
Pylint stays silent when the use sits in a ``try`` whose handler names ``NameError`` or under
``contextlib.suppress(NameError)`` (``utils.node_ignores_exception``): the code says it expects
the name may be missing. That is exactly the removal detection relies on, so such uses were lost
without a trace (dacite's ``try: cache(get_concrete_type_hints)(...) except NameError``,
held-out 13). Here that guard counts for nothing; every other one is as before (``except
AttributeError`` around a member needs nothing: members of project classes are found in the
unmodified copy, ``crossfile_resolved``, and ``tests/python/test_python_guarded_uses.py`` checks
both).
Reporting more in *both* copies loses nothing: a guarded name undefined in the original copy too
(``try: unicode except NameError``) is reported in both and dropped by the diff.
Loaded with ``--load-plugins=crossfile_unguarded`` (see ``analyzers/pylint.py``).
"""

from __future__ import annotations

from pylint.checkers import utils

# the errors whose handlers hid a message detection enables (E0602)
UNGUARDED = frozenset({"NameError"})

_node_ignores_exception = utils.node_ignores_exception


def node_ignores_exception(node, exception=Exception) -> bool:
    """Pylint's own answer, except ``False`` for the errors of ``UNGUARDED``."""
    name = exception if isinstance(exception, str) else getattr(exception, "__name__", "")
    if name in UNGUARDED:
        return False
    return _node_ignores_exception(node, exception)


def register(linter) -> None:  # Pylint's plugin entry point
    del linter
    # the variables checker calls it through the module
    utils.node_ignores_exception = node_ignores_exception
