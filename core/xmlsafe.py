"""XML the host parses from files a repository or a sandboxed run wrote: no document type
declaration.

Why it exists: a cap on the bytes of an XML file is not a cap on the memory its parse takes.
XML may declare internal entities in a ``<!DOCTYPE ...>`` and expat expands every reference to
them: since expat 2.4 a document may grow to 100 times the bytes parsed so far before its
"billion laughs" guard stops it. A C# test that replaced mono's coverage file with a 2 MB
document (the entity written once, referenced 90 times) grew the builder by 245 MB; a file at
the 64 MB read cap is about 11.5 GB, per parse (red team 2026-11-29f row 1). The files the host
parses (mono's coverage data, ``pom.xml``, ``.csproj`` / ``.props`` / ``.targets``) need no
document type, so any declaration is refused before the parse starts: :func:`refuse_doctype`
reads the prolog with expat (the parser ``ElementTree`` uses, so both read the same document)
and stops at the first element, where a declaration can no longer appear.

A refusal is :class:`XmlDoctypeRefused`, an ``ElementTree.ParseError`` (callers that already
treat unreadable XML keep working), counted by the caller as :data:`XML_DOCTYPE_KEY`
(``host_files/xml_doctype``) or under their own "unreadable build file" reason: never fatal to a
build. Standard library only (the sandbox package imports it).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from xml.parsers import expat

__all__ = ["XML_DOCTYPE_KEY", "XML_DOCTYPE_REASON", "XmlDoctypeRefused", "expat_parser", "fromstring", "refuse_doctype"]

XML_DOCTYPE_REASON = "xml_doctype"  # a reason of the host_files stage (core/reasons.py)
XML_DOCTYPE_KEY = f"host_files/{XML_DOCTYPE_REASON}"
_CHUNK = 1 << 16


class XmlDoctypeRefused(ET.ParseError):
    """The document declares a document type (and with it, possibly, entities): refused unparsed."""

    def __init__(self) -> None:
        super().__init__("a document type declaration (<!DOCTYPE>, entities): refused")
        self.code, self.position = 0, (0, 0)


class _Prolog(Exception):
    """The first element started: the prolog holds no declaration."""


def _doctype(*_args) -> None:
    raise XmlDoctypeRefused()


def _first_element(*_args) -> None:
    raise _Prolog()


def expat_parser() -> "expat.XMLParserType":
    """A new expat parser (no namespace processing) that raises :class:`XmlDoctypeRefused` at a
    document type or entity declaration, before anything of it is read."""
    parser = expat.ParserCreate()
    parser.StartDoctypeDeclHandler = _doctype
    parser.EntityDeclHandler = _doctype
    parser.UnparsedEntityDeclHandler = _doctype
    return parser


def refuse_doctype(data: str | bytes) -> None:
    """Raise :class:`XmlDoctypeRefused` when ``data`` declares a document type; return at its
    first element (or at a syntax error: the real parse then reports it). Reads the prolog
    only, in chunks: no copy of a large document is made."""
    parser = expat_parser()
    parser.StartElementHandler = _first_element
    try:
        for start in range(0, len(data), _CHUNK):
            parser.Parse(data[start:start + _CHUNK], False)
        parser.Parse(data[:0], True)
    except (_Prolog, expat.ExpatError):
        return


def fromstring(data: str | bytes) -> ET.Element:
    """``ElementTree.fromstring`` of a document without a document type declaration
    (:class:`XmlDoctypeRefused`, an ``ET.ParseError``, otherwise)."""
    refuse_doctype(data)
    return ET.fromstring(data)
