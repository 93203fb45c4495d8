"""Scoring model predictions on the splits this project builds.

Two families of metrics, one package:

- completion split (``evaluation.completion``): CrossCodeEval's exact match, edit similarity
  and identifier match, computed after the same kind of post-processing as CrossCodeEval's
  published scripts (with their defects fixed, see ``docs/evaluation.md``), per language and
  with bootstrap confidence intervals; ``harness.fim`` renders fill-in-the-middle prompts;
- executable split (``evaluation.executable``): pass@k, test pass rate and dependency
  invocation rate, running every generation in an isolated copy of its repository.

The command line is ``evaluation.cli`` (console script ``evaluate-predictions``).
"""
