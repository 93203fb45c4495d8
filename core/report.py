"""Counting what a build skipped or dropped, by stage and reason.

Every file or example that does not make it into the dataset is counted here with a reason
(datatrove-style), and the first few concrete cases per reason are kept as samples so a user
can see *which* file was skipped and why. The report is written next to each shard and summed
into ``stats.json`` and the dataset card.

What a key means is declared once in ``core/reasons.py``: work counters (``Kind.METRIC``) are
kept in :attr:`BuildReport.metrics`, apart from the reasons in :attr:`BuildReport.counts`, so a
reader never mistakes "javac_compilations" for a loss. An undeclared key is still counted (as a
reason) and listed in ``unregistered``; with ``CROSSFILE_STRICT_REASONS=1`` (the test suite) it
raises instead, so a new reason cannot ship without its declaration.
"""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass, field

from crossfile_datasets.core.reasons import Kind, lookup

MAX_SAMPLES_PER_REASON = 20
# stages whose every place is kept (not only a sample): the in_file split proves a line free of
# cross-file uses only when it knows every line a stub run reported something new on, and it
# names a file the checker did not check whole (a ``files/`` loss) apart from a file without uses
ALL_PLACES_STAGES = frozenset({"usages", "files"})


class UnregisteredReason(KeyError):
    """A key counted without a declaration in core/reasons.py (raised in strict mode only)."""


def _strict() -> bool:
    return os.environ.get("CROSSFILE_STRICT_REASONS", "") not in ("", "0")


@dataclass
class BuildReport:
    counts: Counter = field(default_factory=Counter)  # "stage/reason" -> n (losses, rules, notes)
    samples: dict[str, list[str]] = field(default_factory=dict)
    timings: dict[str, float] = field(default_factory=dict)
    metrics: Counter = field(default_factory=Counter)  # "stage/name" -> n (work counters)
    unregistered: set[str] = field(default_factory=set)  # keys counted without a declaration
    # every place of the keys of ALL_PLACES_STAGES (one repository's evidence; never in stats.json)
    places: dict[str, list[str]] = field(default_factory=dict)

    def count(self, stage: str, reason: str, where: str | None = None, detail: str | None = None, n: int = 1) -> None:
        key = f"{stage}/{reason}"
        declared = lookup(key)
        if declared is None:
            if _strict():
                raise UnregisteredReason(f"{key} is not declared in core/reasons.py")
            self.unregistered.add(key)
        (self.metrics if declared is not None and declared.kind is Kind.METRIC else self.counts)[key] += n
        if where is not None:
            if stage in ALL_PLACES_STAGES:
                self.places.setdefault(key, []).extend([where] * n)
            items = self.samples.setdefault(key, [])
            if len(items) < MAX_SAMPLES_PER_REASON:
                items.append(where if detail is None else f"{where}: {detail[:300]}")

    def places_of(self, key: str) -> list[str]:
        """Every place counted under ``key`` (ALL_PLACES_STAGES), else its samples (a report
        written before places were kept, or a stage that keeps samples only)."""
        return self.places.get(key) or self.samples.get(key, [])

    def add_time(self, name: str, seconds: float) -> None:
        self.timings[name] = self.timings.get(name, 0.0) + seconds

    def merge(self, other: "BuildReport") -> None:
        self.counts.update(other.counts)
        self.metrics.update(other.metrics)
        self.unregistered |= other.unregistered
        for key, items in other.places.items():
            self.places.setdefault(key, []).extend(items)
        for key, items in other.samples.items():
            mine = self.samples.setdefault(key, [])
            mine.extend(items[: max(0, MAX_SAMPLES_PER_REASON - len(mine))])
        for name, seconds in other.timings.items():
            self.add_time(name, seconds)

    def stage(self, stage: str) -> dict[str, int]:
        """Reasons and metrics of one stage, by name (a stage holds one or the other, or both
        for ``checker``: its notes and its work counters)."""
        prefix = stage + "/"
        both = Counter({k: v for k, v in self.counts.items() if k.startswith(prefix)})
        both.update({k: v for k, v in self.metrics.items() if k.startswith(prefix)})
        return {k[len(prefix):]: v for k, v in sorted(both.items())}

    def reasons_by_kind(self) -> dict[str, dict[str, int]]:
        """Reason counts grouped by kind (loss, rule, note; "unregistered" for undeclared keys)."""
        out: dict[str, dict[str, int]] = {}
        for key, n in sorted(self.counts.items()):
            declared = lookup(key)
            out.setdefault(declared.kind.value if declared else "unregistered", {})[key] = n
        return out

    def to_dict(self, places: bool = False) -> dict:
        """The report as JSON data; ``places`` (the full place lists) only when asked: they are
        one repository's evidence (the checker cache replays them), not a summary."""
        out: dict[str, object] = {
            "counts": dict(sorted(self.counts.items())),
            "metrics": dict(sorted(self.metrics.items())),
            "samples": {k: v for k, v in sorted(self.samples.items())},
            "timings": {k: round(v, 3) for k, v in sorted(self.timings.items())},
        }
        if self.unregistered:
            out["unregistered"] = sorted(self.unregistered)
        if places and self.places:
            out["places"] = {k: list(v) for k, v in sorted(self.places.items())}
        return out

    @classmethod
    def from_dict(cls, data: dict) -> "BuildReport":
        report = cls(Counter(), dict(data.get("samples", {})), dict(data.get("timings", {})),
                     Counter(data.get("metrics", {})), set(data.get("unregistered", ())),
                     {k: list(v) for k, v in data.get("places", {}).items()})
        for key, n in data.get("counts", {}).items():
            # reports written before metrics were kept apart hold both in "counts"
            reason = lookup(key)
            (report.metrics if (reason is not None and reason.kind is Kind.METRIC) else report.counts)[key] += n
        return report
