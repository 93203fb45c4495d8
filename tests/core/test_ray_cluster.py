"""``build-dataset --executor ray --ray-address`` on a real two-node Ray cluster (issue 32 item 3).

Two raylets run on this machine, started as a user would (``ray start --head``, then ``ray start
--address``), each with its own temporary folder; the shards come back to the build through Ray's
object store (``split.run_repositories``), so no node writes into the output folder. The
dataset must equal, byte for byte, the one a local build writes.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from bench.bench_ray import differing, output_files
from tests.core.test_pipeline import good_repo

pytestmark = [pytest.mark.pylint, pytest.mark.slow]

def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def ray_env() -> dict[str, str]:
    # RAY_AUTH_MODE set: Ray 2.5x turns token authentication on when it finds ~/.ray/auth_token,
    # and the cluster and the build must agree
    return {**os.environ, "RAY_AUTH_MODE": "disabled", "RAY_USAGE_STATS_ENABLED": "0"}


def start_node(args: list[str], temp_dir: str) -> int:
    """``ray start`` in a session of its own: every daemon it leaves shares that process group,
    which is what the teardown kills (never ``ray stop``: it would stop other users' Ray too)."""
    proc = subprocess.run([sys.executable, "-m", "ray.scripts.scripts", "start", *args, "--num-cpus", "1",
                           "--temp-dir", temp_dir, "--object-store-memory", str(100 * 1024 * 1024),
                           "--disable-usage-stats"], env=ray_env(), capture_output=True, text=True, timeout=300,
                          start_new_session=True)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    return _pgid_of(temp_dir)


def _pgid_of(temp_dir: str) -> int:
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            continue
        if temp_dir.encode() in cmdline and b"raylet" in cmdline:
            return os.getpgid(int(pid))
    raise AssertionError(f"no raylet of {temp_dir}")


@pytest.fixture
def ray_cluster():
    pytest.importorskip("ray", reason="Ray is installed by the test extras")
    head_dir = tempfile.mkdtemp(prefix="cfray-h-")  # short: Ray's socket paths live below it
    node_dir = tempfile.mkdtemp(prefix="cfray-n-")
    port = _free_port()
    groups = []
    try:
        groups.append(start_node(["--head", "--node-ip-address", "127.0.0.1", "--port", str(port),
                                  "--include-dashboard", "false", "--dashboard-port", str(_free_port())], head_dir))
        groups.append(start_node(["--address", f"127.0.0.1:{port}", "--node-ip-address", "127.0.0.1"], node_dir))
        yield f"127.0.0.1:{port}", (Path(head_dir), Path(node_dir))
    finally:
        for sig in (signal.SIGTERM, signal.SIGKILL):
            for group in set(groups):
                try:
                    os.killpg(group, sig)
                except ProcessLookupError:
                    pass
            time.sleep(2)


def build(repos: list[Path], output: Path, *extra: str) -> subprocess.CompletedProcess:
    argv = [str(Path(sys.executable).parent / "build-dataset"), "--lang", "python", "--output", str(output),
            "--no-cache", "--workers", "1", *[a for r in repos for a in ("--repos", str(r))], *extra]
    return subprocess.run(argv, env=ray_env(), capture_output=True, text=True, timeout=900)


def test_two_node_ray_build_equals_the_local_build_byte_for_byte(tmp_path, ray_cluster):
    address, temp_dirs = ray_cluster
    repos = [good_repo(tmp_path / "repos", name) for name in ("r1", "r2", "r3", "r4")]
    local = build(repos, tmp_path / "local")
    assert local.returncode == 0, local.stderr[-3000:]
    on_ray = build(repos, tmp_path / "ray", "--executor", "ray", "--ray-address", address)
    assert on_ray.returncode == 0, on_ray.stderr[-3000:]

    assert b"groundtruth" in output_files(tmp_path / "local")["python/line_completion.jsonl"]
    assert differing(tmp_path / "local", tmp_path / "ray") == []
    # both nodes ran tasks: each raylet's folder holds logs of the workers it started
    for temp_dir in temp_dirs:
        assert list(temp_dir.glob("session_*/logs/python-core-worker-*.log")), temp_dir
