"""Host services reachable from a sandboxed run without the network: UNIX sockets on the visible
(read-only) filesystem."""

from __future__ import annotations

import socket
import sys
import threading
import uuid

import pytest

from crossfile_datasets.sandbox import Sandbox, SandboxLimits
from tests.executable.test_sandbox import visible_scratch

CONNECT = r'''
import socket, sys
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
s.settimeout(20)
try:
    s.connect(sys.argv[1])
    s.sendall(b"GET /containers/json HTTP/1.0\r\n\r\n")
    print("REPLY:" + s.recv(100).decode(errors="replace"))
except OSError as exc:
    print("REFUSED:" + type(exc).__name__)
'''


def test_a_host_service_socket_outside_the_hidden_folders_is_not_reachable(monkeypatch):
    """Reaching host services (every sandboxed run). docs/executable.md counts "the network,
    including services on the host's loopback" as protected; the network namespace does not
    cover pathname UNIX sockets, and a read-only bind refuses writes to files, folders and links,
    not a ``connect`` (the kernel exempts sockets from ``EROFS``). The hidden folders cover the
    usual places (``/run``, ``/tmp``, homes), not ``/var/lib``, ``/var/snap`` (LXD's socket, root on
    the host to whoever talks to it), ``/srv``, ``/opt`` or a project folder: the run, as the
    builder's uid, talks to the service (here one of the test's under the checkout; a request
    shaped like Docker's)."""
    monkeypatch.delenv("CROSSFILE_SANDBOX_UID", raising=False)  # the default: a uid of its own
    folder = visible_scratch() / f".redteam4-socket-{uuid.uuid4().hex[:10]}"
    folder.mkdir()
    path = folder / "service.sock"
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(str(path))
    server.listen(1)
    server.settimeout(60)
    heard: dict = {}

    def serve() -> None:
        try:
            conn, _ = server.accept()
            with conn:
                heard["request"] = conn.recv(100)
                conn.sendall(b"HTTP/1.0 200 OK\r\n\r\n[host service]")
        except OSError as exc:
            heard["error"] = repr(exc)

    thread = threading.Thread(target=serve)
    thread.start()
    try:
        with Sandbox(None, python=sys.executable, limits=SandboxLimits(timeout=60)) as box:
            run = box.run([sys.executable, "-c", CONNECT, str(path)], timeout=60)
    finally:
        if "request" not in heard:  # wake the accept so the thread ends
            try:
                with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as poke:
                    poke.connect(str(path))
            except OSError:
                pass
        thread.join()
        server.close()
        path.unlink(missing_ok=True)
        folder.rmdir()
    out = run.result.stdout
    if "REPLY:" not in out and "REFUSED:" not in out:
        pytest.fail(f"the probe failed: {run.result.stderr[-2000:]}")
    assert "REPLY:" not in out and not heard.get("request", b"").startswith(b"GET"), \
        f"the sandboxed run talked to a host service: {out.strip()!r}"
