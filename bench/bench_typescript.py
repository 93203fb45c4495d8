"""Benchmark: one `tsc` process per stubbed file vs. the persistent in-memory TypeScript checker.

Generates a TypeScript repository (models, services, views: >= 60 files, every service and
view importing project classes) into a temporary directory, builds the checks the cross-file
workflow needs (each importing file unmodified, with its imports removed, with dummy classes),
and runs them

- through ``analyzers.tsc.TscServer`` (one Node process, a language service, substituted texts
  in memory): all checks;
- through one ``tsc -p`` process per check (the stubbed text written to a copy of the
  repository): a sample of ``--sample`` checks (all of them with ``--full``), extrapolated.

Prints both times, the speed-up and whether the two give identical diagnostics on the sampled
checks; finally times the whole ``TypeScriptSupport.find_usages`` on the repository.

    python bench/bench_typescript.py [--models 22] [--sample 8] [--full]
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from crossfile_datasets.analyzers.tsc import TscServer, run_tsc_project  # noqa: E402
from crossfile_datasets.core.report import BuildReport  # noqa: E402
from crossfile_datasets.core.records import Repository
from crossfile_datasets.lang.sources import list_sources  # noqa: E402
from crossfile_datasets.lang import Lang, get_language  # noqa: E402
from crossfile_datasets.lang.typescript.tsconfig import checker_options, load_config  # noqa: E402

FIELDS = ("amount", "count", "weight", "score", "level", "rank")


def model_source(i: int) -> str:
    a, b = FIELDS[i % len(FIELDS)], FIELDS[(i + 1) % len(FIELDS)]
    return f"""/** Model {i}: generated for the benchmark. */

export interface Model{i}Input {{
  id: string;
  {a}: number;
  {b}: number;
}}

export class Model{i} {{
  private history: number[] = [];

  constructor(readonly id: string, private {a}: number, private {b}: number) {{}}

  static from(input: Model{i}Input): Model{i} {{
    return new Model{i}(input.id, input.{a}, input.{b});
  }}

  total(): number {{
    return this.{a} + this.{b};
  }}

  bump{i}(delta: number): number {{
    this.history.push(delta);
    this.{a} += delta;
    return this.{a};
  }}

  describe(): string {{
    return `model{i}:${{this.id}}:${{this.total()}}`;
  }}
}}

export function sum{i}(items: Model{i}[]): number {{
  return items.reduce((acc, m) => acc + m.total(), 0);
}}
"""


def service_source(i: int, models: int) -> str:
    deps = sorted({i % models, (i + 3) % models, (i + 7) % models})
    imports = "\n".join(f'import {{ Model{d}, sum{d} }} from "../models/model{d}";' for d in deps)
    body = "\n".join(
        f"""  handle{d}(raw: Array<{{ id: string; value: number }}>): number {{
    const items = raw.map((r) => Model{d}.from({{ id: r.id, {FIELDS[d % len(FIELDS)]}: r.value, {FIELDS[(d + 1) % len(FIELDS)]}: 1 }}));
    for (const item of items) {{
      item.bump{d}(1);
      this.log.push(item.describe());
    }}
    return sum{d}(items);
  }}
"""
        for d in deps
    )
    return f"""{imports}

/** Service {i}: generated for the benchmark. */
export class Service{i} {{
  readonly log: string[] = [];

{body}}}
"""


def view_source(i: int, services: int, models: int) -> str:
    s = i % services
    m = (i * 5) % models
    return f"""import {{ Service{s} }} from "../services/service{s}";
import {{ Model{m} }} from "../models/model{m}";

