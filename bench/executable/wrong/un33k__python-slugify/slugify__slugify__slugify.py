"""Hand-written wrong implementations of `slugify/slugify.py::slugify` (un33k/python-slugify @ 7b6d5d96c1).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld15, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'un33k/python-slugify'
COMMIT = '7b6d5d96c1995e6dccb39a19a13ba78d7d0a3ee4'
TARGET = 'slugify/slugify.py::slugify'
SETUP = 'from slugify.slugify import slugify'
NEEDS = ['QUOTE_PATTERN', 'DEFAULT_SEPARATOR', 'unicodedata', 'unidecode', 'CHAR_ENTITY_PATTERN', 'name2codepoint', 'DECIMAL_PATTERN', 'HEX_PATTERN', 'NUMBERS_PATTERN', 'DISALLOWED_UNICODE_CHARS_PATTERN', 'DISALLOWED_CHARS_PATTERN', 're', 'DUPLICATE_DASH_PATTERN', 'smart_truncate']
WRONG = [
    {
        "why": 'stopwords compared as given: a capitalized stopword no longer matches the lowercased text',
        "code": '''def slugify(text: str, entities: bool = True, decimal: bool = True, hexadecimal: bool = True, max_length: int = 0, word_boundary: bool = False, separator: str = DEFAULT_SEPARATOR, save_order: bool = False, stopwords=(), regex_pattern=None, lowercase: bool = True, replacements=(), allow_unicode: bool = False) -> str:
    if replacements:
        for old, new in replacements:
            text = text.replace(old, new)
    if not isinstance(text, str):
        text = str(text, 'utf-8', 'ignore')
    text = QUOTE_PATTERN.sub(DEFAULT_SEPARATOR, text)
    if allow_unicode:
        text = unicodedata.normalize('NFKC', text)
    else:
        text = unicodedata.normalize('NFKD', text)
        text = unidecode.unidecode(text)
    if not isinstance(text, str):
        text = str(text, 'utf-8', 'ignore')
    if entities:
        text = CHAR_ENTITY_PATTERN.sub(lambda m: chr(name2codepoint[m.group(1)]), text)
    if decimal:
        try:
            text = DECIMAL_PATTERN.sub(lambda m: chr(int(m.group(1))), text)
        except Exception:
            pass
    if hexadecimal:
        try:
            text = HEX_PATTERN.sub(lambda m: chr(int(m.group(1), 16)), text)
        except Exception:
            pass
    if allow_unicode:
        text = unicodedata.normalize('NFKC', text)
    else:
        text = unicodedata.normalize('NFKD', text)
    if lowercase:
        text = text.lower()
    text = QUOTE_PATTERN.sub('', text)
    text = NUMBERS_PATTERN.sub('', text)
    if allow_unicode:
        pattern = regex_pattern or DISALLOWED_UNICODE_CHARS_PATTERN
    else:
        pattern = regex_pattern or DISALLOWED_CHARS_PATTERN
    text = re.sub(pattern, DEFAULT_SEPARATOR, text)
    text = DUPLICATE_DASH_PATTERN.sub(DEFAULT_SEPARATOR, text).strip(DEFAULT_SEPARATOR)
    if stopwords:
        words = [w for w in text.split(DEFAULT_SEPARATOR) if w not in stopwords]
        text = DEFAULT_SEPARATOR.join(words)
    if replacements:
        for old, new in replacements:
            text = text.replace(old, new)
    if max_length > 0:
        text = smart_truncate(text, max_length, word_boundary, DEFAULT_SEPARATOR, save_order)
    if separator != DEFAULT_SEPARATOR:
        text = text.replace(DEFAULT_SEPARATOR, separator)
    return text
''',
        "witness": "result = slugify('The quick fox', stopwords=['The'])",
    },
    {
        "why": 'forgets the number cleanup: a thousands comma becomes a dash',
        "code": '''def slugify(text: str, entities: bool = True, decimal: bool = True, hexadecimal: bool = True, max_length: int = 0, word_boundary: bool = False, separator: str = DEFAULT_SEPARATOR, save_order: bool = False, stopwords=(), regex_pattern=None, lowercase: bool = True, replacements=(), allow_unicode: bool = False) -> str:
    if replacements:
        for old, new in replacements:
            text = text.replace(old, new)
    if not isinstance(text, str):
        text = str(text, 'utf-8', 'ignore')
    text = QUOTE_PATTERN.sub(DEFAULT_SEPARATOR, text)
    if allow_unicode:
        text = unicodedata.normalize('NFKC', text)
    else:
        text = unicodedata.normalize('NFKD', text)
        text = unidecode.unidecode(text)
    if not isinstance(text, str):
        text = str(text, 'utf-8', 'ignore')
    if entities:
        text = CHAR_ENTITY_PATTERN.sub(lambda m: chr(name2codepoint[m.group(1)]), text)
    if decimal:
        try:
            text = DECIMAL_PATTERN.sub(lambda m: chr(int(m.group(1))), text)
        except Exception:
            pass
    if hexadecimal:
        try:
            text = HEX_PATTERN.sub(lambda m: chr(int(m.group(1), 16)), text)
        except Exception:
            pass
    if allow_unicode:
        text = unicodedata.normalize('NFKC', text)
    else:
        text = unicodedata.normalize('NFKD', text)
    if lowercase:
        text = text.lower()
    text = QUOTE_PATTERN.sub('', text)
    if allow_unicode:
        pattern = regex_pattern or DISALLOWED_UNICODE_CHARS_PATTERN
    else:
        pattern = regex_pattern or DISALLOWED_CHARS_PATTERN
    text = re.sub(pattern, DEFAULT_SEPARATOR, text)
    text = DUPLICATE_DASH_PATTERN.sub(DEFAULT_SEPARATOR, text).strip(DEFAULT_SEPARATOR)
    if stopwords:
        if lowercase:
            stopwords_lower = [s.lower() for s in stopwords]
            words = [w for w in text.split(DEFAULT_SEPARATOR) if w not in stopwords_lower]
        else:
            words = [w for w in text.split(DEFAULT_SEPARATOR) if w not in stopwords]
        text = DEFAULT_SEPARATOR.join(words)
    if replacements:
        for old, new in replacements:
            text = text.replace(old, new)
    if max_length > 0:
        text = smart_truncate(text, max_length, word_boundary, DEFAULT_SEPARATOR, save_order)
    if separator != DEFAULT_SEPARATOR:
        text = text.replace(DEFAULT_SEPARATOR, separator)
    return text
''',
        "witness": "result = slugify('1,000 views')",
    },
]
