"""Exceptions raised by textkit."""


class TextkitError(Exception):
    """Base class of every error raised by textkit."""


class InvalidInputError(TextkitError, TypeError):
    """Raised when a function receives something that is not a string."""

    def __init__(self, value: object) -> None:
        self.value = value
        super().__init__(f"expected str, received {type(value).__name__}")


class TemplateError(TextkitError, ValueError):
    """Raised when a template is malformed or a placeholder has no value."""

    def __init__(self, message: str, placeholder: str = "") -> None:
        self.placeholder = placeholder
        super().__init__(message)
