"""Hand-written wrong implementations of `geojson/examples.py::create_simple_web_feature` (jazzband/geojson @ eed8089ac0).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld22, 2026-11-30b, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'jazzband/geojson'
COMMIT = 'eed8089ac0b5510f3e8cb2fc09a1be3755215b88'
TARGET = 'geojson/examples.py::create_simple_web_feature'
SETUP = 'from geojson.examples import create_simple_web_feature'
NEEDS = ['SimpleWebFeature']
WRONG = [
    {
        "why": "keeps the id as it is instead of converting it to str",
        "code": "def create_simple_web_feature(o):\n    \"\"\"\n    Create an instance of SimpleWebFeature from a dict, o. If o does not\n    match a Python feature object, simply return o. This function serves as a\n    json decoder hook. See coding.load().\n\n    :param o: A dict to create the SimpleWebFeature from.\n    :type o: dict\n    :return: A SimpleWebFeature from the dict provided.\n    :rtype: SimpleWebFeature\n    \"\"\"\n    try:\n        id = o['id']\n        g = o['geometry']\n        p = o['properties']\n        return SimpleWebFeature(id, {\n            'type': str(g.get('type')),\n            'coordinates': g.get('coordinates', [])},\n            title=p.get('title'),\n            summary=p.get('summary'),\n            link=str(p.get('link')))\n    except (KeyError, TypeError):\n        pass\n    return o\n",
        "witness": "result = create_simple_web_feature({'id': 1, 'geometry': {'type': 'Point', 'coordinates': [1, 2]}, 'properties': {}}).id",
    },
    {
        "why": "catches KeyError only, so an object that is not a dict (TypeError) raises instead of being returned",
        "code": "def create_simple_web_feature(o):\n    \"\"\"\n    Create an instance of SimpleWebFeature from a dict, o. If o does not\n    match a Python feature object, simply return o. This function serves as a\n    json decoder hook. See coding.load().\n\n    :param o: A dict to create the SimpleWebFeature from.\n    :type o: dict\n    :return: A SimpleWebFeature from the dict provided.\n    :rtype: SimpleWebFeature\n    \"\"\"\n    try:\n        id = o['id']\n        g = o['geometry']\n        p = o['properties']\n        return SimpleWebFeature(str(id), {\n            'type': str(g.get('type')),\n            'coordinates': g.get('coordinates', [])},\n            title=p.get('title'),\n            summary=p.get('summary'),\n            link=str(p.get('link')))\n    except KeyError:\n        pass\n    return o\n",
        "witness": "result = create_simple_web_feature([1, 2])",
    },
]
