"""Tree-sitter views of a completion: its real tokens, comments and identifiers.

A completion is never parsed alone: the fragment ``prompt + completion`` is parsed so that
the lexer sees each character of the completion in its true context (inside a string or
not, after a ``//`` or not). Everything is in UTF-8 byte offsets of that concatenation, so
no character index of the (possibly long) prompt ever has to be built.

Grammars and reserved words come from the language registry (``lang.get_language(lang)``:
``ts_language(path)``, ``reserved_words``).
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass, field

from tree_sitter import Language, Node, Parser, Tree

from crossfile_datasets.lang import get_language, registered
from crossfile_datasets.lang.base import STATEMENT_DELIMITERS, STRING_NODE_TYPES, guarded_parse

LANGUAGES = tuple(lang.value for lang in registered())  # the registry's, in its order

# Identifier node types in which a reserved word can never be a name. Member names
# (property_identifier, field_identifier, ...) may legally be reserved words in TypeScript
# (`promise.catch`), so they are never filtered.
_PLAIN_IDENTIFIER_TYPES = frozenset({"identifier", "type_identifier"})


def check_language(lang: str) -> str:
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language '{lang}' (expected one of: {', '.join(LANGUAGES)})")
    return lang


def ts_language(lang: str, path: str = "") -> Language:
    """The grammar for a file of ``lang`` (TSX for ``.tsx`` paths)."""
    return get_language(check_language(lang)).ts_language(path)


# Java's Unicode escapes are translated before javac splits the text into tokens (JLS 3.3; ``\\u``
# after an odd run of backslashes is an escape, several ``u`` allowed); tree-sitter-java does not
# translate them: ``// x \u000a class Check {}`` is a comment to it, a class to javac (red team 6
# row 2), ``/* \u002a/ -1; //*/`` one comment to it, ``/* */ -1;`` to javac (red team 8 row 3)
_JAVA_ESCAPE = re.compile(r"(?<!\\)((?:\\\\)*)\\u+([0-9a-fA-F]{4})")


def translate_java_escapes(text: str) -> str:
    """``text`` with its Unicode escapes translated as javac does before lexing (JLS 3.3)."""
    if "\\u" not in text:
        return text
    return _JAVA_ESCAPE.sub(lambda m: m.group(1) + chr(int(m.group(2), 16)), text)


# The line ends a language's own tokenizer takes that its tree-sitter grammar does not end a line
# comment at (red team 8 row 4): a bare CR for CPython (universal newlines) and javac (JLS 3.4:
# CR, LF, CR LF); U+2028 and U+2029 for mcs (C#'s new-line characters; mcs does not end a comment
# at U+0085). tree-sitter-typescript ends a comment where ECMAScript does (CR, U+2028, U+2029).
# Each is one character, translated to LF: where a language allows a line end (verbatim strings,
# text blocks, triple-quoted strings), it allows LF too; where it does not, neither reader does.
_OWN_LINE_ENDS = {"python": re.compile("\r(?!\n)"), "java": re.compile("\r(?!\n)"),
                  "csharp": re.compile("[\u2028\u2029]")}


def as_compiler_reads(lang: str, text: str) -> str:
    """``text`` as the language's own tokenizer sees it before it splits tokens, in the form
    tree-sitter reads alike: Java's Unicode escapes translated (JLS 3.3), then the language's
    line ends other than LF and CR LF written as LF. Only Java's escapes change the length."""
    return compiler_split(lang, text, "")[0]


def compiler_split(lang: str, head: str, tail: str) -> tuple[str, str]:
    """:func:`as_compiler_reads` of ``head + tail``, cut where ``head`` ends: an escape that
    straddles the cut (``\\u00`` + ``41``) is translated into the tail."""
    if lang == "java" and "\\u" in head + tail:
        head, tail = _split_edits(head + tail, len(head), ((m.end(1), m.end(), chr(int(m.group(2), 16)))
                                                           for m in _JAVA_ESCAPE.finditer(head + tail)))
    ends = _OWN_LINE_ENDS.get(lang)
    if ends is not None:
        head, tail = _split_edits(head + tail, len(head), ((m.start(), m.end(), "\n") for m in ends.finditer(head + tail)))
    return head, tail


