"""Hand-written wrong implementations of `geojson/utils.py::map_tuples` (jazzband/geojson @ eed8089ac0).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld22, 2026-11-30b, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'jazzband/geojson'
COMMIT = 'eed8089ac0b5510f3e8cb2fc09a1be3755215b88'
TARGET = 'geojson/utils.py::map_tuples'
SETUP = 'from geojson.utils import map_tuples'
NEEDS = ['map_geometries']
WRONG = [
    {
        "why": "treats a MultiPolygon as a Polygon (one nesting level short)",
        "code": "def map_tuples(func, obj):\n    \"\"\"\n    Returns the mapped coordinates from a Geometry after applying the provided\n    function to each coordinate.\n\n    :param func: Function to apply to tuples\n    :type func: function\n    :param obj: A geometry or feature to extract the coordinates from.\n    :type obj: Point, LineString, MultiPoint, MultiLineString, Polygon,\n    MultiPolygon\n    :return: The result of applying the function to each dimension in the\n    array.\n    :rtype: list\n    :raises ValueError: if the provided object is not GeoJSON.\n    \"\"\"\n\n    if obj['type'] == 'Point':\n        coordinates = tuple(func(obj['coordinates']))\n    elif obj['type'] in ['LineString', 'MultiPoint']:\n        coordinates = [tuple(func(c)) for c in obj['coordinates']]\n    elif obj['type'] in ['MultiLineString', 'Polygon', 'MultiPolygon']:\n        coordinates = [[\n            tuple(func(c)) for c in curve]\n            for curve in obj['coordinates']]\n    elif obj['type'] == 'MultiPolygon':\n        coordinates = [[[\n            tuple(func(c)) for c in curve]\n            for curve in part]\n            for part in obj['coordinates']]\n    elif obj['type'] in ['Feature', 'FeatureCollection', 'GeometryCollection']:\n        return map_geometries(lambda g: map_tuples(func, g), obj)\n    else:\n        raise ValueError(f\"Invalid geometry object {obj!r}\")\n    return {'type': obj['type'], 'coordinates': coordinates}\n",
        "witness": "result = map_tuples(lambda c: (c[0] + 1, c[1]), {'type': 'MultiPolygon', 'coordinates': [[[[0, 0], [1, 0], [0, 0]]]]})",
    },
    {
        "why": "forgets GeometryCollection among the containers (raises ValueError for it)",
        "code": "def map_tuples(func, obj):\n    \"\"\"\n    Returns the mapped coordinates from a Geometry after applying the provided\n    function to each coordinate.\n\n    :param func: Function to apply to tuples\n    :type func: function\n    :param obj: A geometry or feature to extract the coordinates from.\n    :type obj: Point, LineString, MultiPoint, MultiLineString, Polygon,\n    MultiPolygon\n    :return: The result of applying the function to each dimension in the\n    array.\n    :rtype: list\n    :raises ValueError: if the provided object is not GeoJSON.\n    \"\"\"\n\n    if obj['type'] == 'Point':\n        coordinates = tuple(func(obj['coordinates']))\n    elif obj['type'] in ['LineString', 'MultiPoint']:\n        coordinates = [tuple(func(c)) for c in obj['coordinates']]\n    elif obj['type'] in ['MultiLineString', 'Polygon']:\n        coordinates = [[\n            tuple(func(c)) for c in curve]\n            for curve in obj['coordinates']]\n    elif obj['type'] == 'MultiPolygon':\n        coordinates = [[[\n            tuple(func(c)) for c in curve]\n            for curve in part]\n            for part in obj['coordinates']]\n    elif obj['type'] in ['Feature', 'FeatureCollection']:\n        return map_geometries(lambda g: map_tuples(func, g), obj)\n    else:\n        raise ValueError(f\"Invalid geometry object {obj!r}\")\n    return {'type': obj['type'], 'coordinates': coordinates}\n",
        "witness": "result = map_tuples(lambda c: c, {'type': 'GeometryCollection', 'geometries': [{'type': 'Point', 'coordinates': [1, 2]}]})",
    },
]
