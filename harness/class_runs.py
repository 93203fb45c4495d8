"""Put a generated class where the original class was, in a private copy, and run its tests.

Why it exists apart from ``evaluation.classlevel``: the class builder's gates (the emptied
class, the one-method mutants, the throwing stub) must judge a wrong class exactly the way the
evaluation judges a generation -- the same cleaning of the answer, the same placement, the
same copy, compile and test run in the sandbox. Both consume this module; the builder never
imports the evaluation.

What a model answers is rarely the bare class: :func:`clean_generation` keeps the code of a
fenced block, and :func:`place_class` hands the imports a model writes above its class to the
language (``LanguageSupport.place_class``).

An answer brings only its class (red team 5, rows 1, 5, 6): placement is textual, so whatever
else a Java or C# answer declares would be compiled with the library (an own ``Assert`` that
the tests' simple names bind to, a ``}`` closing the file's namespace and a
``namespace NUnit.Framework``, a fixture named like the repository's, a top-level class named
like a helper of the tests). :func:`answer_refusal` parses what would be placed and refuses
anything but exactly one top-level type named like the task's class; :func:`run_placed`
refuses such an answer before any copy or run (``ANSWER_REFUSED``), for the evaluation and the
class builder's gates alike.
"""

from __future__ import annotations

import inspect
import os
import re
import stat
from pathlib import Path

from crossfile_datasets.core import constants as C
from crossfile_datasets.core.bounded import BoundedLimit, bounded_call
from crossfile_datasets.core.reasons import ANSWER_NOT_ONE_CLASS as ANSWER_REFUSED
from crossfile_datasets.core.reasons import ANSWER_TOO_LARGE
from crossfile_datasets.core.text import utf8_size
from crossfile_datasets.harness.syntax import as_compiler_reads, parser_for, translate_java_escapes, ts_language
from crossfile_datasets.lang import Lang, get_language
from crossfile_datasets.lang.base import ParseTimeout, guard_seconds, guarded_parse
from crossfile_datasets.sandbox import HeldFolder, SandboxLimits, copy_repository, hostfs
from crossfile_datasets.sandbox.suites import SuiteRun, SuiteStatus, runner_for
from crossfile_datasets.sandbox.suites.java import declared_encodings, source_encoding

_FENCE = re.compile(r"```[^\n`]*\n(.*?)(?:```|\Z)", re.S)


def clean_generation(text: str) -> str:
    """The code of an answer: the first fenced block's content when there is one, else the text."""
    m = _FENCE.search(text)
    code = m.group(1) if m else text
    return code.strip("\n").rstrip()


def place_class(task: dict, generation: str) -> str:
    """The class file with the generated class at the original class's place (imports the answer
    writes above its class are handled by the language: ``LanguageSupport.place_class``)."""
    return get_language(task["language"]).place_class(task["file_without_class"], int(task["insertion_offset"]),
                                                      clean_generation(generation))


# the top-level nodes an answer may hold beside its one type: comments, and C#'s directives that
# change nothing the compiler sees (conditional compilation is refused before the parse)
_BESIDE_THE_CLASS = frozenset({"comment", "line_comment", "block_comment", "preproc_region", "preproc_endregion",
                               "preproc_pragma", "preproc_nullable", "preproc_warning", "preproc_error"})
_TYPE_DECLARATIONS = frozenset({"class_declaration", "struct_declaration", "interface_declaration",
                                "enum_declaration", "record_declaration", "record_struct_declaration",
                                "annotation_type_declaration"})
# C#'s directives (red team 7 rows 1 and 4): mcs takes a line whose first non-blank character is
# ``#`` as a directive, whatever C# blank precedes it (a form feed, a vertical tab, Unicode Zs),
# and reads the whole rest of the line as the directive's (``#region notes /*`` is a name to mcs,
# a block comment opening to tree-sitter). A directive line is therefore looked for broadly, and
# one that tree-sitter and ``lang.csharp.syntax.active_code`` might read otherwise is refused.
_CS_LINE_ENDS = re.compile("\r\n|[\r\n\u0085\u2028\u2029]")
_CS_BLANKS = "\t\v\f\u0020\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u205f\u3000"
_CS_DIRECTIVE_LINE = re.compile(f"[{_CS_BLANKS}]*#")
_CS_PLAIN_DIRECTIVE = re.compile(r"[ \t]*#[ \t]*(if|elif|else|endif|define|undef|region|endregion|pragma|nullable|"
                                 r"warning|error|line)\b")