def _split_edits(text: str, cut: int, edits) -> tuple[str, str]:
    """``text`` with the ``(start, end, replacement)`` edits (in order, not overlapping) made, as
    the parts before and after ``cut``; an edit over the cut goes after it."""
    head: list[str] = []
    tail: list[str] = []
    last = 0
    for start, end, new in edits:
        head.append(text[last:min(start, cut)])
        tail.append(text[max(last, cut):start])
        (head if end <= cut else tail).append(new)
        last = end
    head.append(text[last:cut])
    tail.append(text[max(last, cut):])
    return "".join(head), "".join(tail)


_local = threading.local()


def parser_for(language: Language) -> Parser:
    """One parser per thread and grammar (tree-sitter parsers are not thread-safe)."""
    cache = getattr(_local, "parsers", None)
    if cache is None:
        cache = _local.parsers = {}
    parser = cache.get(id(language))
    if parser is None:
        parser = cache[id(language)] = Parser(language)
    return parser


def point_at(source: bytes, offset: int) -> tuple[int, int]:
    """Tree-sitter point (row, byte column) of a byte offset."""
    row = source.count(b"\n", 0, offset)
    return row, offset - (source.rfind(b"\n", 0, offset) + 1)


def common_prefix(a: bytes, b: bytes, known: int = 0) -> int:
    """The length of the common prefix of ``a`` and ``b``, which are known to agree on their
    first ``known`` bytes. Halving slice comparisons (memcmp): a Python loop over the bytes cost
    a prefix's length per call, once per prefix tried (red team 3 row 2)."""
    lo, hi = known, min(len(a), len(b))
    if a[lo:hi] == b[lo:hi]:
        return hi
    while hi - lo > 1:  # a[:lo] == b[:lo], a[:hi] != b[:hi]
        mid = (lo + hi) // 2
        if a[lo:mid] == b[lo:mid]:
            lo = mid
        else:
            hi = mid
    return lo


class GrowingParse:
    """Parses ``base + tail`` for successive tails, reusing the previous tree.

    Used to try several prefixes of one completion after the same (long) prompt: each
    re-parse is incremental, so the prompt is not re-analysed from scratch every time.
    """

    def __init__(self, language: Language, base: bytes) -> None:
        self.parser = parser_for(language)
        self.base = base
        self.source = b""
        self.tree: Tree | None = None

    def parse(self, tail: bytes) -> Tree:
        source = self.base + tail
        old = self.tree
        if old is not None:
            common = common_prefix(source, self.source, len(self.base))
            start = point_at(source, common)
            old.edit(
                start_byte=common,
                old_end_byte=len(self.source),
                new_end_byte=len(source),
                start_point=start,
                old_end_point=point_at(self.source, len(self.source)),
                new_end_point=point_at(source, len(source)),
            )
        self.tree = guarded_parse(self.parser, source, old)  # ParseTimeout past its budget
        self.source = source
        return self.tree


def has_error_after(root: Node, threshold: int) -> bool:
    """Whether an ERROR node ends, or a MISSING node sits, after byte ``threshold``.

    Errors that end before ``threshold`` (e.g. syntax the grammar does not know, far above
    in the prompt) are not the completion's fault and are ignored.
    """
    stack = [root]
    while stack:
        node = stack.pop()
        if node.end_byte < threshold or not node.has_error:
            continue
        if node.is_missing and node.start_byte >= threshold:
            return True
        if node.is_error and node.end_byte > threshold:
            return True
        stack.extend(node.children)
    return False


def _is_identifier(node: Node) -> bool:
    t = node.type
    # TypeScript destructuring shorthand (`const { name } = p`) is a *_pattern leaf, still a name
    return node.is_named and (t == "identifier" or t.endswith("_identifier") or t == "shorthand_property_identifier_pattern")


# A name as the lexers of the four languages read it (C#'s verbatim `@name` included).
_NAME = re.compile(rb"@?[A-Za-z_\x80-\xff][A-Za-z0-9_\x80-\xff]*")


