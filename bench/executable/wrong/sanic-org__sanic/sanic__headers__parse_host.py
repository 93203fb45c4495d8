"""Hand-written wrong implementations of `sanic/headers.py::parse_host` (sanic-org/sanic @ eba7821a6d).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before building the split (held-out set 2026-11-27c,
issue 36). Each entry: why it is a plausible mistake, the whole function, and a witness:
statements after SETUP that set `result`, whose repr differs between the reference and this
version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'sanic-org/sanic'
COMMIT = 'eba7821a6da67f450f7fa7e3dd58d41ddc986b6a'
TARGET = 'sanic/headers.py::parse_host'
SETUP = 'from sanic.headers import parse_host'
WRONG = [
    {
        "why": "keeps the host name's case",
        "code": '''def parse_host(host: str) -> Tuple[Optional[str], Optional[int]]:
    """Split host:port into hostname and port.
    :return: None in place of missing elements
    """
    m = _host_re.fullmatch(host)
    if not m:
        return None, None
    host, port = m.groups()
    return host, int(port) if port is not None else None
''',
        "witness": "result = parse_host('Example.COM:8080')",
    },
    {
        "why": 'splits on the last colon by hand: breaks bracketed IPv6 without a port',
        "code": '''def parse_host(host: str) -> Tuple[Optional[str], Optional[int]]:
    """Split host:port into hostname and port.
    :return: None in place of missing elements
    """
    name, sep, port = host.rpartition(":")
    if not sep:
        return host.lower(), None
    try:
        return name.lower(), int(port)
    except ValueError:
        return None, None
''',
        "witness": "result = parse_host('[::1]')",
    },
]
