"""A Java repository's source template on the host: every Java run (``JavaRunner._build``: the
class build's suite, its gates, every generation of the class evaluation in Java) makes the
sources the build would generate from templates beside them (``Version.java.template`` ->
``Version.java``, ``sandbox/suites/java.py`` ``_generate``): in the builder's process, it reads
the top ``pom.xml``'s ``<version>`` (``project_version``, up to 1 MiB) and replaces each version
token of the template (``@VERSION@``, ``${project.version}``, ``$VERSION$``; the template up to
``HOST_READ_MAX_BYTES``, 64 MiB) with it (``fill_template``), then writes the result into the
sandbox's control folder on the host's disk."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.hostile.redteam11._git import commit_all, packed_bytes

pytestmark = pytest.mark.slow

VERSION_CHARS = 100_000  # the pom's <version>: 100 kB of digits
TOKENS = 1_000  # @VERSION@ tokens in the template: 40 kB

# the generated sources of one repository's run, in a fresh interpreter (a real Sandbox copy, the
# runner's own steps: java_layout, then _generate); prints its memory growth and the file sizes
GENERATE = """
import json, sys, time
from pathlib import Path
from crossfile_datasets.sandbox import Sandbox
from crossfile_datasets.sandbox.suites.java import _Built, _generate, java_layout
from tests.hostile.peak import peak_rss_kb
with Sandbox(Path(sys.argv[1]), python=sys.executable) as box:
    built = _Built(None, layout=java_layout(box.root))
    before = peak_rss_kb()
    started = time.process_time()
    _generate(box, built)
    print(json.dumps({"grown_mb": (peak_rss_kb() - before) / 1024, "cpu": time.process_time() - started,
                      "generated": built.layout.generated, "cut": built.generated_cut,
                      "written": {k: v.stat().st_size for k, v in built.recoded.items()}}))
"""


def _repository(root: Path, version: str) -> Path:
    (root / "src" / "main" / "java" / "shop").mkdir(parents=True)
    (root / "pom.xml").write_text("<project><modelVersion>4.0.0</modelVersion><groupId>demo</groupId>"
                                  f"<artifactId>shop</artifactId><version>{version}</version></project>\n")
    (root / "src" / "main" / "java" / "shop" / "Version.java.template").write_text(
        "package shop;\n\npublic class Version {\n"
        + "".join(f'    static final String V{i} = "@VERSION@";\n' for i in range(TOKENS)) + "}\n")
    (root / "src" / "main" / "java" / "shop" / "Cart.java").write_text(
        "package shop;\n\npublic class Cart {\n    public int total() { return Version.V0.length(); }\n}\n")
    commit_all(root)
    return root


def test_a_long_version_is_not_multiplied_by_template_tokens_on_the_host(tmp_path, child):
    """Host resource (memory and disk), in every Java run. ``pom.xml``'s ``<version>`` is 100,000
    digits (100 kB; the reader takes 1 MiB) and ``Version.java.template`` holds 1,000
    ``@VERSION@`` tokens (40 kB); both compress to almost nothing in git. ``_generate`` writes a
    100 MB ``Version.java`` into the run's control folder and the builder's process grows by
    ~190 MB (the substituted text, then its encoding), for each run: the class build's suite,
    each gate run, every generation of the class evaluation. The product is unbounded by any
    cap: 1 MiB of version x 7 million tokens (a 64 MiB template) is terabytes. Control: the same
    template with ``<version>1.0</version>``. Safe behaviour: the version a template gets is
    bounded (a version is a few dozen characters: a longer one is not a version; or the filled
    text is capped, the template left out past it), the hostile run costs what the control's does."""
    honest_root = _repository(tmp_path / "honest", "1.0")
    honest = child(GENERATE, str(honest_root), timeout=240)
    if honest.timed_out or honest.returncode != 0:
        pytest.fail(f"the control run did not run: {honest.stderr[-2000:]}")
    baseline = honest.last_json()
    if list(baseline["generated"]) != ["src/main/java/shop/Version.java"]:
        pytest.fail(f"the control's template was not generated: {baseline}")
    hostile_root = _repository(tmp_path / "hostile", "7" * VERSION_CHARS)
    hostile = child(GENERATE, str(hostile_root), timeout=240)
    assert not hostile.timed_out, "the generation did not finish in 240 s"
    if hostile.returncode != 0:
        pytest.fail(f"the hostile run failed otherwise: {hostile.stderr[-2000:]}")
    found = hostile.last_json()
    print(json.dumps({"honest": baseline, "hostile": found, "git_bytes": packed_bytes(hostile_root)}))
    written = sum(found["written"].values())
    assert written < 10 * sum(baseline["written"].values()) + 1_000_000, (written, baseline["written"])
    assert found["grown_mb"] < baseline["grown_mb"] + 50, (found["grown_mb"], baseline["grown_mb"])
    # the version refused is counted (adjustments["generated_sources_cut"] -> suites/generated_source_cut)
    assert list(found["cut"]) == ["pom.xml"] and baseline["cut"] == {}, (found["cut"], baseline["cut"])
