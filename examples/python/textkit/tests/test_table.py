from textkit.table import column_widths, format_table


def test_column_widths():
    assert column_widths([["a", "bbb"], ["cc"]], ["h1", "h"]) == [2, 3]
    assert column_widths([]) == []


def test_format_table():
    table = format_table([["apple", 3], ["kiwi", 12]], ["fruit", "n"])
    assert table == "fruit  n\n-----  --\napple   3\nkiwi   12"
