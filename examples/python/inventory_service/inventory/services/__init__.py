"""Application services built on the repository, pricing and events."""
