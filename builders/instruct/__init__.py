"""The instruction-tuning split: functions of training repositories as instruction/response
pairs, with evaluation repositories and functions excluded."""
