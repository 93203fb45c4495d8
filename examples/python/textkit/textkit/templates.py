"""Minimal string templates: ``{{ name }}`` placeholders with optional filters."""

from typing import Callable, Dict, List, Mapping

from . import case
from .errors import TemplateError
from .patterns import PLACEHOLDER_RE
from .slug import slugify

FILTERS: Dict[str, Callable[[str], str]] = {
    "upper": str.upper,
    "lower": str.lower,
    "title": case.to_title_case,
    "slug": slugify,
    "snake": case.to_snake_case,
}


class Template:
    """A parsed template; render it with keyword values.

    ``{{ name }}`` inserts a value, ``{{ name | filter }}`` applies one of FILTERS to it.
    In strict mode (the default) a missing value raises TemplateError; otherwise it renders
    as an empty string.
    """

    def __init__(self, source: str, *, strict: bool = True) -> None:
        self.source = source
        self.strict = strict
        self._check_balanced()

    def _check_balanced(self) -> None:
        if self.source.count("{{") != self.source.count("}}"):
            raise TemplateError("unbalanced '{{' and '}}' in template")

    def placeholders(self) -> List[str]:
        """Return the placeholder names of the template in first-use order, without repeats."""
        seen: List[str] = []
        for match in PLACEHOLDER_RE.finditer(self.source):
            if match.group(1) not in seen:
                seen.append(match.group(1))
        return seen

    def render(self, **values: object) -> str:
        """Fill the placeholders with ``values`` and apply their filters.

        Raises TemplateError for an unknown filter, and for a missing value in strict mode.
        """

        def substitute(match) -> str:
            name, filter_name = match.group(1), match.group(2)
            if name not in values:
                if self.strict:
                    raise TemplateError(f"no value for placeholder '{name}'", name)
                return ""
            text = str(values[name])
            if filter_name:
                if filter_name not in FILTERS:
                    raise TemplateError(f"unknown filter '{filter_name}'", name)
                text = FILTERS[filter_name](text)
            return text

        return PLACEHOLDER_RE.sub(substitute, self.source)


def render_template(source: str, values: Mapping[str, object], *, strict: bool = True) -> str:
    """Parse ``source`` as a Template and render it with the ``values`` mapping in one call."""
    template = Template(source, strict=strict)
    return template.render(**values)
