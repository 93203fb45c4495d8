"""Regular expressions and word lists shared by the text functions."""

import re

WORD_RE = re.compile(r"[A-Za-z0-9]+(?:['’][A-Za-z]+)?")
SENTENCE_END_RE = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(])")
NON_ALNUM_RE = re.compile(r"[^a-z0-9]+")
CAMEL_BOUNDARY_RE = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
SEPARATORS_RE = re.compile(r"[\s_\-./]+")
WHITESPACE_RE = re.compile(r"\s+")
VOWEL_GROUP_RE = re.compile(r"[aeiouy]+")
PLACEHOLDER_RE = re.compile(r"\{\{\s*([A-Za-z_][A-Za-z0-9_]*)(?:\s*\|\s*([a-z]+))?\s*\}\}")

DEFAULT_SEPARATOR = "-"
ELLIPSIS = "..."

SMALL_WORDS = frozenset(
    "a an and as at but by en for if in nor of on or per the to v vs via".split()
)

STOPWORDS = frozenset(
    """a about above after again against all am an and any are as at be because been before being
    below between both but by can did do does doing down during each few for from further had has
    have having he her here hers herself him himself his how i if in into is it its itself just me
    more most my myself no nor not now of off on once only or other our ours ourselves out over own
    same she should so some such than that the their theirs them themselves then there these they
    this those through to too under until up very was we were what when where which while who whom
    why will with you your yours yourself yourselves""".split()
)
