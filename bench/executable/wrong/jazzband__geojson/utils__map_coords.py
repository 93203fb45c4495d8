"""Hand-written wrong implementations of `geojson/utils.py::map_coords` (jazzband/geojson @ eed8089ac0).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld22, 2026-11-30b, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'jazzband/geojson'
COMMIT = 'eed8089ac0b5510f3e8cb2fc09a1be3755215b88'
TARGET = 'geojson/utils.py::map_coords'
SETUP = 'from geojson.utils import map_coords'
NEEDS = ['map_tuples']
WRONG = [
    {
        "why": "applies the function to the first value of each position only",
        "code": "def map_coords(func, obj):\n    \"\"\"\n    Returns the mapped coordinates from a Geometry after applying the provided\n    function to each dimension in tuples list (ie, linear scaling).\n\n    :param func: Function to apply to individual coordinate values\n    independently\n    :type func: function\n    :param obj: A geometry or feature to extract the coordinates from.\n    :type obj: Point, LineString, MultiPoint, MultiLineString, Polygon,\n    MultiPolygon\n    :return: The result of applying the function to each dimension in the\n    array.\n    :rtype: list\n    :raises ValueError: if the provided object is not GeoJSON.\n    \"\"\"\n\n    def tuple_func(coord):\n        return (func(coord[0]), coord[1])\n\n    return map_tuples(tuple_func, obj)\n",
        "witness": "result = map_coords(lambda v: v * 2, {'type': 'Point', 'coordinates': [1, 2]})",
    },
    {
        "why": "maps every value of a position and keeps its third dimension (the reference keeps two)",
        "code": "def map_coords(func, obj):\n    \"\"\"\n    Returns the mapped coordinates from a Geometry after applying the provided\n    function to each dimension in tuples list (ie, linear scaling).\n\n    :param func: Function to apply to individual coordinate values\n    independently\n    :type func: function\n    :param obj: A geometry or feature to extract the coordinates from.\n    :type obj: Point, LineString, MultiPoint, MultiLineString, Polygon,\n    MultiPolygon\n    :return: The result of applying the function to each dimension in the\n    array.\n    :rtype: list\n    :raises ValueError: if the provided object is not GeoJSON.\n    \"\"\"\n\n    def tuple_func(coord):\n        return tuple(func(c) for c in coord)\n\n    return map_tuples(tuple_func, obj)\n",
        "witness": "result = map_coords(lambda v: v * 2, {'type': 'Point', 'coordinates': [1, 2, 3]})",
    },
]
