"""Command line: ``python -m textkit <command> <text>``."""

import argparse
import sys

from .case import to_snake_case
from .slug import slugify
from .stats import flesch_reading_ease


def main(argv=None) -> int:
    """Run one textkit command on the text given on the command line and print the result."""
    parser = argparse.ArgumentParser(prog="textkit")
    parser.add_argument("command", choices=["slug", "snake", "readability"])
    parser.add_argument("text")
    args = parser.parse_args(argv)
    commands = {"slug": slugify, "snake": to_snake_case, "readability": flesch_reading_ease}
    print(commands[args.command](args.text))
    return 0


if __name__ == "__main__":
    sys.exit(main())
