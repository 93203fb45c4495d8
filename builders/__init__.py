"""Turning repositories and their analyses into datasets (sources, examples, filters, export)."""
