"""``StrEnum`` for statuses and reasons that are written to JSON and compared with strings.

Why it exists: a plain ``class S(str, Enum)`` formats as ``S.OK`` in f-strings on Python 3.11
(``f"checker_{status}"`` would count ``checker_CompileStatus.TIMEOUT``), and ``enum.StrEnum``
only exists from 3.11 while the package supports 3.10. Members of this class compare equal to,
format as and serialize to their value on every supported version.
"""
from __future__ import annotations

import enum


class StrEnum(str, enum.Enum):
    def __str__(self) -> str:
        return self.value

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)
