"""Row 6: a TypeScript repository whose ``tsconfig.json`` ``extends`` a base in a dot-folder
(``./.config/base.json``; a package's base under ``node_modules`` alike), the base's ``paths``
deciding which file ``@lib/pricing`` is. The completion shard's key (``pipeline.shard_content`` ->
``builders/cache.py`` ``tree_hash``) and the usage cache's key hash "every file that can influence
checking", but leave out dot-folders and vendored folders, and ``lang/typescript/tsconfig.py``
``load_config`` reads an ``extends`` target there all the same (``_extends_target``,
``read_inside``). Edit the base (``@lib/*`` -> ``src/alt/*``) and rebuild into the same output:
the key is unchanged, the old shard is reused (``skipped_done``) and the dataset keeps usages whose
``definition_file`` the repository no longer resolves to; a fresh build gives the new ones. The
same edit made in ``tsconfig.json`` itself rebuilds the shard (the control)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.hostile.redteam22._tools import require_typescript

PRICING = ("export class Pricing {\n  rate(amount: number): number {\n    return amount * {k};\n  }\n"
           "  fee(amount: number): number {\n    return amount + {k};\n  }\n}\n")
APP = ("import { Pricing } from '@lib/pricing';\n\nexport function total(amounts: number[]): number {\n"
       "  const pricing = new Pricing();\n  let sum = 0;\n  for (const amount of amounts) {\n"
       "    sum += pricing.rate(amount);\n    sum += pricing.fee(amount);\n  }\n  return sum;\n}\n\n"
       "export function single(amount: number): number {\n  const pricing = new Pricing();\n"
       "  return pricing.rate(amount) + pricing.fee(amount);\n}\n")


def _config(repo: Path, target: str, in_dot_folder: bool) -> None:
    """``@lib/*`` -> ``src/<target>/*``, in ``.config/base.json`` (extended) or in ``tsconfig.json``."""
    if in_dot_folder:
        (repo / ".config").mkdir(exist_ok=True)
        (repo / ".config" / "base.json").write_text(json.dumps(
            {"compilerOptions": {"baseUrl": "..", "paths": {"@lib/*": [f"src/{target}/*"]}}}))
        (repo / "tsconfig.json").write_text(json.dumps({"extends": "./.config/base.json", "include": ["src"]}))
    else:
        (repo / "tsconfig.json").write_text(json.dumps(
            {"compilerOptions": {"baseUrl": ".", "paths": {"@lib/*": [f"src/{target}/*"]}}, "include": ["src"]}))


def _repository(repo: Path, in_dot_folder: bool) -> Path:
    for target, k in (("lib", 2), ("alt", 3)):
        (repo / "src" / target).mkdir(parents=True)
        (repo / "src" / target / "pricing.ts").write_text(PRICING.replace("{k}", str(k)))
    (repo / "src" / "app.ts").write_text(APP)
    _config(repo, "lib", in_dot_folder)
    return repo


def _definitions(repo: Path, out: Path) -> set[str]:
    res = subprocess.run([sys.executable, "-m", "crossfile_datasets.builders.cli", "--lang", "typescript",
                          "--repos", str(repo), "-o", str(out), "--no-cache", "--retrievers", ""],
                         cwd=ROOT, capture_output=True, text=True, timeout=900)
    if res.returncode != 0:
        pytest.fail(f"precondition: the build succeeds: {res.stdout[-600:]} {res.stderr[-600:]}")
    return {json.loads(line)["definition_file"] for line in (out / "typescript" / "usages.jsonl").read_text().splitlines()}


def _edit_and_rebuild(tmp_path: Path, in_dot_folder: bool) -> tuple[set[str], set[str]]:
    repo, out = _repository(tmp_path / "shop", in_dot_folder), tmp_path / "out"
    first = _definitions(repo, out)
    _config(repo, "alt", in_dot_folder)
    return first, _definitions(repo, out)


@pytest.mark.slow
@pytest.mark.xfail(strict=True, raises=AssertionError,
                   reason="red team 2026-11-30b row 6: builders/cache.py tree_hash (the shard and usage-cache key) "
                          "leaves out dot-folders and node_modules, which tsconfig extends reads")
def test_a_tsconfig_base_outside_the_hashed_files_cannot_keep_a_stale_shard(tmp_path):
    require_typescript()
    first, again = _edit_and_rebuild(tmp_path / "control", in_dot_folder=False)
    if first != {"src/lib/pricing.ts"} or again != {"src/alt/pricing.ts"}:
        pytest.fail(f"precondition: the edit in tsconfig.json rebuilds the shard: {first} then {again}")
    first, again = _edit_and_rebuild(tmp_path / "attack", in_dot_folder=True)
    print(first, again)
    if first != {"src/lib/pricing.ts"}:
        pytest.fail(f"precondition: the extended base decides the definitions: {first}")
    assert again == {"src/alt/pricing.ts"}, f"the rebuild kept the old shard: definitions {again}"
