"""Counting what a build skipped or dropped, by stage and reason.

Every file or example that does not make it into the dataset is counted here with a reason
(datatrove-style), and the first few concrete cases per reason are kept as samples so a user
can see *which* file was skipped and why. The report is written next to each shard and summed
into ``stats.json`` and the dataset card.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

MAX_SAMPLES_PER_REASON = 20


@dataclass
class BuildReport:
    counts: Counter = field(default_factory=Counter)  # "stage/reason" -> n
    samples: dict[str, list[str]] = field(default_factory=dict)
    timings: dict[str, float] = field(default_factory=dict)

    def count(self, stage: str, reason: str, where: str | None = None, detail: str | None = None, n: int = 1) -> None:
        key = f"{stage}/{reason}"
        self.counts[key] += n
        if where is not None:
            items = self.samples.setdefault(key, [])
            if len(items) < MAX_SAMPLES_PER_REASON:
                items.append(where if detail is None else f"{where}: {detail[:300]}")

    def add_time(self, name: str, seconds: float) -> None:
        self.timings[name] = self.timings.get(name, 0.0) + seconds

    def merge(self, other: "BuildReport") -> None:
        self.counts.update(other.counts)
        for key, items in other.samples.items():
            mine = self.samples.setdefault(key, [])
            mine.extend(items[: max(0, MAX_SAMPLES_PER_REASON - len(mine))])
        for name, seconds in other.timings.items():
            self.add_time(name, seconds)

    def stage(self, stage: str) -> dict[str, int]:
        prefix = stage + "/"
        return {k[len(prefix):]: v for k, v in sorted(self.counts.items()) if k.startswith(prefix)}

    def to_dict(self) -> dict:
        return {
            "counts": dict(sorted(self.counts.items())),
            "samples": {k: v for k, v in sorted(self.samples.items())},
            "timings": {k: round(v, 3) for k, v in sorted(self.timings.items())},
        }

    @classmethod
    def from_dict(cls, data: dict) -> "BuildReport":
        return cls(Counter(data.get("counts", {})), dict(data.get("samples", {})), dict(data.get("timings", {})))
