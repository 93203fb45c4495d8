"""Hand-written wrong implementations of `youtube_dl/downloader/f4m.py::build_fragments_list` (ytdl-org/youtube-dl @ deee741fb1).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before building the split (held-out set 2026-11-27d,
issue 36). Each entry: why it is a plausible mistake, the whole function, and a witness:
statements after SETUP that set `result`, whose repr differs between the reference and this
version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'ytdl-org/youtube-dl'
COMMIT = 'deee741fb145360576ceae9d69b1b43db082c404'
TARGET = 'youtube_dl/downloader/f4m.py::build_fragments_list'
SETUP = 'from youtube_dl.downloader.f4m import build_fragments_list'
WRONG = [
    {
        "why": 'restarts the fragment numbering for every segment',
        "code": '''def build_fragments_list(boot_info):
    """ Return a list of (segment, fragment) for each fragment in the video """
    res = []
    segment_run_table = boot_info['segments'][0]
    fragment_run_entry_table = boot_info['fragments'][0]['fragments']
    first_frag_number = fragment_run_entry_table[0]['first']
    for segment, fragments_count in segment_run_table['segment_run']:
        fragments_counter = itertools.count(first_frag_number)
        # In some live HDS streams (for example Rai), `fragments_count` is
        # abnormal and causing out-of-memory errors. It's OK to change the
        # number of fragments for live streams as they are updated periodically
        if fragments_count == 4294967295 and boot_info['live']:
            fragments_count = 2
        for _ in range(fragments_count):
            res.append((segment, next(fragments_counter)))

    if boot_info['live']:
        res = res[-2:]

    return res
''',
        "witness": "bi = {'segments': [{'segment_run': [(1, 3), (2, 2)]}], 'fragments': [{'fragments': [{'first': 5}]}], 'live': False}\nresult = build_fragments_list(bi)",
    },
    {
        "why": 'keeps the first two fragments of a live stream instead of the last two',
        "code": '''def build_fragments_list(boot_info):
    """ Return a list of (segment, fragment) for each fragment in the video """
    res = []
    segment_run_table = boot_info['segments'][0]
    fragment_run_entry_table = boot_info['fragments'][0]['fragments']
    first_frag_number = fragment_run_entry_table[0]['first']
    fragments_counter = itertools.count(first_frag_number)
    for segment, fragments_count in segment_run_table['segment_run']:
        # In some live HDS streams (for example Rai), `fragments_count` is
        # abnormal and causing out-of-memory errors. It's OK to change the
        # number of fragments for live streams as they are updated periodically
        if fragments_count == 4294967295 and boot_info['live']:
            fragments_count = 2
        for _ in range(fragments_count):
            res.append((segment, next(fragments_counter)))

    if boot_info['live']:
        res = res[:2]

    return res
''',
        "witness": "bi = {'segments': [{'segment_run': [(1, 3), (2, 2)]}], 'fragments': [{'fragments': [{'first': 5}]}], 'live': True}\nresult = build_fragments_list(bi)",
    },
]
