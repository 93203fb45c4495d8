"""Hand-written wrong implementations of `src/hyperlink/_url.py::URL.authority` (mahmoud/hyperlink @ b8c9152cd8).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld19, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'mahmoud/hyperlink'
COMMIT = 'b8c9152cd826bbe8e6cc125648f3738235019705'
TARGET = 'src/hyperlink/_url.py::URL.authority'
SETUP = 'from hyperlink import URL'
NEEDS = ['SCHEME_PORT_MAP', 'Text']
WRONG = [
    {
        "why": 'drops the colon too when it hides the password',
        "code": "def authority(self, with_password=False, **kw):\n    with_password = kw.pop('includeSecrets', with_password)\n    if kw:\n        raise TypeError('got unexpected keyword arguments: %r' % kw.keys())\n    host = self.host\n    if ':' in host:\n        hostport = ['[' + host + ']']\n    else:\n        hostport = [self.host]\n    if self.port != SCHEME_PORT_MAP.get(self.scheme):\n        hostport.append(Text(self.port))\n    authority = []\n    if self.userinfo:\n        userinfo = self.userinfo\n        if not with_password and u':' in userinfo:\n            userinfo = userinfo[: userinfo.index(u':')]\n        authority.append(userinfo)\n    authority.append(u':'.join(hostport))\n    return u'@'.join(authority)\n",
        "witness": "result = URL.from_text(u'http://user:pass@localhost:8080/a').authority()",
    },
    {
        "why": "always shows the port, the scheme's default too",
        "code": "def authority(self, with_password=False, **kw):\n    with_password = kw.pop('includeSecrets', with_password)\n    if kw:\n        raise TypeError('got unexpected keyword arguments: %r' % kw.keys())\n    host = self.host\n    if ':' in host:\n        hostport = ['[' + host + ']']\n    else:\n        hostport = [self.host]\n    if self.port:\n        hostport.append(Text(self.port))\n    authority = []\n    if self.userinfo:\n        userinfo = self.userinfo\n        if not with_password and u':' in userinfo:\n            userinfo = userinfo[: userinfo.index(u':') + 1]\n        authority.append(userinfo)\n    authority.append(u':'.join(hostport))\n    return u'@'.join(authority)\n",
        "witness": "result = URL.from_text(u'http://localhost/a').authority()",
    },
]
