"""C# members reached through a local made by ``new`` of a type of F, when the call's arguments
hold something mcs cannot type (JoshClose/CsvHelper @ 68e9613, held-out 17: ``var converter =
new EnumerableConverter();`` then ``converter.ConvertFromString("", mockReaderRow.Object,
propertyMapData)`` with Moq absent). mcs resolves no call with an error-typed argument, so no
round of stubbing reports the override: 2 first uses were lost, silently. The local's static type
is the constructed type, so the member is a use (mode ``constructed_local``), unless the member
body declares another local of that name.

Also the implicit ``Add`` of a collection initializer's element (``new ParserMock { { "Id",
"Name" } }``, CsvHelper: 23), which mcs reports where no text names it: the rule
``collection_initializer_add``, no longer the loss ``name_not_located``. Fixtures written for this
test, checked with the real mcs.
"""

from __future__ import annotations

import pytest

from tests.conftest import write_tree
from tests.csharp.test_csharp_usages import build

pytestmark = pytest.mark.mcs

FILES = {
    "Conv.csproj": '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><LangVersion>7.2</LangVersion></PropertyGroup></Project>\n',
    "TypeConversion/DefaultTypeConverter.cs": """using System;
namespace Conv.TypeConversion
{
    public class DefaultTypeConverter
    {
        public virtual object ConvertFromString(string text, object row)
        {
            return text;
        }

        public virtual string ConvertToString(object value, object row)
        {
            return value == null ? "" : value.ToString();
        }
    }
}
""",
    "TypeConversion/EnumerableConverter.cs": """using System;
namespace Conv.TypeConversion
{
    /// <summary>Throws.</summary>
    public class EnumerableConverter : DefaultTypeConverter
    {
        /// <summary>Throws an exception.</summary>
        public override object ConvertFromString( string text, object row )
        {
            throw new InvalidOperationException( "no" );
        }

        public override string ConvertToString( object value, object row )
        {
            throw new InvalidOperationException( "no" );
        }
    }
}
""",
    "TypeConversion/Rows.cs": """using System.Collections;
using System.Collections.Generic;
namespace Conv.TypeConversion
{
    public class Rows : IEnumerable<string[]>
    {
        private readonly List<string[]> rows = new List<string[]>();

        public void Add(params string[] row)
        {
            rows.Add(row);
        }

        public IEnumerator<string[]> GetEnumerator()
        {
            return rows.GetEnumerator();
        }

        IEnumerator IEnumerable.GetEnumerator()
        {
            return GetEnumerator();
        }
    }
}
""",
    "Tests/RowsTests.cs": """using Conv.TypeConversion;
namespace Conv.Tests
{
    public class RowsTests
    {
        public object Make()
        {
            return new Rows
            {
                { "Id", "Name" },
                { "1", "one" },
            };
        }
    }
}
""",
    "Tests/EnumerableConverterTests.cs": """using System;
using Conv.TypeConversion;
namespace Conv.Tests
{
    public class EnumerableConverterTests
    {
        public void FullTest()
        {
            var row = new Mock<object>();
            var converter = new EnumerableConverter();
            try
            {
                converter.ConvertFromString( "", row.Object );
            }
            catch( InvalidOperationException )
            {
            }
            try
            {
                converter.ConvertToString( 5, null );
            }
            catch( InvalidOperationException )
            {
            }
        }

        public void Twice()
        {
            {
                var converter = new EnumerableConverter();
            }
            {
                var converter = new DefaultTypeConverter();
                converter.ConvertToString( 1, null );
            }
        }
    }
}
""",
}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    root = tmp_path_factory.mktemp("constructed") / "repo"
    write_tree(root, FILES)
    return build(root)


@pytest.mark.slow
def test_members_of_a_local_made_by_new_are_uses_despite_untyped_arguments(built):
    usages, report = built
    got = {(u.line, u.member): (u.definition_file, u.definition_symbol) for u in usages
           if u.file == "Tests/EnumerableConverterTests.cs"}
    where = "TypeConversion/EnumerableConverter.cs"
    assert got[(13, "ConvertFromString")] == (where, "EnumerableConverter.ConvertFromString")
    assert got[(20, "ConvertToString")][0] == where
    # `converter` declared twice in Twice(): the second is a DefaultTypeConverter, never guessed
    assert got[(34, "ConvertToString")] == ("TypeConversion/DefaultTypeConverter.cs", "DefaultTypeConverter.ConvertToString")
    assert not [k for k in report.counts if k.startswith("usages/unattributed")], dict(report.counts)


@pytest.mark.slow
def test_the_implicit_add_of_a_collection_initializer_is_a_rule_not_a_loss(built):
    usages, report = built
    assert report.counts.get("usages/collection_initializer_add", 0) >= 1, dict(report.counts)
    assert "usages/name_not_located" not in report.counts, dict(report.counts)
    assert {(u.line, u.imported_name) for u in usages if u.file == "Tests/RowsTests.cs"} >= {(8, "Rows")}
