"""Generate a synthetic multi-package Python repository for benchmarks."""

from __future__ import annotations

import random
from pathlib import Path


def generate_python_repo(root: Path, n_files: int = 60, packages: int = 6, seed: int = 0) -> Path:
    rng = random.Random(seed)
    per_pkg = max(1, n_files // packages)
    modules = []
    for p in range(packages):
        pkg = root / "proj" / f"pkg{p}"
        pkg.mkdir(parents=True, exist_ok=True)
        (pkg / "__init__.py").write_text("")
        for m in range(per_pkg):
            modules.append((p, m))
    (root / "proj" / "__init__.py").write_text("")
    for p, m in modules:
        deps = rng.sample([x for x in modules if x != (p, m)], k=3)
        lines = ['"""Generated module."""', ""]
        for dp, dm in deps:
            lines.append(f"from proj.pkg{dp}.mod{dm} import Service{dp}_{dm}, helper{dp}_{dm}")
        lines += ["", "", f"class Service{p}_{m}:", f'    """Service {p}.{m}."""', "",
                  "    def __init__(self, size=3):", "        self.size = size", "        self.items = []", ""]
        for k in range(4):
            lines += [f"    def op{k}(self, value):", f"        self.items.append(value * {k + 1})", "        return len(self.items)", ""]
        lines += ["", f"def helper{p}_{m}(x):", "    return x + 1", "", "", "def run(n):"]
        lines += [f"    step{i} = n * {i}" for i in range(10)]
        for dp, dm in deps:
            lines += [f"    svc{dp}{dm} = Service{dp}_{dm}(n)", f"    svc{dp}{dm}.op{rng.randrange(4)}(step3)", f"    total{dp}{dm} = helper{dp}_{dm}(step2)"]
        lines += ["    return n", ""]
        (root / "proj" / f"pkg{p}" / f"mod{m}.py").write_text("\n".join(lines))
    return root
