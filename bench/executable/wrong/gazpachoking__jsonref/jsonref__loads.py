"""Hand-written wrong implementations of `jsonref/__init__.py::loads` (gazpachoking/jsonref @ 6331c78a7e).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld22, 2026-11-30b, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'gazpachoking/jsonref'
COMMIT = '6331c78a7eb126ad3c908960ea95b6dd363f421d'
TARGET = 'jsonref/__init__.py::loads'
SETUP = 'import jsonref'
NEEDS = ['jsonloader', 'replace_refs']
WRONG = [
    {
        "why": "passes the extra keyword arguments to the loader only, not to json.loads",
        "code": "def loads(\n    s,\n    base_uri=\"\",\n    loader=None,\n    jsonschema=False,\n    load_on_repr=True,\n    merge_props=False,\n    proxies=True,\n    lazy_load=True,\n    **kwargs,\n):\n    \"\"\"\n    Drop in replacement for :func:`json.loads`, where JSON references are\n    proxied to their referent data.\n\n    :param s: String containing JSON document\n    :param **kwargs: This function takes any of the keyword arguments from\n        :func:`replace_refs`. Any other keyword arguments will be passed to\n        :func:`json.loads`\n\n    \"\"\"\n\n    if loader is None:\n        loader = functools.partial(jsonloader, **kwargs)\n\n    return replace_refs(\n        json.loads(s),\n        base_uri=base_uri,\n        loader=loader,\n        jsonschema=jsonschema,\n        load_on_repr=load_on_repr,\n        merge_props=merge_props,\n        proxies=proxies,\n        lazy_load=lazy_load,\n    )\n",
        "witness": "result = jsonref.loads('{\"a\": 1.5}', parse_float=str)['a']",
    },
    {
        "why": "does not pass merge_props on to replace_refs",
        "code": "def loads(\n    s,\n    base_uri=\"\",\n    loader=None,\n    jsonschema=False,\n    load_on_repr=True,\n    merge_props=False,\n    proxies=True,\n    lazy_load=True,\n    **kwargs,\n):\n    \"\"\"\n    Drop in replacement for :func:`json.loads`, where JSON references are\n    proxied to their referent data.\n\n    :param s: String containing JSON document\n    :param **kwargs: This function takes any of the keyword arguments from\n        :func:`replace_refs`. Any other keyword arguments will be passed to\n        :func:`json.loads`\n\n    \"\"\"\n\n    if loader is None:\n        loader = functools.partial(jsonloader, **kwargs)\n\n    return replace_refs(\n        json.loads(s, **kwargs),\n        base_uri=base_uri,\n        loader=loader,\n        jsonschema=jsonschema,\n        load_on_repr=load_on_repr,\n        proxies=proxies,\n        lazy_load=lazy_load,\n    )\n",
        "witness": "r = jsonref.loads('{\"a\": {\"x\": 1}, \"b\": {\"$ref\": \"#/a\", \"y\": 2}}', merge_props=True)\nresult = sorted(dict(r['b']).items())",
    },
]