/** View {i}: generated for the benchmark. */
export function render{i}(service: Service{s}, model: Model{m}): string {{
  const lines = service.log.slice(-5);
  lines.push(model.describe());
  return lines.join("\\n") + String(model.total());
}}
"""


def generate(root: Path, models: int) -> int:
    services = models
    views = models
    files = {"tsconfig.json": json.dumps({"compilerOptions": {"strict": True, "target": "es2022", "lib": ["es2022"]}, "include": ["src"]})}
    for i in range(models):
        files[f"src/models/model{i}.ts"] = model_source(i)
    for i in range(services):
        files[f"src/services/service{i}.ts"] = service_source(i, models)
    for i in range(views):
        files[f"src/views/view{i}.ts"] = view_source(i, services, models)
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return sum(1 for rel in files if rel.endswith(".ts"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--models", type=int, default=22, help="models (as many services and views are generated)")
    parser.add_argument("--sample", type=int, default=8, help="checks run as one tsc process each (extrapolated)")
    parser.add_argument("--full", action="store_true", help="run every check as its own tsc process")
    args = parser.parse_args()

    language = get_language(Lang.TYPESCRIPT)
    language.check_tools()
    tmp = Path(tempfile.mkdtemp(prefix="bench-ts-"))
    try:
        repo_root = tmp / "repo"
        n_files = generate(repo_root, args.models)
        repo = Repository("bench", repo_root, str(repo_root), "", "MIT")
        report = BuildReport()
        sources, _ = list_sources(repo, language, report)
        facts = language.analyze_files(str(repo_root), sources)
        jobs: list[tuple[str, str]] = []
        for path, ff in sorted(facts.items()):
            if not language.stubbable(ff):
                continue
            jobs.append((path, ff.file.text))
            for mode in language.modes:
                jobs.append((path, language.stub_variant(ff, mode).text))
        print(f"repository: {n_files} files, {len(jobs)} checks (unmodified + remove + dummy_class per importing file)")

        cfg = load_config(repo_root, "tsconfig.json", [])
        options = checker_options(cfg, repo_root)

        # --- persistent server: every check
        started = time.monotonic()
        server_diags: list[list[tuple]] = []
        first = 0.0
        with TscServer() as server:
            server.add_project("bench", str(repo_root), [str(repo_root / p) for p in facts], options)
            first_started = time.monotonic()
            for path, text in jobs:
                server_diags.append([d.key() for d in server.check("bench", path, text)])
                if len(server_diags) == 1:
                    first = time.monotonic() - first_started
        server_total = time.monotonic() - started
        per_server = (server_total - first) / max(1, len(jobs) - 1)
        print(f"persistent server : {server_total:7.2f} s for {len(jobs)} checks "
              f"(start-up + first check {first:.2f} s, then {per_server * 1000:.1f} ms per check)")

        # --- one tsc process per check: a sample (or all)
        picks = list(range(len(jobs))) if args.full else [round(k * (len(jobs) - 1) / max(1, args.sample - 1)) for k in range(min(args.sample, len(jobs)))]
        copy_root = tmp / "oneshot"
        shutil.copytree(repo_root, copy_root)
        one_shot_times = []
        agree = 0
        for k in picks:
            path, text = jobs[k]
            target = copy_root / path
            original = target.read_text(encoding="utf-8")
            target.write_text(text, encoding="utf-8")
            (copy_root / "tsconfig.check.json").write_text(json.dumps({"compilerOptions": checker_options(cfg, copy_root), "files": [path]}))
            t0 = time.monotonic()
            diags = run_tsc_project("tsconfig.check.json", cwd=str(copy_root))
            one_shot_times.append(time.monotonic() - t0)
            target.write_text(original, encoding="utf-8")
            agree += [d.key() for d in diags if d.file == path] == server_diags[k]
        per_one_shot = statistics.mean(one_shot_times)
        one_shot_total = per_one_shot * len(jobs)
        label = "measured" if args.full else f"extrapolated from {len(picks)} runs"
        print(f"one tsc per check : {one_shot_total:7.2f} s for {len(jobs)} checks ({label}; {per_one_shot:.2f} s per process)")
        print(f"speed-up          : {one_shot_total / server_total:7.1f}x overall, {per_one_shot / per_server:.0f}x per check after start-up")
        print(f"same diagnostics  : {agree}/{len(picks)} sampled checks")

        # --- the whole workflow (rounds included), as the builder runs it
        t0 = time.monotonic()
        usages = language.find_usages(repo, facts, report)
        print(f"find_usages       : {time.monotonic() - t0:7.2f} s, {len(usages)} usages, "
              f"{report.metrics['checker/tsc_checks']} checks (rounds included)")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
