"""What a user runs against the Hub, in a fresh process whose ``HF_ENDPOINT`` is the stand-in.

``huggingface_hub`` and ``datasets`` read ``HF_ENDPOINT`` when they are imported, so pushes and
loads run here (``python -m tests.hub.client ...``) rather than in the pytest process. Prints
one JSON object on stdout.

    push OUTPUT REPO LANG [LANG...]      -> {"urls": [...]}  or {"error": "..."}
    load REPO CONFIG [CONFIG...]         -> {"<config>": {"rows": [...], "features": ..., "splits": {split: n}}, "default": ...}
    serve                                -> one JSON command per stdin line ({"args": [...], "token": ...}),
                                            one JSON answer per stdout line (one process for many calls)
"""

from __future__ import annotations

import json
import sys


def push(output: str, repo: str, languages: list[str], token: str | None = None) -> dict:
    from crossfile_datasets.builders.hub import HubError, HubInputError, push_to_hub

    try:
        return {"urls": push_to_hub(output, repo, languages, token=token)}
    except (HubError, HubInputError) as exc:
        return {"error": str(exc), "type": type(exc).__name__}


def load(repo: str, configs: list[str]) -> dict:
    import datasets

    out: dict = {}
    loaded = {}
    for config in configs:
        parts = datasets.load_dataset(repo, config)  # every split of the configuration
        first = next(iter(parts))  # cross_file_first, full_context, test
        loaded[config] = parts[first]
        out[config] = {"rows": parts[first].to_list(), "features": str(parts[first].features), "first": first,
                       "splits": {name: len(part) for name, part in parts.items()},
                       "split_rows": {name: part.to_list() for name, part in parts.items()},
                       "split_features": sorted({str(part.features) for part in parts.values()})}
        out[config]["in_file_rows"] = parts["in_file"].to_list() if "in_file" in parts else None
    completion = [c for c in configs if not c.endswith(("_executable", "_class", "_instruct"))]
    if completion:  # no configuration name: the card's default (a completion configuration)
        default = datasets.load_dataset(repo, split="cross_file_first")
        out["default"] = {"rows": len(default), "features": str(default.features)}
    by_lang: dict[str, list] = {}
    for config in completion:
        by_lang.setdefault(config.split("_")[0], []).append(loaded[config])
    out["concatenated"] = {lang: len(datasets.concatenate_datasets(parts)) for lang, parts in by_lang.items()}
    return out


def run(command: str, args: list[str], token: str | None = None) -> dict:
    return push(args[0], args[1], args[2:], token) if command == "push" else load(args[0], args[1:])


if __name__ == "__main__":
    if sys.argv[1:] == ["serve"]:
        for line in sys.stdin:
            request = json.loads(line)
            print(json.dumps(run(request["args"][0], request["args"][1:], request.get("token")), default=str), flush=True)
    else:
        print(json.dumps(run(sys.argv[1], sys.argv[2:]), default=str))
