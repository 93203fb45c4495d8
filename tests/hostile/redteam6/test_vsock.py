"""What a sandboxed run can reach past its network namespace: AF_VSOCK, the socket family between
a virtual machine and its hypervisor (Firecracker, QEMU/KVM with vhost-vsock, Kata containers,
cloud enclaves: the CI runners and build machines of many projects, this one included), is not
separated by network namespaces, and the seccomp filter lets ``socket(AF_VSOCK, ...)`` through."""

from __future__ import annotations

import errno
import json
import random
import socket
import sys
import threading
import time

import pytest

from crossfile_datasets.sandbox import Sandbox, SandboxLimits

# The run takes a vsock port (bind + listen: local only, nothing is sent to the hypervisor) and
# holds it for two seconds; meanwhile the host tries to bind the same port outside the sandbox.
HOLD = r'''
import errno, json, socket, time
try:
    s = socket.socket(socket.AF_VSOCK, socket.SOCK_STREAM)
    for attempt in range(20):  # the host's probe holds the port for microseconds every 50 ms
        try:
            s.bind((socket.VMADDR_CID_ANY, {port}))
            break
        except OSError as exc:
            if exc.errno != errno.EADDRINUSE or attempt == 19:
                raise
            time.sleep(0.01)
    s.listen()
    print(json.dumps({{"run": "bound"}}), flush=True)
    time.sleep(2)
except OSError as exc:
    print(json.dumps({{"run": errno.errorcode.get(exc.errno, str(exc.errno))}}), flush=True)
'''


def _host_bind(port: int) -> str:
    sock = socket.socket(socket.AF_VSOCK, socket.SOCK_STREAM)
    try:
        sock.bind((socket.VMADDR_CID_ANY, port))
        return "bound"
    except OSError as exc:
        return errno.errorcode.get(exc.errno, str(exc.errno))
    finally:
        sock.close()


@pytest.mark.xfail(strict=True, raises=AssertionError,
                   reason="red team 2026-11-27f: AF_VSOCK is not separated by the run's network namespace and "
                          "the seccomp filter allows it: a run takes the machine's vsock ports")
def test_a_run_cannot_use_the_vsock_of_the_machine():
    """Reaching past the network namespace (every sandboxed run). docs/executable.md: "network
    namespace with only its own loopback"; vsock sockets are the machine's, whatever the
    namespace: a port the run binds is taken for every process of the machine (checked here: the
    host's own bind fails with ``EADDRINUSE`` while the run holds it), and a run can ``connect``
    to the hypervisor (CID 2), where a VM's agent, its log and metrics shippers or a CI runner's
    control channel listen. Not tried: no connection is made (it would reach the machinery that
    runs this machine). Refusing ``socket`` with ``AF_VSOCK`` (40) as first argument in the seccomp
    filter (classic BPF reads it, as it reads ``clone``'s flags) closes it."""
    try:
        socket.socket(socket.AF_VSOCK, socket.SOCK_STREAM).close()
    except (OSError, AttributeError) as exc:
        pytest.skip(f"no vsock on this machine ({exc}): not a virtual machine with a vsock device")
    port = next(p for p in (random.randrange(40000, 60000) for _ in range(50)) if _host_bind(p) == "bound")
    seen: list[str] = []
    done = threading.Event()

    def host_side() -> None:  # the host's own bind, every 50 ms while the run lives
        while not done.is_set():
            seen.append(_host_bind(port))
            if seen[-1] == "EADDRINUSE":
                return
            done.wait(0.05)

    probe = threading.Thread(target=host_side)
    probe.start()
    try:
        with Sandbox(None, python=sys.executable, limits=SandboxLimits(timeout=30)) as box:
            ran = box.run([sys.executable, "-c", HOLD.format(port=port)])
    finally:
        done.set()
        probe.join()
    lines = ran.result.stdout.strip().splitlines()
    if not lines:
        pytest.fail(f"the probe did not run: {ran.result.stderr[-500:]}")
    run = json.loads(lines[-1])["run"]
    assert run != "bound", f"the run bound vsock port {port}; the host's own bind meanwhile: {seen[-1:]}"
    assert "EADDRINUSE" not in seen, seen[-3:]
