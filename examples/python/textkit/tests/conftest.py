import pytest


@pytest.fixture
def sample_text():
    return (
        "The quick brown fox jumps over the lazy dog. The dog sleeps! "
        "Does the fox care? Nobody knows, but the fox keeps running."
    )