_CONDITIONAL_KINDS = frozenset({"if", "elif", "else", "endif"})
# characters str.splitlines (``active_code``) ends a line at where C# does not
_CS_ODD_BREAKS = re.compile("[\v\f\x1c\x1d\x1e]|\r(?!\n)")
_PP_SYMBOL = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
MAX_CONDITIONAL_SYMBOLS = 6  # an answer's #if symbols: every assignment of them is checked (2**n parses)


# the one refusal the compiler has the last word on: one type, named right, but text tree-sitter
# cannot read (a syntax error, usually): the copy is compiled, and a class that does not compile
# is ``compile_failed`` as before; one that compiles is refused after all (the compiler read
# something else than tree-sitter did: what it read is not known to be one class)
# an answer tree-sitter cannot parse within the guard's CPU budget (``lang.base.guarded_parse``)
PARSE_BUDGET = "not parsed within the parse budget"
SYNTAX_ERROR = "syntax error (unbalanced braces or text tree-sitter cannot read)"


def answer_refusal(task: dict, generation: str) -> str | None:
    """Why a Java or C# answer is not placed (None: it is exactly one top-level type, named like
    the task's ``class_name`` when the record has one, with nothing else but comments around it
    and no syntax error): the detail of ``ANSWER_REFUSED``. Python answers are placed as they
    are (a module may hold helpers and imports anywhere; what else an answer declares lands in
    the class's own module, which the tests import, not in theirs)."""
    lang = Lang(task["language"])
    if lang is Lang.PYTHON:
        return None
    _, body = get_language(lang).split_class_answer(clean_generation(generation))
    return _body_refusal(task, lang, body)


def _body_refusal(task: dict, lang: Lang, body: str) -> str | None:
    """:func:`answer_refusal` of the text placed at the insertion point."""
    body = _as_compiler_reads(lang, body)
    # a line end after the answer, as the file has after the insertion point (a directive on its
    # last line needs one)
    data = (body + "\n").encode("utf-8", "surrogatepass")
    parser = parser_for(ts_language(lang.value))
    # guarded (red team 7 row 5): an answer is untrusted text, and tree-sitter is quadratic on some
    # shapes (``F<`` repeated); past the budget the answer is refused, the budget named
    try:
        root = guarded_parse(parser, data).root_node
        if lang is Lang.JAVA and (why := _java_token_disagreement(body, root)) is not None:
            return why
        if lang is Lang.CSHARP:
            texts, why = _csharp_compiled_texts(body, root)
            if why is not None:
                return why
            if texts != [data]:  # conditional compilation: each text mcs may compile holds one type
                return _conditional_refusal(texts, task)
    except ParseTimeout as exc:
        return f"{PARSE_BUDGET}: {exc}"
    why = _one_type_refusal(root, task, lang)
    if why == SYNTAX_ERROR and lang is Lang.CSHARP and _braces_enclose(lang, body, root):
        return None  # one type whatever tree-sitter could not read inside it: the compiler judges
    return why


def _conditional_refusal(texts: list[bytes], task: dict) -> str | None:
    """:func:`_one_type_refusal` of each text mcs may compile (one per assignment of the
    answer's ``#if`` symbols, up to ``2 ** MAX_CONDITIONAL_SYMBOLS``), under ONE budget: all of
    them in one bounded child (``core/bounded.py``) of twice the guard's CPU time for one
    text, past which the answer is refused (``PARSE_BUDGET``). The texts are the same bytes but
    for blanked lines (``active_code``), so each is parsed incrementally from the one before
    (tree-sitter re-reads the changed lines only). Red team 2026-11-29g row 7: one guarded parse
    per text, nothing bounding the 64, was 40 s of host CPU for a 0.99 MB answer of six
    ``#if`` blocks (0.5 s without them)."""
    seconds = 2 * guard_seconds(max(map(len, texts)))
    try:
        why = bounded_call(_conditional_texts_refusal, texts, task, seconds=seconds)
    except BoundedLimit:
        return f"{PARSE_BUDGET}: over {seconds:.2f} s of CPU for the {len(texts)} texts of its conditional compilation"
    return None if why is None else f"{why} (with conditional compilation: some symbols defined)"


