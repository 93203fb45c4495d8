"""Hand-written wrong implementations of `src/blib2to3/pgen2/tokenize.py::detect_encoding` (psf/black @ 12f98219bc).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before building the split (held-out set 2026-11-27c,
issue 36). Each entry: why it is a plausible mistake, the whole function, and a witness:
statements after SETUP that set `result`, whose repr differs between the reference and this
version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'psf/black'
COMMIT = '12f98219bc83fa186cc97db7b614dccfb2a1db71'
TARGET = 'src/blib2to3/pgen2/tokenize.py::detect_encoding'
SETUP = 'from blib2to3.pgen2.tokenize import detect_encoding'
WRONG = [
    {
        "why": "strips a UTF-8 BOM but reports plain 'utf-8' instead of 'utf-8-sig'",
        "code": '''def detect_encoding(readline: Callable[[], bytes]) -> Tuple[str, List[bytes]]:
    """
    The detect_encoding() function is used to detect the encoding that should
    be used to decode a Python source file. It requires one argument, readline,
    in the same way as the tokenize() generator.
    """
    bom_found = False
    encoding = None
    default = "utf-8"

    def read_or_stop() -> bytes:
        try:
            return readline()
        except StopIteration:
            return bytes()

    def find_cookie(line: bytes) -> Optional[str]:
        try:
            line_string = line.decode("ascii")
        except UnicodeDecodeError:
            return None
        match = cookie_re.match(line_string)
        if not match:
            return None
        encoding = _get_normal_name(match.group(1))
        try:
            codec = lookup(encoding)
        except LookupError:
            # This behaviour mimics the Python interpreter
            raise SyntaxError("unknown encoding: " + encoding)

        if bom_found:
            if codec.name != "utf-8":
                # This behaviour mimics the Python interpreter
                raise SyntaxError("encoding problem: utf-8")
            encoding += "-sig"
        return encoding

    first = read_or_stop()
    if first.startswith(BOM_UTF8):
        bom_found = True
        first = first[3:]
    if not first:
        return default, []

    encoding = find_cookie(first)
    if encoding:
        return encoding, [first]
    if not blank_re.match(first):
        return default, [first]

    second = read_or_stop()
    if not second:
        return default, [first]

    encoding = find_cookie(second)
    if encoding:
        return encoding, [first, second]

    return default, [first, second]
''',
        "witness": "result = detect_encoding(iter([b'\\xef\\xbb\\xbfx = 1\\n']).__next__)",
    },
    {
        "why": 'looks for the coding cookie on the first line only (PEP 263 allows the second)',
        "code": '''def detect_encoding(readline: Callable[[], bytes]) -> Tuple[str, List[bytes]]:
    """
    The detect_encoding() function is used to detect the encoding that should
    be used to decode a Python source file. It requires one argument, readline,
    in the same way as the tokenize() generator.
    """
    bom_found = False
    encoding = None
    default = "utf-8"

    def read_or_stop() -> bytes:
        try:
            return readline()
        except StopIteration:
            return bytes()

    def find_cookie(line: bytes) -> Optional[str]:
        try:
            line_string = line.decode("ascii")
        except UnicodeDecodeError:
            return None
        match = cookie_re.match(line_string)
        if not match:
            return None
        encoding = _get_normal_name(match.group(1))
        try:
            codec = lookup(encoding)
        except LookupError:
            # This behaviour mimics the Python interpreter
            raise SyntaxError("unknown encoding: " + encoding)

        if bom_found:
            if codec.name != "utf-8":
                # This behaviour mimics the Python interpreter
                raise SyntaxError("encoding problem: utf-8")
            encoding += "-sig"
        return encoding

    first = read_or_stop()
    if first.startswith(BOM_UTF8):
        bom_found = True
        first = first[3:]
        default = "utf-8-sig"
    if not first:
        return default, []

    encoding = find_cookie(first)
    if encoding:
        return encoding, [first]
    return default, [first]
''',
        "witness": "result = detect_encoding(iter([b'#!/usr/bin/env python\\n', b'# -*- coding: latin-1 -*-\\n', b'x = 1\\n']).__next__)",
    },
]
