"""Hand-written wrong implementations of `youtube_dl/aes.py::aes_decrypt` (ytdl-org/youtube-dl @ deee741fb1).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before building the split (held-out set 2026-11-27d,
issue 36). Each entry: why it is a plausible mistake, the whole function, and a witness:
statements after SETUP that set `result`, whose repr differs between the reference and this
version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'ytdl-org/youtube-dl'
COMMIT = 'deee741fb145360576ceae9d69b1b43db082c404'
TARGET = 'youtube_dl/aes.py::aes_decrypt'
SETUP = 'from youtube_dl.aes import aes_decrypt, key_expansion\nek = key_expansion(list(range(16)))'
WRONG = [
    {
        "why": 'applies the inverse mix-columns in the first (last encryption) round too',
        "code": '''def aes_decrypt(data, expanded_key):
    """
    Decrypt one block with aes

    @param {int[]} data          16-Byte cipher
    @param {int[]} expanded_key  176/208/240-Byte expanded key
    @returns {int[]}             16-Byte state
    """
    rounds = len(expanded_key) // BLOCK_SIZE_BYTES - 1

    for i in range(rounds, 0, -1):
        data = xor(data, expanded_key[i * BLOCK_SIZE_BYTES: (i + 1) * BLOCK_SIZE_BYTES])
        data = mix_columns_inv(data)
        data = shift_rows_inv(data)
        data = sub_bytes_inv(data)
    data = xor(data, expanded_key[:BLOCK_SIZE_BYTES])

    return data
''',
        "witness": 'result = aes_decrypt(list(range(16)), ek)',
    },
    {
        "why": 'adds the round key after the inverse mix-columns instead of before it',
        "code": '''def aes_decrypt(data, expanded_key):
    """
    Decrypt one block with aes

    @param {int[]} data          16-Byte cipher
    @param {int[]} expanded_key  176/208/240-Byte expanded key
    @returns {int[]}             16-Byte state
    """
    rounds = len(expanded_key) // BLOCK_SIZE_BYTES - 1

    for i in range(rounds, 0, -1):
        if i != rounds:
            data = mix_columns_inv(data)
        data = xor(data, expanded_key[i * BLOCK_SIZE_BYTES: (i + 1) * BLOCK_SIZE_BYTES])
        data = shift_rows_inv(data)
        data = sub_bytes_inv(data)
    data = xor(data, expanded_key[:BLOCK_SIZE_BYTES])

    return data
''',
        "witness": 'result = aes_decrypt(list(range(16)), ek)',
    },
]
