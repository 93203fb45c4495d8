"""The executable split's mutation operators (``lang/python/mutation.py``, re-exported).

Why it exists: the executable split imported its mutants and stubs from here before the
operators moved down to ``lang/python/mutation.py``, where the class-level split uses them too
for one-method mutants of a class; the names stay importable from here.
"""

from crossfile_datasets.lang.python.mutation import (  # noqa: F401
    Mutant,
    expected_exceptions,
    mutants,
    mutation_plan,
    mutation_score,
    stubs,
    weak_reason,
)
