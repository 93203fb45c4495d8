"""A tiny synchronous event bus so services stay decoupled."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime
from typing import Callable, Dict, List


@dataclass
class Event:
    name: str
    payload: dict = field(default_factory=dict)
    at: datetime = field(default_factory=datetime.now)

    def describe(self) -> str:
        keys = ", ".join(sorted(self.payload))
        return f"{self.name}[{keys}]"


Handler = Callable[[Event], None]


class EventBus:
    def __init__(self) -> None:
        self._handlers: Dict[str, List[Handler]] = defaultdict(list)
        self.history: List[Event] = []

    def subscribe(self, name: str, handler: Handler) -> None:
        self._handlers[name].append(handler)

    def publish(self, name: str, **payload) -> Event:
        event = Event(name, payload)
        self.history.append(event)
        for handler in list(self._handlers.get(name, [])):
            handler(event)
        return event

    def count(self, name: str) -> int:
        return sum(1 for event in self.history if event.name == name)
