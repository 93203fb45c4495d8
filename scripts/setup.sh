#!/usr/bin/env bash
# Install everything crossfile-datasets needs on a fresh Debian-based machine:
# the checkers (mono's mcs, a JDK, Node.js), JUnit 4/5 and NUnit 2.6 (the class-level split's test runners), bubblewrap (the sandbox for running repository code), the Python package with its test extras, and
# TypeScript pinned by lang/typescript/package-lock.json (into ~/.cache/crossfile-datasets). Idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."

need_apt=()
command -v mcs >/dev/null 2>&1 || need_apt+=(mono-mcs)
command -v javac >/dev/null 2>&1 || need_apt+=(default-jdk-headless)
command -v git >/dev/null 2>&1 || need_apt+=(git)
command -v bwrap >/dev/null 2>&1 || need_apt+=(bubblewrap)
command -v node >/dev/null 2>&1 || need_apt+=(nodejs npm)
# The class-level split runs repositories' own tests: JUnit 4 (+ hamcrest), JUnit 5 (the console
# launcher) and NUnit 2.6 with its console runner, all from Debian (no Maven Central, no NuGet here);
# libmono-profiler brings mono's coverage profiler (C# line coverage of the class-level split); the
# framework assemblies System.Xml.Linq, System.Net.Http and System.Runtime.Serialization and Debian's
# Newtonsoft.Json let more repositories' C# code compile (sandbox/suites/csharp.py); libjacoco-java
# brings JaCoCo's agent and analyzer (Java per-test line coverage of the class-level split).
for pkg in junit4 junit5 libhamcrest-java nunit-console libnunit-cil-dev libmono-profiler \
    libmono-system-xml-linq4.0-cil libmono-system-net-http4.0-cil libmono-system-runtime-serialization4.0-cil \
    libnewtonsoft-json5.0-cil libjacoco-java; do
  dpkg -s "$pkg" >/dev/null 2>&1 || need_apt+=("$pkg")
done
if [ "${#need_apt[@]}" -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -q
  $SUDO apt-get install -y -q "${need_apt[@]}"
fi

# The tests run a tiny local model (harness/models.py): take the CPU build of torch this kind of
# machine keeps on disk before anything asks for "torch" (which would fetch a multi-GB CUDA build).
python3 -m pip show torch >/dev/null 2>&1 || python3 -m pip install -q "torch==2.13.0"
python3 -m pip install -q -e ".[test]"
command -v pyenv >/dev/null 2>&1 && pyenv rehash || true
# TypeScript, pinned by lang/typescript/package-lock.json, into the per-user tools folder
# (~/.cache/crossfile-datasets/typescript-<hash>/) where the checker looks for it: installed now so
# that the tests and CI need no network at test time (a user's first TypeScript build would do it).
python3 -m crossfile_datasets.core.toolchain typescript
echo "setup complete: $(python3 --version), javac $(javac -version 2>&1 | cut -d' ' -f2), node $(node --version), $(mcs --version | head -1)"