def _conditional_texts_refusal(texts: list[bytes], task: dict) -> str | None:
    """(In the bounded child.) The first refusal of the texts, parsed one from the other."""
    parser = parser_for(ts_language(Lang.CSHARP.value))
    tree, previous = None, b""
    for text in texts:
        if tree is not None:
            for start, end, row, column in _changed_lines(previous, text):
                tree.edit(start_byte=start, old_end_byte=end, new_end_byte=end, start_point=(row, 0),
                          old_end_point=(row, column), new_end_point=(row, column))
        tree = parser.parse(text, tree) if tree is not None else parser.parse(text)
        if (why := _one_type_refusal(tree.root_node, task)) is not None:
            return why
        previous = text
    return None


def _changed_lines(old: bytes, new: bytes) -> list[tuple[int, int, int, int]]:
    """(start byte, end byte, row, end column) of each line that differs between two texts of
    one length whose line ends are at the same places (``active_code`` blanks, keeping them)."""
    out = []
    at = 0
    for row, (a, b) in enumerate(zip(old.split(b"\n"), new.split(b"\n"))):
        if a != b:
            out.append((at, at + len(a), row, len(a)))
        at += len(a) + 1
    return out


def _as_compiler_reads(lang: Lang, body: str) -> str:
    """The answer's text as its compiler reads it, for tree-sitter to parse."""
    if lang is Lang.JAVA:
        body = translate_java_escapes(body)  # the answer is parsed as javac reads it
        # CR LF and a lone CR end a line for javac (JLS 3.4); tree-sitter-java's line comment runs
        # through a CR: every line end is written LF, as both read it alike
        body = _JAVA_LINE_ENDS.sub("\n", body)
        return _java_nul_in_tokens(body)
    if lang is Lang.CSHARP:
        # U+2028/U+2029 end a line, and a ``//`` comment, for mcs (C#'s new-line characters), not
        # for tree-sitter-c-sharp (red team 16 row 2): parsed as LF, the compiler's view
        return as_compiler_reads(lang.value, body)
    return body


def _encloses(braces: list[str]) -> bool:
    """The braces open one block first and close it last, the depth above 0 in between."""
    if not braces or braces[0] != "{":
        return False
    depth = 0
    for i, brace in enumerate(braces):
        depth += 1 if brace == "{" else -1
        if depth <= 0 and i != len(braces) - 1:
            return False
    return depth == 0


def _csharp_spans(body: str) -> list[tuple[int, int]]:
    """The comments, string and character literals and directive lines of C# source, as a
    compiler's scanner delimits them (conservatively: an interpolated string's holes are part of
    the literal, so a quote inside a hole ends it and the braces after it count -- such an answer
    is then refused, as before). Unterminated ones run to the end of their line."""
    spans: list[tuple[int, int]] = []
    i, n = 0, len(body)
    line_start = True
    while i < n:
        c = body[i]
        if c in "\r\n\u2028\u2029\x85":
            line_start = True
            i += 1
            continue
        if line_start and c == "#":
            j = i
            while j < n and body[j] not in "\r\n\u2028\u2029\x85":
                j += 1
            spans.append((i, j))
            i = j
            continue
        if not c.isspace():
            line_start = False
        if body.startswith("//", i):
            j = i
            while j < n and body[j] not in "\r\n\u2028\u2029\x85":
                j += 1
        elif body.startswith("/*", i):
            j = body.find("*/", i + 2)
            j = n if j < 0 else j + 2
        elif body.startswith(('@"', '$@"', '@$"'), i):
            j = body.index('"', i) + 1
            while j < n:
                if body[j] == '"':
                    if body.startswith('""', j):
                        j += 2
                        continue
                    j += 1
                    break
                j += 1
        elif c in "\"'" or body.startswith('$"', i):
            quote = '"' if c == "$" else c
            j = body.index(quote, i) + 1
            while j < n and body[j] not in (quote, "\r", "\n"):
                j += 2 if body[j] == "\\" else 1
            j = min(n, j + 1 if j < n and body[j] == quote else j)
        else:
            i += 1
            continue
        spans.append((i, j))
        i = j
    return spans


