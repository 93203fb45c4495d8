"""The class descriptions a model gets: offline skeletons, and LLM-written ones on request.

Why it exists: RepoClassBench gives a model a natural-language description of the class to
write, ``detailed`` (what every method does) or ``sketchy`` (no method bodies described). The
paper writes them with an LLM; so does this module when ``--llm-url`` names an
OpenAI-compatible endpoint (through ``harness/models.py``'s client, cached and retried).
Without a model the split must still be usable, so two deterministic renderings of the task
metadata are always written:

- ``detailed_skeleton``: the class signature, decorators, parents, docstring, member variables
  with their declarations and initializers, every method's decorators, signature and docstring,
  and the repository definitions each method uses (the external references' names and files:
  what the paper's detailed description says a method relies on);
- ``sketchy_skeleton``: the class as RepoClassBench's sketchy description sees it, the class
  with its method bodies left out: signature, decorators, parents, docstring, member variable
  names, every method's decorators (``@property``, ``@x.setter``: they are the interface),
  signature and docstring -- no initializer, no body, no reference.

The layout is language-neutral text (code fragments are quoted as written), so Java and C#
records render with the same function.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from typing import Sequence

from crossfile_datasets.lang.classes import ClassInfo

INDENT = "    "


def _doc(text: str, indent: str) -> list[str]:
    if not text:
        return []
    lines = text.strip("\n").splitlines()
    body = lines[0].strip() + ("\n" + textwrap.dedent("\n".join(lines[1:])) if len(lines) > 1 else "")
    return [indent + line if line.strip() else "" for line in body.splitlines()]


def _header(info: ClassInfo) -> list[str]:
    out = [f"Class `{info.name}` ({info.language}, file {info.file})", f"Signature: {info.signature.strip()}"]
    if info.decorators:
        out.append("Decorators: " + " ".join(d.strip() for d in info.decorators))
    if info.bases:
        out.append("Parent classes: " + ", ".join(info.bases))
    if info.docstring:
        out.append("Documentation:")
        out.extend(_doc(info.docstring, INDENT))
    return out


def _methods(info: ClassInfo, uses: dict[str, list[str]] | None = None) -> list[str]:
    if not info.methods:
        return []
    out = ["Methods:"]
    for m in info.methods:
        for d in m.decorators:
            out.append(f"{INDENT}{d.strip()}")
        out.append(f"{INDENT}{' '.join(m.signature.split())}")
        out.extend(_doc(m.docstring, INDENT * 2))
        if uses and uses.get(m.name):
            out.append(f"{INDENT * 2}Uses: " + ", ".join(uses[m.name]))
    return out


def detailed_skeleton(info: ClassInfo, references: Sequence = ()) -> str:
    """``references``: the class's external references (``candidates.ExternalReference``: name,
    file, used_in); each method lists those it uses."""
    out = _header(info)
    if info.member_variables:
        out.append("Member variables:")
        for v in info.member_variables:
            out.append(f"{INDENT}- {v.name}: {' '.join(v.declaration.split())}" + (" (static)" if v.is_static else ""))
    uses: dict[str, list[str]] = {}
    for r in references:
        for method in r.used_in or (r.method,):
            uses.setdefault(method, []).append(f"`{r.name}` ({r.file})")
    out.extend(_methods(info, uses))
    return "\n".join(out) + "\n"


def sketchy_skeleton(info: ClassInfo) -> str:
    out = _header(info)
    if info.member_variables:
        out.append("Member variables: " + ", ".join(v.name + (" (static)" if v.is_static else "")
                                                    for v in info.member_variables))
    out.extend(_methods(info))
    return "\n".join(out) + "\n"


def class_without_bodies(info: ClassInfo) -> str:
    """The class source with every method body left out (what the sketchy description sees)."""
    text = info.source
    base = info.start_line
    lines = text.splitlines()
    drop: set[int] = set()
    for m in info.methods:
        if not m.body:
            continue
        first = m.end_line - m.body.rstrip("\n").count("\n")
        if first > m.start_line:
            drop.update(range(first - base, m.end_line - base + 1))
    return "\n".join(l for i, l in enumerate(lines) if i not in drop) + "\n"


# ------------------------------------------------------------------------------ LLM --
DETAILED_PROMPT = (
    "Below is a {language} class from the file {file} of a software repository. Write a natural-language "
    "description of it detailed enough for a programmer to re-implement it without seeing the code: its purpose, "
    "its parent classes, its member variables and, for every method, its signature, what it does step by step and "
    "which other parts of the repository it relies on. Do not include code blocks.\n\n{code}"
)
SKETCHY_PROMPT = (
    "Below is the outline of a {language} class from the file {file} of a software repository (method bodies left "
    "out). Write a short natural-language description of it: its purpose and, for every method, its signature and "
    "what it is for, without implementation details. Do not include code blocks.\n\n{code}"
)


@dataclass(frozen=True)
class DescriptionSettings:
    url: str
    model: str | None = None
    max_new_tokens: int = 1024

    def fingerprint(self) -> list:
        return [self.url, self.model, self.max_new_tokens]


def llm_descriptions(infos: Sequence[ClassInfo], settings: DescriptionSettings) -> list[tuple[str, str]]:
    """(detailed, sketchy) per class from the endpoint (greedy, cached). Raises ModelError."""
    from crossfile_datasets.harness.models import GenerationParams, make_client

    client = make_client(model=settings.model, url=settings.url)
    params = GenerationParams(max_new_tokens=settings.max_new_tokens, temperature=0.0)
    detailed = [[{"role": "user", "content": DETAILED_PROMPT.format(language=i.language, file=i.file, code=i.source)}]
                for i in infos]
    sketchy = [[{"role": "user", "content": SKETCHY_PROMPT.format(language=i.language, file=i.file,
                                                                 code=class_without_bodies(i))}] for i in infos]
    d = client.chat(detailed, params) if infos else []
    s = client.chat(sketchy, params) if infos else []
    return [(a[0].strip(), b[0].strip()) for a, b in zip(d, s)]
