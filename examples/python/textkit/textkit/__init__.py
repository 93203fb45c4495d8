"""textkit: small text utilities (case conversion, slugs, statistics, matching, tables)."""

from .case import to_camel_case, to_kebab_case, to_snake_case, to_title_case
from .slug import slugify, unique_slug
from .templates import Template, render_template

__version__ = "0.3.0"

__all__ = [
    "Template",
    "render_template",
    "slugify",
    "to_camel_case",
    "to_kebab_case",
    "to_snake_case",
    "to_title_case",
    "unique_slug",
]
