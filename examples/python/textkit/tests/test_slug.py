from textkit import slugify, unique_slug


def test_slugify_removes_accents_and_punctuation():
    assert slugify("Crème Brûlée: the recipe!") == "creme-brulee-the-recipe"
    assert slugify("  Hello,   World  ") == "hello-world"


def test_slugify_custom_separator_and_length():
    assert slugify("Hello World Again", separator="_") == "hello_world_again"
    assert slugify("Hello World Again", max_length=12) == "hello-world"
    assert slugify("Supercalifragilistic", max_length=5) == "super"


def test_unique_slug_adds_smallest_suffix():
    assert unique_slug("Hello", ["hello", "hello-2"]) == "hello-3"
    assert unique_slug("Hello", []) == "hello"
    assert unique_slug("!!!", ["item"]) == "item-2"
