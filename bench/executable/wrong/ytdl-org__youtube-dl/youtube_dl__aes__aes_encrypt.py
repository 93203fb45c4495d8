"""Hand-written wrong implementations of `youtube_dl/aes.py::aes_encrypt` (ytdl-org/youtube-dl @ deee741fb1).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before building the split (held-out set 2026-11-27d,
issue 36). Each entry: why it is a plausible mistake, the whole function, and a witness:
statements after SETUP that set `result`, whose repr differs between the reference and this
version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'ytdl-org/youtube-dl'
COMMIT = 'deee741fb145360576ceae9d69b1b43db082c404'
TARGET = 'youtube_dl/aes.py::aes_encrypt'
SETUP = 'from youtube_dl.aes import aes_encrypt, key_expansion\nek = key_expansion(list(range(16)))'
WRONG = [
    {
        "why": 'mixes columns in the last round too',
        "code": '''def aes_encrypt(data, expanded_key):
    """
    Encrypt one block with aes

    @param {int[]} data          16-Byte state
    @param {int[]} expanded_key  176/208/240-Byte expanded key
    @returns {int[]}             16-Byte cipher
    """
    rounds = len(expanded_key) // BLOCK_SIZE_BYTES - 1

    data = xor(data, expanded_key[:BLOCK_SIZE_BYTES])
    for i in range(1, rounds + 1):
        data = sub_bytes(data)
        data = shift_rows(data)
        data = mix_columns(data)
        data = xor(data, expanded_key[i * BLOCK_SIZE_BYTES: (i + 1) * BLOCK_SIZE_BYTES])

    return data
''',
        "witness": 'result = aes_encrypt(list(range(16)), ek)',
    },
    {
        "why": 'one round too few (range stops before the last round)',
        "code": '''def aes_encrypt(data, expanded_key):
    """
    Encrypt one block with aes

    @param {int[]} data          16-Byte state
    @param {int[]} expanded_key  176/208/240-Byte expanded key
    @returns {int[]}             16-Byte cipher
    """
    rounds = len(expanded_key) // BLOCK_SIZE_BYTES - 1

    data = xor(data, expanded_key[:BLOCK_SIZE_BYTES])
    for i in range(1, rounds):
        data = sub_bytes(data)
        data = shift_rows(data)
        if i != rounds:
            data = mix_columns(data)
        data = xor(data, expanded_key[i * BLOCK_SIZE_BYTES: (i + 1) * BLOCK_SIZE_BYTES])

    return data
''',
        "witness": 'result = aes_encrypt(list(range(16)), ek)',
    },
]
