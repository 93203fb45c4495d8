"""The executable Python split (RepoExec's method): functions with docstrings and their
dependencies, prompts at three context sizes, generated tests checked by mutation."""
