"""Running external checkers (Pylint, javac, tsc, mcs) and reading what they report.

Invoking a tool and reading its output are kept apart: every process goes through
:mod:`analyzers.run`, and every diagnostics parser is a pure function over captured text.
"""
