"""The bottom layer: records, constants, text decoding, JSON Lines, cache locations, the build
report and the tokenizer. It imports nothing else of this project, so every other layer
(checkers, languages, sandbox, evaluation, builders) can share it without cycles."""