def braces_enclose_class(task: dict, source: str) -> bool:
    """True when a Java or C# answer that is one type with a syntax error tree-sitter cannot read
    is still known to be one type: its braces, as tree-sitter's tokens give them (strings,
    characters and comments are tokens of their own; an ``ERROR`` node keeps the braces it
    swallowed as tokens) and as a compiler's scanner gives them (outside comments, literals and
    directive lines), both open one block before any ``}`` and close it with the text's last
    token, the depth above 0 in between; and every error node of the tree lies after that
    block's ``{``. Whatever the compiler then reads is inside the type's block: members of it,
    never a second top-level type. tree-sitter-c-sharp reads ``*p++ = x;`` in an ``unsafe``
    method as an error (SimpleBase's Base16, Base32, Base58, held-out 17: the gold answer was
    refused and the class dropped); a class whose end tree-sitter misplaced fails the check. The
    one-class rule applies it to C# answers (tree-sitter-java's errors are javac's too)."""
    lang = Lang(task["language"])
    if lang is Lang.PYTHON:
        return True
    _, body = get_language(lang).split_class_answer(clean_generation(source))
    body = _as_compiler_reads(lang, body)
    try:
        root = guarded_parse(parser_for(ts_language(lang.value)), (body + "\n").encode("utf-8", "surrogatepass")).root_node
    except ParseTimeout:
        return False
    return _braces_enclose(lang, body, root)


def _braces_enclose(lang: Lang, body: str, root) -> bool:
    """:func:`braces_enclose_class` of ``body`` (as the compiler reads it) and its tree."""
    braces: list[str] = []
    first_open = -1
    last = ""
    errors: list[int] = []
    stack = [root]
    while stack:  # nodes in document order
        node = stack.pop()
        if node.type == "ERROR" or node.is_missing:
            errors.append(node.start_byte)
        if node.child_count:
            stack.extend(reversed(node.children))
            continue
        if node.type in ("comment", "line_comment", "block_comment") or node.end_byte == node.start_byte:
            continue
        last = node.type
        if node.type in ("{", "}"):
            if first_open < 0:
                first_open = node.start_byte
            braces.append(node.type)
    if last != "}" or not _encloses(braces) or any(at <= first_open for at in errors):
        return False
    spans = _java_tokens(body) if lang is Lang.JAVA else [("", a, b) for a, b in _csharp_spans(body)]
    scanned: list[str] = []
    at = 0
    for _, start, end in sorted(spans, key=lambda s: s[1]):
        scanned.extend(ch for ch in body[at:start] if ch in "{}")
        at = max(at, end)
    scanned.extend(ch for ch in body[at:] if ch in "{}")
    return scanned == braces


def java_charset_refusal(task: dict, generation: str, root: Path) -> str | None:
    """Why a Java answer is not placed in ``root`` once javac reads it in the repository's declared
    source charset (None: nothing to refuse), the detail of ``ANSWER_REFUSED``. The placed file is
    written as UTF-8; when it is not ASCII, the build decodes it in the declared charset if it
    decodes so (``sandbox.suites.java._recode``, ``source_encoding``), and javac reads that text
    (red team 16 row 1: in GBK, ``€`` + ``\\"`` is two characters and a quote, the backslash
    swallowed, so a string ends early and a second class follows). The one-class rule is run on
    the answer as javac will read it, and the answer must decode on its own, at its own bounds
    (its first or last bytes paired with the file's would be read across its edges)."""
    if Lang(task["language"]) is not Lang.JAVA:
        return None
    _, body = get_language(Lang.JAVA).split_class_answer(clean_generation(generation))
    placed = place_class(task, generation)
    data = placed.encode("utf-8", "surrogatepass")
    if body.isascii() or data.isascii():
        return None  # an ASCII answer reads alike in every charset a build may declare for javac
    at = placed.find(body, int(task["insertion_offset"]))
    for declared in sorted(set(declared_encodings(root).values())):
        codec, _ = source_encoding(data, declared)
        if codec == "utf-8":
            continue
        parts = [placed[:at], body, placed[at + len(body):]]
        try:
            read = [p.encode("utf-8", "surrogatepass").decode(codec) for p in parts]
        except UnicodeDecodeError:
            read = []
        if at < 0 or "".join(read) != data.decode(codec):
            return f"the answer is read across its bounds in the declared charset {codec}"
        if read[1] != body and (why := _body_refusal(task, Lang.JAVA, read[1])) is not None:
            return f"{why} (as javac reads the answer in the declared charset {codec})"
    return None


