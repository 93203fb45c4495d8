"""The cross-file completion split (CrossCodeEval's method): examples at first cross-file uses,
their filters, retrieved cross-file context, the sharded per-repository pipeline and export."""
