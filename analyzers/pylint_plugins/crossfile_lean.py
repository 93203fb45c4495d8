"""Pylint plugin: the type checker's call analysis runs only when one of its messages is on.

We enable two messages (E0602 undefined-variable, E1101 no-member). Pylint skips a checker's
visit method when none of the messages the method declares (``checks_msgs``) is enabled, but
``TypeChecker.visit_call`` declares none, so it runs whenever the checker is on at all, which
E1101 forces: it infers the callee of every call to check arguments, a quarter of a sphinx
check's CPU, for messages we never report. ``visit_call`` does not emit E1101 (that comes from
``visit_attribute``), so declaring the messages it does emit makes Pylint skip it here and run it
as before whenever one of them is enabled.
"""

from __future__ import annotations

from pylint.checkers.typecheck import TypeChecker

# every message of the type checker except those ``visit_attribute`` emits
_NOT_FROM_CALLS = frozenset({"no-member", "c-extension-no-member"})


def register(linter) -> None:  # Pylint's plugin entry point
    del linter
    messages = tuple(symbol for _, symbol, *_ in TypeChecker.msgs.values() if symbol not in _NOT_FROM_CALLS)
    TypeChecker.visit_call.checks_msgs = messages  # type: ignore[attr-defined]
