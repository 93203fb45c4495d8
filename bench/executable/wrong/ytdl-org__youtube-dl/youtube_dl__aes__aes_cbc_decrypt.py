"""Hand-written wrong implementations of `youtube_dl/aes.py::aes_cbc_decrypt` (ytdl-org/youtube-dl @ deee741fb1).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before building the split (held-out set 2026-11-27d,
issue 36). Each entry: why it is a plausible mistake, the whole function, and a witness:
statements after SETUP that set `result`, whose repr differs between the reference and this
version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'ytdl-org/youtube-dl'
COMMIT = 'deee741fb145360576ceae9d69b1b43db082c404'
TARGET = 'youtube_dl/aes.py::aes_cbc_decrypt'
SETUP = 'from youtube_dl.aes import aes_cbc_decrypt\nkey = list(range(16))\niv = [7] * 16'
WRONG = [
    {
        "why": 'chains with the previous decrypted block instead of the previous cipher block',
        "code": '''def aes_cbc_decrypt(data, key, iv):
    """
    Decrypt with aes in CBC mode

    @param {int[]} data        cipher
    @param {int[]} key         16/24/32-Byte cipher key
    @param {int[]} iv          16-Byte IV
    @returns {int[]}           decrypted data
    """
    expanded_key = key_expansion(key)
    block_count = int(ceil(float(len(data)) / BLOCK_SIZE_BYTES))

    decrypted_data = []
    previous_cipher_block = iv
    for i in range(block_count):
        block = data[i * BLOCK_SIZE_BYTES: (i + 1) * BLOCK_SIZE_BYTES]
        block += [0] * (BLOCK_SIZE_BYTES - len(block))

        decrypted_block = aes_decrypt(block, expanded_key)
        plain = xor(decrypted_block, previous_cipher_block)
        decrypted_data += plain
        previous_cipher_block = plain
    decrypted_data = decrypted_data[:len(data)]

    return decrypted_data
''',
        "witness": 'result = aes_cbc_decrypt(list(range(32)), key, iv)',
    },
    {
        "why": 'does not truncate the zero-padded last block back to the input length',
        "code": '''def aes_cbc_decrypt(data, key, iv):
    """
    Decrypt with aes in CBC mode

    @param {int[]} data        cipher
    @param {int[]} key         16/24/32-Byte cipher key
    @param {int[]} iv          16-Byte IV
    @returns {int[]}           decrypted data
    """
    expanded_key = key_expansion(key)
    block_count = int(ceil(float(len(data)) / BLOCK_SIZE_BYTES))

    decrypted_data = []
    previous_cipher_block = iv
    for i in range(block_count):
        block = data[i * BLOCK_SIZE_BYTES: (i + 1) * BLOCK_SIZE_BYTES]
        block += [0] * (BLOCK_SIZE_BYTES - len(block))

        decrypted_block = aes_decrypt(block, expanded_key)
        decrypted_data += xor(decrypted_block, previous_cipher_block)
        previous_cipher_block = block

    return decrypted_data
''',
        "witness": 'result = len(aes_cbc_decrypt(list(range(20)), key, iv))',
    },
]
