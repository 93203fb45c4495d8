import pytest

from textkit.case import split_words, to_camel_case, to_constant_name, to_kebab_case, to_snake_case, to_title_case


def test_split_words_handles_acronyms_and_separators():
    assert split_words("parseHTTPResponse") == ["parse", "HTTP", "Response"]
    assert split_words("hello_world-again now") == ["hello", "world", "again", "now"]
    assert split_words("") == []


@pytest.mark.parametrize(
    "text, expected",
    [("parseHTTPResponse", "parse_http_response"), ("Hello World", "hello_world"), ("already_snake", "already_snake")],
)
def test_to_snake_case(text, expected):
    assert to_snake_case(text) == expected


def test_to_kebab_case():
    assert to_kebab_case("Hello World") == "hello-world"
    assert to_kebab_case("someValue_here") == "some-value-here"


def test_to_camel_case():
    assert to_camel_case("http response") == "httpResponse"
    assert to_camel_case("http response", upper_first=True) == "HttpResponse"
    assert to_camel_case("") == ""


def test_to_title_case_keeps_small_words_and_acronyms():
    assert to_title_case("the lord of the rings") == "The Lord of the Rings"
    assert to_title_case("a tale of NASA and the moon") == "A Tale of NASA and the Moon"
    assert to_title_case("what it is for") == "What It Is For"


def test_to_constant_name():
    assert to_constant_name("max retries") == "MAX_RETRIES"
    assert to_constant_name("2nd attempt") == "_2ND_ATTEMPT"
    with pytest.raises(ValueError):
        to_constant_name("---")