def _only_closing_braces(node) -> bool:
    stack, seen = [node], False
    while stack:
        n = stack.pop()
        if n.child_count:
            stack.extend(n.children)
        elif n.type == "}":
            seen = True
        elif n.type not in ("comment", "line_comment", "block_comment") and n.end_byte > n.start_byte:
            return False
    return seen


def _one_type_refusal(root, task: dict, lang: Lang | None = None) -> str | None:
    types, other = [], []
    for node in root.named_children:
        if node.type in _TYPE_DECLARATIONS:
            name = node.child_by_field_name("name")
            types.append((name.text or b"").decode("utf-8", "replace") if name is not None else "")
        elif lang is Lang.CSHARP and node.type == "ERROR" and _only_closing_braces(node):
            continue  # tree-sitter closed the type early (an error inside it): SYNTAX_ERROR below
        elif node.type not in _BESIDE_THE_CLASS:
            other.append(node.type)
    if other:
        return f"top-level {', '.join(dict.fromkeys(other))} besides the class"
    if len(types) != 1:
        return f"{len(types)} top-level types ({', '.join(types[:5])}), not one"
    wanted = task.get("class_name")
    if wanted and types[0] != wanted:
        return f"the answer declares {types[0]!r}, not {wanted!r}"
    if root.has_error:
        return SYNTAX_ERROR
    return None


_JAVA_LINE_ENDS = re.compile("\r\n?")
_JAVA_LITERALS = frozenset({"string_literal", "character_literal"})
_JAVA_COMMENTS = frozenset({"line_comment", "block_comment"})


def _java_tokens(body: str) -> list[tuple[str, int, int]]:
    """The comments and string, text-block and character literals of Java source (unicode escapes
    already translated), as javac's scanner delimits them: (``comment`` or ``literal``, start,
    end) in characters. Unterminated ones run to the end of their line (the end of the text for a
    block comment or a text block)."""
    spans: list[tuple[str, int, int]] = []
    i, n = 0, len(body)
    while i < n:
        c = body[i]
        if body.startswith("//", i):
            j = i + 2
            while j < n and body[j] not in "\r\n":
                j += 1
            spans.append(("comment", i, j))
        elif body.startswith("/*", i):
            j = body.find("*/", i + 2)
            j = n if j < 0 else j + 2
            spans.append(("comment", i, j))
        elif body.startswith('"""', i):
            j = i + 3
            while j < n and not body.startswith('"""', j):
                j += 2 if body[j] == "\\" else 1
            j = min(n, j + 3)
            spans.append(("literal", i, j))
        elif c in "\"'":
            j = i + 1
            while j < n and body[j] not in (c, "\r", "\n"):
                j += 2 if body[j] == "\\" else 1
            j = min(n, j + 1 if j < n and body[j] == c else j)
            spans.append(("literal", i, j))
        else:
            i += 1
            continue
        i = j
    return spans


def _java_nul_in_tokens(body: str) -> str:
    """``body`` with each NUL inside a literal or a comment javac's scanner delimits written as
    U+0001 (same length in characters and UTF-8 bytes). ``'\\u0000'`` is common in escaping code
    (held-out 14: json-simple's ``Jsoner.escape``); translated as javac reads it, the raw NUL is
    one more character of the literal for javac but an ``ERROR`` for tree-sitter-java, which reads
    U+0001 there as any other character. A NUL outside literals and comments is left: javac
    rejects it (``illegal character``), and tree-sitter's error refuses it."""
    if "\x00" not in body:
        return body
    chars = list(body)
    for _, start, end in _java_tokens(body):
        for i in range(start, end):
            if chars[i] == "\x00":
                chars[i] = "\x01"
    return "".join(chars)


