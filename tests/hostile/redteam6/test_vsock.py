"""What a sandboxed run can reach past its network namespace: AF_VSOCK, the socket family between
a virtual machine and its hypervisor (Firecracker, QEMU/KVM with vhost-vsock, Kata containers,
cloud enclaves: the CI runners and build machines of many projects, this one included), is not
separated by network namespaces; the seccomp filter let ``socket(AF_VSOCK, ...)`` through until
it took an allow-list of socket families."""

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


def test_a_run_cannot_use_the_vsock_of_the_machine():
    """Reaching past the network namespace (every sandboxed run). docs/executable.md: "network
    namespace with only its own loopback"; vsock sockets are the machine's, whatever the
    namespace: a port the run binds is taken for every process of the machine (checked here: the
    host's own bind fails with ``EADDRINUSE`` while the run holds it), and a run can ``connect``
    to the hypervisor (CID 2), where a VM's agent, its log and metrics shippers or a CI runner's
    control channel listen. Not tried: no connection is made (it would reach the machinery that
    runs this machine). Contained: the seccomp filter lets ``socket`` and ``socketpair`` through
    only for the families of ``isolation.SOCKET_FAMILIES`` (AF_UNIX, AF_INET, AF_INET6,
    AF_NETLINK); AF_VSOCK gets ``EAFNOSUPPORT``, as on a machine without vsock."""
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


# Every family the filter does not allow, by the direct calls and (x86-64) by i386's socketcall,
# which any 64-bit process can enter with ``int 0x80`` and whose family sits behind a pointer.
FAMILIES = r'''
import ctypes, errno, json, mmap, platform, socket, struct
out = {}
for name, kind in (("AF_UNIX", socket.SOCK_STREAM), ("AF_INET", socket.SOCK_STREAM), ("AF_INET6", socket.SOCK_STREAM),
                   ("AF_NETLINK", socket.SOCK_RAW), ("AF_VSOCK", socket.SOCK_STREAM), ("AF_ALG", socket.SOCK_SEQPACKET),
                   ("AF_PACKET", socket.SOCK_RAW), ("AF_TIPC", socket.SOCK_RDM)):
    try:
        socket.socket(getattr(socket, name), kind).close()
        out[name] = "ok"
    except OSError as exc:
        out[name] = errno.errorcode.get(exc.errno, str(exc.errno))
try:
    socket.socketpair()
    out["socketpair"] = "ok"
except OSError as exc:
    out["socketpair"] = errno.errorcode.get(exc.errno, str(exc.errno))
if platform.machine() == "x86_64":
    libc = ctypes.CDLL(None, use_errno=True)
    libc.mmap.restype = ctypes.c_void_p
    libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_long]
    page = libc.mmap(None, 4096, 7, mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS | 0x40, -1, 0)  # MAP_32BIT
    ctypes.memmove(page + 256, struct.pack("<III", socket.AF_VSOCK, socket.SOCK_STREAM, 0), 12)
    # push rbx; eax = 102 (socketcall); ebx = 1 (SYS_SOCKET); ecx = the arguments; int 0x80;
    # movsxd rax, eax; pop rbx; ret
    code = (b"\x53\xb8" + struct.pack("<I", 102) + b"\xbb" + struct.pack("<I", 1) + b"\xb9"
            + struct.pack("<I", page + 256) + b"\xcd\x80\x48\x63\xc0\x5b\xc3")
    ctypes.memmove(page, code, len(code))
    result = ctypes.CFUNCTYPE(ctypes.c_long)(page)()
    out["i386_socketcall_vsock"] = "ok" if result >= 0 else errno.errorcode.get(-result, str(-result))
print(json.dumps(out))
'''


def test_a_run_gets_only_the_socket_families_it_needs():
    """Kernel surface past the network namespace (every sandboxed run): the seccomp filter's
    allow-list of socket families (AF_UNIX, AF_INET, AF_INET6, AF_NETLINK) refuses the others
    with ``EAFNOSUPPORT`` (AF_VSOCK, AF_ALG: the kernel's crypto sockets, red team 6's "seen and
    left aside"; AF_PACKET, AF_TIPC), also through i386's ``socketcall`` (``int 0x80`` from a
    64-bit process: the family is behind a pointer, so SYS_SOCKET is refused whatever it is),
    while the families the runs need still work."""
    with Sandbox(None, python=sys.executable, limits=SandboxLimits(timeout=30)) as box:
        ran = box.run([sys.executable, "-c", FAMILIES])
    lines = ran.result.stdout.strip().splitlines()
    if not lines:
        pytest.fail(f"the probe did not run: {ran.result.stderr[-500:]}")
    seen = json.loads(lines[-1])
    assert {k: seen[k] for k in ("AF_UNIX", "AF_INET", "AF_INET6", "AF_NETLINK", "socketpair")} == dict.fromkeys(
        ("AF_UNIX", "AF_INET", "AF_INET6", "AF_NETLINK", "socketpair"), "ok"), seen
    refused = {k: v for k, v in seen.items() if k not in ("AF_UNIX", "AF_INET", "AF_INET6", "AF_NETLINK", "socketpair")}
    assert set(refused.values()) == {"EAFNOSUPPORT"}, seen
