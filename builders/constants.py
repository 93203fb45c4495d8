"""Every threshold, budget and size of the builder, in one place, with where it comes from."""

# --- file listing ------------------------------------------------------------------------
MAX_FILE_BYTES = 1_000_000  # larger files are almost always generated or data (ours)
MINIFIED_MAX_LINE = 5_000  # a single line this long: minified / generated (ours)
MINIFIED_MEAN_LINE = 300  # mean line length above this: minified (ours)
VENDOR_DIRS = frozenset({"vendor", "vendored", "third_party", "third-party", "node_modules", "site-packages", "external", "deps"})
SKIP_DIRS = VENDOR_DIRS | frozenset(
    {"__pycache__", "build", "dist", "target", "out", "obj", "bin", "venv", "env", ".venv", ".tox", ".git", ".hg", ".svn",
     ".mypy_cache", ".pytest_cache", ".gradle", ".idea", ".vs", "coverage", "htmlcov", ".eggs"}
)

# --- examples (CrossCodeEval, Ding et al. 2023, section 2.2 and Table 1) -------------------
MIN_GROUNDTRUTH_TOKENS = 3  # StarCoder tokens; shorter references are trivial
MAX_GROUNDTRUTH_TOKENS = 30  # longer references are not single-line completions
STRING_LITERAL_DOMINANCE = 0.5  # share of reference chars inside string literals (ours)
STRING_LITERAL_MIN_CHARS = 12  # ...when that literal part is at least this long (ours)
VERBATIM_MIN_CHARS = 8  # a reference shorter than this is not searched verbatim in other files (ours)

# --- checkers --------------------------------------------------------------------------
PYLINT_BATCH_TIMEOUT = 300.0  # seconds for one Pylint run over a batch of files
PYLINT_FILE_TIMEOUT = 60.0  # seconds per file when a batch is bisected down to single files
PYLINT_BATCH_SIZE = 200  # files per Pylint process (one process per variant set otherwise)

# --- retrieval (CrossCodeEval's published prompt builder) -------------------------------
CHUNK_LINES = 10
QUERY_LINES = 10
TOP_K = 5
CONTEXT_TOKEN_BUDGET = 512
