"""Hand-written wrong implementations of `src/tomli/_re.py::match_to_datetime` (hukkin/tomli @ 920e20b1cf).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld17, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'hukkin/tomli'
COMMIT = '920e20b1cf495b63f6d4a6aa3cd5e4ff25f5f5a7'
TARGET = 'src/tomli/_re.py::match_to_datetime'
SETUP = 'from tomli._re import RE_DATETIME, match_to_datetime'
NEEDS = ['date', 'datetime', 'cached_tz', 'timezone']
WRONG = [
    {
        "why": 'reads the fraction of a second as a number of microseconds (no right padding)',
        "code": 'def match_to_datetime(match: re.Match[str]) -> datetime | date:\n    """Convert a `RE_DATETIME` match to `datetime.datetime` or `datetime.date`.\n\n    Raises ValueError if the match does not correspond to a valid date\n    or datetime.\n    """\n    (\n        year_str,\n        month_str,\n        day_str,\n        hour_str,\n        minute_str,\n        sec_str,\n        micros_str,\n        zulu_time,\n        offset_sign_str,\n        offset_hour_str,\n        offset_minute_str,\n    ) = match.groups()\n    year, month, day = int(year_str), int(month_str), int(day_str)\n    if hour_str is None:\n        return date(year, month, day)\n    hour, minute = int(hour_str), int(minute_str)\n    sec = int(sec_str) if sec_str else 0\n    micros = int(micros_str) if micros_str else 0\n    if offset_sign_str:\n        tz: tzinfo | None = cached_tz(\n            offset_hour_str, offset_minute_str, offset_sign_str\n        )\n    elif zulu_time:\n        tz = timezone.utc\n    else:  # local date-time\n        tz = None\n    return datetime(year, month, day, hour, minute, sec, micros, tzinfo=tz)\n',
        "witness": "result = match_to_datetime(RE_DATETIME.match('1979-05-27T07:32:00.5'))",
    },
    {
        "why": 'ignores the sign of the offset',
        "code": 'def match_to_datetime(match: re.Match[str]) -> datetime | date:\n    """Convert a `RE_DATETIME` match to `datetime.datetime` or `datetime.date`.\n\n    Raises ValueError if the match does not correspond to a valid date\n    or datetime.\n    """\n    (\n        year_str,\n        month_str,\n        day_str,\n        hour_str,\n        minute_str,\n        sec_str,\n        micros_str,\n        zulu_time,\n        offset_sign_str,\n        offset_hour_str,\n        offset_minute_str,\n    ) = match.groups()\n    year, month, day = int(year_str), int(month_str), int(day_str)\n    if hour_str is None:\n        return date(year, month, day)\n    hour, minute = int(hour_str), int(minute_str)\n    sec = int(sec_str) if sec_str else 0\n    micros = int(micros_str.ljust(6, "0")) if micros_str else 0\n    if offset_sign_str:\n        tz: tzinfo | None = cached_tz(offset_hour_str, offset_minute_str, "+")\n    elif zulu_time:\n        tz = timezone.utc\n    else:  # local date-time\n        tz = None\n    return datetime(year, month, day, hour, minute, sec, micros, tzinfo=tz)\n',
        "witness": "result = match_to_datetime(RE_DATETIME.match('1979-05-27T00:32:00-07:00'))",
    },
]