def _java_token_disagreement(body: str, root) -> str | None:
    """Why tree-sitter-java may not read a Java answer as javac does (red team 7 row 2: tree-sitter
    takes a comment inside a text block, ``\"\"\"`` + line end + ``/* \"\"\"; }`` ... ``*/``, as a
    comment, javac as the text ``/* ``, so the braces and classes after it differ), or None: every
    literal and comment javac's scanner delimits (:func:`_java_tokens`) is one node of tree-sitter's,
    with the same bounds, and no literal holds a comment for tree-sitter."""
    for kind, start, end in _java_tokens(body):
        b_start = len(body[:start].encode("utf-8", "surrogatepass"))
        b_end = b_start + len(body[start:end].encode("utf-8", "surrogatepass"))
        node = root.descendant_for_byte_range(b_start, b_end)
        while node is not None and node.parent is not None and node.type not in _JAVA_LITERALS | _JAVA_COMMENTS \
                and node.start_byte == b_start and node.end_byte == b_end:
            node = node.parent  # a text block's node may sit above its fragments with the same bounds
        wanted = _JAVA_LITERALS if kind == "literal" else _JAVA_COMMENTS
        if node is None or node.type not in wanted or (node.start_byte, node.end_byte) != (b_start, b_end):
            return (f"a {kind} javac reads as {body[start:end][:30]!r} that tree-sitter reads otherwise "
                    f"({node.type if node is not None else 'nothing'})")
        if kind == "literal" and any(c.type in _JAVA_COMMENTS for c in node.children):
            return f"a literal holding a comment for tree-sitter: {body[start:end][:30]!r}"
    return None


def _csharp_compiled_texts(body: str, root) -> tuple[list[bytes], str | None]:
    """The texts mcs may compile of a C# answer (UTF-8, each with the answer's byte offsets), one
    per assignment of the symbols its ``#if``/``#elif`` name, inactive branches and conditional
    directives blanked (``lang.csharp.syntax.active_code``), so that the one-class rule holds
    whatever the repository's build defines; or the refusal's detail. ``root``: tree-sitter's
    parse of the answer as written (UTF-8 of ``body`` + a line end).

    A directive line is refused when the two readers might not agree on it (red team 7 rows 1 and
    4): a blank other than space or tab before its ``#``, a block comment token on it (mcs reads
    the rest of the line as the directive's), ``#define``/``#undef`` (mcs takes them only before
    the file's first token), a line tree-sitter does not read as a directive (inside a comment or
    a string for it), and, with conditional compilation, characters ``active_code`` would end a
    line at where C# does not."""
    from crossfile_datasets.lang.csharp.syntax import active_code

    data = (body + "\n").encode("utf-8", "surrogatepass")
    conditional: set[str] = set()
    symbols: set[str] = set()
    start = 0
    for end in [m.start() for m in _CS_LINE_ENDS.finditer(body)] + [len(body)]:
        line, line_start = body[start:end], start
        start = _CS_LINE_ENDS.match(body, end).end() if end < len(body) else end  # type: ignore[union-attr]
        if not (d := _CS_DIRECTIVE_LINE.match(line)):
            continue
        plain = _CS_PLAIN_DIRECTIVE.match(line)
        if plain is None:
            return [], f"a directive line mcs and tree-sitter may read differently: {line.strip()[:40]!r}"
        kind = plain.group(1)
        if kind in ("define", "undef"):
            return [], f"#{kind} in the answer"
        if "/*" in line or "*/" in line:
            return [], f"a block comment token on the #{kind} line (mcs reads the rest of the line as the directive's)"
        at = len(body[:line_start].encode("utf-8", "surrogatepass")) + len(line[:d.end() - 1].encode("utf-8", "surrogatepass"))
        token = root.descendant_for_byte_range(at, at + 1)
        if token is None or token.start_byte != at or not token.type.startswith("#"):
            return [], f"a #{kind} line that tree-sitter reads as {token.type if token is not None else 'nothing'}"
        if kind in _CONDITIONAL_KINDS:
            conditional.add(kind)
            if kind in ("if", "elif"):
                symbols.update(w for w in _PP_SYMBOL.findall(line[plain.end():].split("//", 1)[0])
                               if w not in ("true", "false"))
    if not conditional:
        return [data], None
    if _CS_ODD_BREAKS.search(body):
        return [], "conditional compilation with a form feed, vertical tab or bare carriage return in the answer"
    if len(symbols) > MAX_CONDITIONAL_SYMBOLS:
        return [], f"conditional compilation on {len(symbols)} symbols (at most {MAX_CONDITIONAL_SYMBOLS} are checked)"
    names = sorted(symbols)
    texts: list[bytes] = []
    for mask in range(2 ** len(names)):
        defined = [n for i, n in enumerate(names) if mask >> i & 1]
        text = active_code(body + "\n", defined)
        if text == body + "\n":
            return [], "conditional compilation that does not balance or that mcs' reader cannot evaluate"
        texts.append(text.encode("utf-8", "surrogatepass"))
    return list(dict.fromkeys(texts)), None


