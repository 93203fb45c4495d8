"""License detection on whole license texts, as repositories ship them (issue 16.5: a
three-clause BSD license in a comment-prefixed, re-wrapped layout was called two-clause)."""

import pytest

from crossfile_datasets.builders.repos import classify_license

_BSD_HEAD = """Copyright (c) 2019, Example Authors
All rights reserved.

Redistribution and use in source and binary forms, with or without
modification, are permitted provided that the following conditions are met:

1. Redistributions of source code must retain the above copyright notice, this
   list of conditions and the following disclaimer.

2. Redistributions in binary form must reproduce the above copyright notice,
   this list of conditions and the following disclaimer in the documentation
   and/or other materials provided with the distribution.
"""
_ENDORSE = """
3. Neither the name of the copyright holder nor the names of its
   contributors may be used to endorse or promote products derived from
   this software without specific prior written permission.
"""
_AUTHOR_ENDORSE = """
3. The name of the author may not be used to endorse or promote products
   derived from this software without specific prior written permission.
"""
_ADVERTISING = """
3. All advertising materials mentioning features or use of this software
   must display the following acknowledgement: This product includes
   software developed by the Example Authors.
"""
_DISCLAIMER = """
THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS"
AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE
IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE
DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE.
"""


def _comment_block(text: str, prefix: str = " * ") -> str:
    """The same text as a C-style comment block, wrapped at another width."""
    words = text.split()
    lines, line = [], []
    for word in words:
        line.append(word)
        if len(" ".join(line)) > 50:
            lines.append(prefix + " ".join(line))
            line = []
    lines.append(prefix + " ".join(line))
    return "/*\n" + "\n".join(lines) + "\n */\n"


@pytest.mark.parametrize("text, spdx", [
    (_BSD_HEAD + _DISCLAIMER, "BSD-2-Clause"),
    (_BSD_HEAD + _ENDORSE + _DISCLAIMER, "BSD-3-Clause"),
    (_BSD_HEAD + _AUTHOR_ENDORSE + _DISCLAIMER, "BSD-3-Clause"),
    (_comment_block(_BSD_HEAD + _ENDORSE + _DISCLAIMER), "BSD-3-Clause"),
    (_comment_block(_BSD_HEAD + _ENDORSE + _DISCLAIMER, prefix="# "), "BSD-3-Clause"),
    (_comment_block(_BSD_HEAD + _DISCLAIMER), "BSD-2-Clause"),
    (_BSD_HEAD + _ADVERTISING + _ENDORSE.replace("3.", "4.") + _DISCLAIMER, "BSD-4-Clause"),
])
def test_bsd_variants_by_their_clauses(text, spdx):
    assert classify_license(text) == spdx
