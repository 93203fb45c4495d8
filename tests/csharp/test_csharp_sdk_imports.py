"""SDK-style C# projects written with explicit SDK imports, and projects that own no file
(issue 28; alanmcgovern/Mono.Nat `42cf7c2`, a tuning case since 2026-11-28f; fixtures written for
these tests, the last one checked with the real mcs).

Mono.Nat's library imports the SDK as ``<Import Project="Sdk.props" Sdk="Microsoft.NET.Sdk" />``
(and ``Sdk.targets``) instead of ``<Project Sdk="...">``: it was read as an old-style project
without ``<Compile>`` items, so it owned no file, its files formed the ``<outside-projects>``
unit, and the console and test projects that reference it compiled without its types (stand-ins
of a missing assembly): 23 of 41 labeled first uses lost, under no reason.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from crossfile_datasets.lang.csharp.projects import (
    LOOSE_FILES,
    compilation_units,
    is_sdk_style,
    projects_without_sources,
)
from tests.conftest import require_tool, write_tree
from tests.csharp.test_csharp_usages import build

IMPORTED = """<?xml version="1.0" encoding="utf-8"?>
<Project>
  <Import Project="Sdk.props" Sdk="Microsoft.NET.Sdk" />
  <PropertyGroup><TargetFrameworks>netstandard2.0;netstandard2.1</TargetFrameworks></PropertyGroup>
  <Import Project="Sdk.targets" Sdk="Microsoft.NET.Sdk" />
</Project>
"""
ELEMENT = '<Project><Sdk Name="Microsoft.NET.Sdk" /><PropertyGroup><LangVersion>7.2</LangVersion></PropertyGroup></Project>'
ATTRIBUTE = '<Project Sdk="Microsoft.NET.Sdk"><ItemGroup><ProjectReference Include="..\\Lib\\Lib.csproj" /></ItemGroup></Project>'
OLD_EMPTY = ('<Project xmlns="http://schemas.microsoft.com/developer/msbuild/2003"><Import Project="Common.targets" />'
             '<ItemGroup><Compile Include="Gone.cs" /></ItemGroup></Project>')


@pytest.mark.parametrize("text, expected", [
    (IMPORTED, True),
    (ELEMENT, True),
    (ATTRIBUTE, True),
    (OLD_EMPTY, False),  # a plain <Import Project=...> names no SDK
    ('<Project><Sdk /></Project>', False),  # an Sdk element without a name names none
], ids=["import_sdk_props", "sdk_element", "sdk_attribute", "old_style", "sdk_element_unnamed"])
def test_every_sdk_form_is_recognised(text: str, expected: bool):
    assert is_sdk_style(ET.fromstring(text.encode())) is expected


def test_a_library_importing_the_sdk_owns_its_folder(tmp_path: Path):
    write_tree(tmp_path, {
        "Lib/Lib.csproj": IMPORTED, "Lib/Device.cs": "", "Lib/Pmp/Message.cs": "",
        "App/App.csproj": ATTRIBUTE, "App/Main.cs": "",
        "Tool/Tool.csproj": ELEMENT, "Tool/Run.cs": "",
        "Old/Old.csproj": OLD_EMPTY, "Old/Here.cs": "",
    })
    sources = ["App/Main.cs", "Lib/Device.cs", "Lib/Pmp/Message.cs", "Old/Here.cs", "Tool/Run.cs"]
    units, projects = compilation_units(tmp_path, sources)
    by_name = {u.name: u for u in units}
    assert by_name["App/App.csproj"].files == ("App/Main.cs", "Lib/Device.cs", "Lib/Pmp/Message.cs")
    assert by_name["Tool/Tool.csproj"].files == ("Tool/Run.cs",)
    assert by_name[LOOSE_FILES].files == ("Old/Here.cs",)
    # the one project owning nothing is named, with the sources lying under its folder
    assert [(p.path, under) for p, under in projects_without_sources(projects, sources)] == [("Old/Old.csproj", 1)]


MAIN = """using System;
using Nat;

namespace Nat.Console
{
    public class Program
    {
        public static int Main()
        {
            var device = Discovery.Find("router");
            return device.Port + (int) Protocol.Tcp;
        }
    }
}
"""
DEVICE = """namespace Nat
{
    public enum Protocol { Tcp = 6, Udp = 17 }

    public class Device
    {
        public int Port;
    }
}
"""
DISCOVERY = """namespace Nat
{
    public static class Discovery
    {
        public static Device Find(string name)
        {
            return new Device { Port = name.Length };
        }
    }
}
"""


@pytest.mark.mcs
@pytest.mark.slow  # one real mcs build of the fixture: 15-60 s on a loaded machine
def test_uses_through_a_reference_to_an_sdk_importing_library_are_found(tmp_path: Path):
    require_tool("mcs")
    write_tree(tmp_path, {
        "Lib/Lib.csproj": IMPORTED, "Lib/Device.cs": DEVICE, "Lib/Discovery.cs": DISCOVERY,
        "App/App.csproj": ATTRIBUTE, "App/Main.cs": MAIN,
        "Old/Old.csproj": OLD_EMPTY, "Old/Here.cs": "namespace Other { public class Here { } }\n",
    })
    usages, report = build(tmp_path)
    got = {(u.line, u.member or u.imported_name, u.definition_file) for u in usages if u.file == "App/Main.cs"}
    assert {(10, "Find", "Lib/Discovery.cs"), (11, "Port", "Lib/Device.cs"), (11, "Tcp", "Lib/Device.cs")} <= got
    assert report.counts["projects/project_owns_no_sources"] == 1
    assert "checker/external_types_declared" not in report.metrics