def _skipped_names(node: Node, start: int, end: int) -> list[tuple[int, int, str]]:
    """Names in the bytes of an ERROR node that no child covers.

    Error recovery can swallow tokens without making leaves of them: C#'s grammar parses
    ``x = model.Evaluate(smoothed`` with ``smoothed`` inside the ERROR node's span but in none
    of its children, so a walk over leaves never sees it (Java's grammar keeps it). Those
    gaps are code (strings and comments always become nodes), so their names are identifiers.
    """
    text = node.text or b""
    covered, gaps, cursor = node.children, [], node.start_byte
    for child in covered:
        if child.start_byte > cursor:
            gaps.append((cursor, child.start_byte))
        cursor = max(cursor, child.end_byte)
    if node.end_byte > cursor:
        gaps.append((cursor, node.end_byte))
    out = []
    for lo, hi in gaps:
        lo, hi = max(lo, start), min(hi, end)
        if lo >= hi:
            continue
        for m in _NAME.finditer(text, lo - node.start_byte, hi - node.start_byte):
            if m.start() > 0 and text[m.start() - 1:m.start()].isdigit():
                continue  # the tail of a number literal such as 1e5 or 0x1F
            name = m.group().decode("utf-8", errors="replace")
            out.append((node.start_byte + m.start(), node.start_byte + m.end(), name))
    return out


@dataclass
class RegionScan:
    """What lies inside a byte range of a parse: all offsets absolute, in source order."""

    statement_ends: list[int] = field(default_factory=list)  # end byte of each real ; { } token
    comments: list[tuple[int, int]] = field(default_factory=list)
    identifiers: list[tuple[int, int, str]] = field(default_factory=list)  # (start, end, text)
    # (start, end) of each outermost string literal (STRING_NODE_TYPES) overlapping the range that
    # holds a line end: its blanks and line ends are its value (not clipped to the range)
    literals: list[tuple[int, int]] = field(default_factory=list)


def scan_region(root: Node, start: int, end: int, lang: str) -> RegionScan:
    """Real statement-end tokens, comments, identifiers and multi-line literals of ``[start, end)``.

    A token counts only outside strings and comments; zero-width (MISSING) tokens never
    count. Identifiers inside string interpolations (`${x}`, `{x}`) are code and count;
    reserved words that error recovery turned into plain identifiers do not.
    """
    # reserved words that error recovery turned into plain identifiers are not names
    reserved = get_language(check_language(lang)).reserved_words
    scan = RegionScan()
    stack: list[tuple[Node, bool]] = [(root, False)]
    while stack:
        node, in_string = stack.pop()
        if node.end_byte <= start or node.start_byte >= end:
            continue
        if node.is_named and "comment" in node.type:
            scan.comments.append((max(start, node.start_byte), min(end, node.end_byte)))
            continue
        if not in_string and node.type in STRING_NODE_TYPES and node.start_point[0] != node.end_point[0]:
            scan.literals.append((node.start_byte, node.end_byte))
        if node.child_count == 0:
            # zero-width = MISSING; a token straddling the region start belongs to the prompt
            if node.start_byte == node.end_byte or node.start_byte < start or node.end_byte > end:
                continue
            if not in_string and node.type in STATEMENT_DELIMITERS:
                scan.statement_ends.append(node.end_byte)
            elif _is_identifier(node):
                text = (node.text or b"").decode("utf-8", errors="replace")
                if not (text in reserved and node.type in _PLAIN_IDENTIFIER_TYPES):
                    scan.identifiers.append((node.start_byte, node.end_byte, text))
            continue
        child_in_string = in_string or node.type in STRING_NODE_TYPES
        if node.is_error and not child_in_string:
            scan.identifiers += [(a, b, t) for a, b, t in _skipped_names(node, start, end)
                                 if t not in reserved]  # `@event` is a verbatim name, `event` a keyword
        stack.extend((child, child_in_string) for child in reversed(node.children))
    scan.statement_ends.sort()
    scan.comments.sort()
    scan.identifiers.sort()
    scan.literals.sort()
    return scan