def empty_class(task: dict) -> str:
    """The class with its signature and nothing else (``class Cart:`` + ``pass``; Java/C#:
    ``public class Cart { }``): what a generation that gets the class wrong scores against.
    Decorators, annotations and attributes are left out (they may name the class's members)."""
    return get_language(task["language"]).empty_class(task["class_signature"])


class Staging:
    """One host copy of a repository that the class builder's gates place their wrong classes in,
    one after the other (``run_placed(..., staging=...)``), instead of a fresh copy per run.

    Why it is safe: no run happens in this copy. Every runner makes its own sandbox copy of the
    folder it is given (``sandbox.Sandbox``; the staging folder is shown to the run read-only,
    as the copy itself), so between two placements only the placed file differs from the
    repository: it is put back (the bytes read from this copy before the first placement)
    before another file is placed. When that cannot be done (the file could not be read back),
    the staging copy is dropped and the next placement makes a new one. The evaluation does not
    use it (one copy per generation, as before).

    Why it exists: a gate run copied the repository twice (here, then into the sandbox); on
    python-hyper/hpack (55 MB of JSON stories) each copy took 1-2.5 s at the machine's load, for
    24 gate runs of 3 tasks."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)
        self._work: HeldFolder | None = None
        self._placed: tuple[str, bytes, int] | None = None  # (file, its original bytes and mode in the copy)
        self._discard = False  # the placed file cannot be put back: a new copy after this run
        self.copies = 0  # copies made (1 normally)

    def place(self, rel: str, text: str) -> Path:
        """The staging copy with ``text`` at ``rel`` (the file placed before, if another, put back)."""
        if self._work is not None and self._placed is not None and self._placed[0] != rel:
            try:
                hostfs.replace_file(self._work.path / "repo", self._placed[0], self._placed[1], mode=self._placed[2])
                self._placed = None
            except (hostfs.HostFileRefused, OSError):
                self.close()
        if self._work is None:
            self._work = HeldFolder("class-eval-")
            copy_repository(self.root, self._work.path / "repo")
            self.copies += 1
        copy = self._work.path / "repo"
        if self._placed is None:
            try:
                mode = stat.S_IMODE(os.lstat(copy / rel).st_mode)  # a file of our copy, no run touched it
                self._placed = (rel, hostfs.read_bytes(copy, rel, max_bytes=None), mode)
            except (hostfs.HostFileRefused, OSError):
                # cannot be put back: this copy serves this placement only
                hostfs.replace_file(copy, rel, text)
                self._discard = True
                return copy
        hostfs.replace_file(copy, rel, text)
        return copy

    def after_run(self) -> None:
        if self._discard:
            self._discard = False
            self.close()

    def close(self) -> None:
        if self._work is not None:
            self._work.close()
        self._work, self._placed = None, None

    def __enter__(self) -> "Staging":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def run_placed(task: dict, generation: str, root: Path, limits: SandboxLimits, setup=None, first_failure: bool = False,
               reuse_build: bool = False, quiet: bool = False, staging: Staging | None = None):
    """Compile a private copy of ``root`` with ``generation`` in place of the task's class and run
    its EXPECTED_TO_PASS tests there: (the compile run, the test run or None when it did not
    compile). The copy is removed afterwards; it is a held folder of this harness
    (``sandbox.HeldFolder``), so when the evaluation is killed during a run, the next harness's
    sweep removes it. ``first_failure``: the runner may stop at the
    first test that does not pass (where it can: the builder's mutant gate only needs one).
    ``quiet``: the runner may leave failure reports out of the run's log (outcomes and messages
    are the same; the builder's gates read no log). ``staging``: the builder's gates' one copy
    (:class:`Staging`) instead of a fresh one."""
    if (size := utf8_size(generation, C.CLASS_ANSWER_MAX_BYTES)) > C.CLASS_ANSWER_MAX_BYTES:  # before any parse, copy or run
        return SuiteRun(SuiteStatus.COMPILE_FAILED, reason=f"{ANSWER_TOO_LARGE}: {size} bytes, over "
                                                           f"CLASS_ANSWER_MAX_BYTES ({C.CLASS_ANSWER_MAX_BYTES})"), None
    refusal = answer_refusal(task, generation)
    if refusal is None:
        refusal = java_charset_refusal(task, generation, root)
    if refusal is not None and refusal != SYNTAX_ERROR:  # never compiled with the library: no run
        return _refused(refusal), None
    runner = runner_for(Lang(task["language"]))
    work = HeldFolder("class-eval-") if staging is None else None
    try:
        placed = place_class(task, generation)
        if work is not None:
            copy = work.path / "repo"
            copy_repository(root, copy)
            # through the host-file boundary: relative, no '..', no link followed, inside the copy
            # (a split's task record is input; a refusal is the generation's HOST_FILE_REFUSED)
            hostfs.replace_file(copy, task["file"], placed)
        else:
            assert staging is not None
            copy = staging.place(task["file"], placed)
        kwargs: dict = {"setup": setup} if setup is not None else {}
        if first_failure and "first_failure" in inspect.signature(runner.run).parameters:
            kwargs["first_failure"] = True
        if reuse_build and "reuse_build" in inspect.signature(runner.run).parameters:
            kwargs["reuse_build"] = True
        if quiet and "quiet" in inspect.signature(runner.run).parameters:
            kwargs["quiet"] = True
        if task.get("value_checks") and "value_checks" in inspect.signature(runner.run).parameters:
            # Python: the checked values the original class's run recorded are judged on the host
            kwargs["value_checks"] = [c for c in task["value_checks"] if c.get("test") in task["expected_to_pass"]]
        if getattr(runner, "compiles_in_run", False):
            # one sandbox run compiles and tests (C#): its build's verdict is the compile run's
            run = runner.run(copy, list(task["expected_to_pass"]), coverage=False, limits=limits, **kwargs)
            failed = _class_file_not_compiled(task, run)
            if failed is None and refusal is not None:
                return _refused(f"{refusal}, and the compiler accepted it"), None
            return (failed, None) if failed is not None else (run, run)
        # the placed file is compiled whatever the source listing keeps of it (red team 9 row 5)
        placed_kw = {"placed": {task["file"]: placed}} if "placed" in inspect.signature(runner.compile_only).parameters else {}
        compiled = runner.compile_only(copy, limits, **placed_kw)
        if compiled.status is not SuiteStatus.OK:
            return compiled, None
        if refusal is not None:
            return _refused(f"{refusal}, and the compiler accepted it"), None
        return compiled, runner.run(copy, list(task["expected_to_pass"]), coverage=False, limits=limits, **kwargs)
    finally:
        if work is not None:
            work.close()  # never raises for what the run made of the copy (left entries are warned)
        elif staging is not None:
            staging.after_run()


def _refused(why: str) -> SuiteRun:
    return SuiteRun(SuiteStatus.COMPILE_FAILED, reason=f"{ANSWER_REFUSED}: {why}")


def _class_file_not_compiled(task: dict, run: SuiteRun) -> SuiteRun | None:
    """The compile failure of a run whose runner compiles what it can and leaves out the rest
    (C#): the build failed, the task's own file was left out of the library (the generated
    class does not compile), or one of the task's EXPECTED_TO_PASS tests was left out (the
    repository's tests do not compile against it). None when the class and its tests compiled."""
    if run.status in (SuiteStatus.COMPILE_FAILED, SuiteStatus.FRAMEWORK_UNAVAILABLE) or run.reason == "compile_timeout":
        return run
    for entry in run.adjustments.get("left_out_library_files", []):
        path, _, symbol = entry.partition(": ")
        if path == task["file"]:
            return SuiteRun(SuiteStatus.COMPILE_FAILED, log=run.log, reason=f"compile_failed: {path}: {symbol}")
    # the tests that run must be the repository's (red team 5, row 5): an EXPECTED_TO_PASS test
    # compiled in the original's build (it passed there), so a build that left it out failed to
    # compile the repository's tests with this class, as Java's strict build says; the ids of
    # whatever did run in their place (an answer's own fixture of the same name) do not count
    expected = set(task.get("expected_to_pass", ()))
    for entry in run.adjustments.get("left_out_tests", []):
        test, _, symbol = entry.partition(": ")
        if test in expected:
            return SuiteRun(SuiteStatus.COMPILE_FAILED, log=run.log,
                            reason=f"compile_failed: the repository's test {test} does not compile: {symbol}")
    return None
