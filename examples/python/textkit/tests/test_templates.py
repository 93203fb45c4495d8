import pytest

from textkit.errors import TemplateError
from textkit.templates import Template, render_template


def test_placeholders_in_order():
    template = Template("{{ greeting }}, {{name|title}}! {{ greeting }}")
    assert template.placeholders() == ["greeting", "name"]


def test_render_with_filters():
    template = Template("{{ title | slug }} by {{ author | upper }}")
    assert template.render(title="Hello World", author="ann") == "hello-world by ANN"


def test_render_missing_value():
    with pytest.raises(TemplateError):
        Template("{{ a }}").render()
    assert Template("[{{ a }}]", strict=False).render() == "[]"


def test_render_template_function():
    assert render_template("{{ x | snake }}", {"x": "Some Value"}) == "some_value"
    with pytest.raises(TemplateError):
        render_template("{{ x | nope }}", {"x": "v"})
