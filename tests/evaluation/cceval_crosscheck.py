"""Run CrossCodeEval's own metric script on one of our splits (a cross-check, run by hand).

CrossCodeEval (github.com/amazon-science/cceval) scores with ``scripts/eval_metric.py``'s
``compute_metric_stmt``. Its code is NOT part of this repository: check it out, install its
light dependencies, and point this script at it::

    git clone https://github.com/amazon-science/cceval && git -C cceval checkout 25f9cab757f5
    python -m venv --system-site-packages /tmp/ccvenv
    /tmp/ccvenv/bin/pip install fuzzywuzzy nltk sacrebleu timeout-decorator
    /tmp/ccvenv/bin/python tests/evaluation/cceval_crosscheck.py cceval SPLIT.jsonl PREDICTIONS.jsonl LANG OUT_DIR

Two adapters, no change to their code: ``torch`` is imported only for
``torch.multiprocessing.Pool`` (the standard library's Pool is given under that name, so the
multi-GB package is not needed), and the script was written for tree-sitter < 0.22
(``Language(library_path, name)``, ``Parser.set_language``), which current tree-sitter
no longer has; the same grammars come from the official wheels. Writes CrossCodeEval's
``results.json`` and ``detailed_results.json`` (one line per example) into ``OUT_DIR``.
"""

from __future__ import annotations

import argparse
import multiprocessing
import shutil
import sys
import types
from pathlib import Path


def _install_adapters() -> None:
    torch = types.ModuleType("torch")
    torch.multiprocessing = multiprocessing
    torch.Tensor = type("Tensor", (), {})  # libraries that probe sys.modules["torch"] see a type, never an instance
    sys.modules.setdefault("torch", torch)
    sys.modules.setdefault("torch.multiprocessing", multiprocessing)

    import tree_sitter

    from crossfile_datasets.lang import get_language

    # the registry's grammars (the official wheels), made before the old API replaces the new one
    grammars = {name: get_language(lang).ts_language() for name, lang in
                (("python", "python"), ("java", "java"), ("typescript", "typescript"), ("c_sharp", "csharp"))}
    real_parser = tree_sitter.Parser

    def old_language(_library: str, name: str):
        return grammars[name]

    class OldParser:
        def __init__(self) -> None:
            self._parser = real_parser()

        def set_language(self, language) -> None:
            self._parser.language = language

        def parse(self, source):
            return self._parser.parse(source)

    tree_sitter.Language = old_language
    tree_sitter.Parser = OldParser


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("cceval", type=Path, help="CrossCodeEval checkout")
    ap.add_argument("split", type=Path)
    ap.add_argument("predictions", type=Path)
    ap.add_argument("language", choices=["python", "java", "typescript", "csharp"])
    ap.add_argument("out", type=Path)
    args = ap.parse_args()
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the project (for the grammars)
    sys.path.insert(0, str(args.cceval / "scripts"))
    _install_adapters()
    import eval_metric  # CrossCodeEval's

    multiprocessing.cpu_count = lambda: 2  # their Pool(cpu_count() - 1): one worker
    args.out.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(args.predictions, args.out / "prediction.jsonl")
    eval_metric.compute_metric_stmt(argparse.Namespace(output_dir=str(args.out), prompt_file=str(args.split),
                                                       language=args.language, ts_lib="(wheel)"))


if __name__ == "__main__":
    main()
