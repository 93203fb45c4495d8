"""What the builders and the evaluation both do with a candidate: ask a model for it, cut it,
place it and run it.

Why it is a layer of its own (below ``evaluation`` and ``builders``): the builders' filters
and gates judge candidates exactly the way the evaluation judges generations -- the completion
model filter keeps an example by CrossCodeEval's exact match (``scoring``), the class builder's
gates place an emptied class, mutants and a throwing stub the way a generation is placed and run
them in the same sandboxed suite (``class_runs``), the executable builder's test writer and the
class skeleton descriptions ask the same model client (``models``). With these parts here, the
evaluation is a consumer like the builders and neither imports the other
(``tests/core/test_layers.py``).

- ``models``: the one model client (HTTP endpoints and local Hugging Face models), with bounds;
- ``fim``: fill-in-the-middle prompts within a token budget;
- ``syntax``, ``postprocess``, ``scoring``: CrossCodeEval's statement cut, comment removal and
  exact match / edit similarity / identifier match of one completion;
- ``placement``: a generated function body put back in its file (executable split);
- ``class_runs``: a generated class put back in its file and its suite run in the sandbox.
"""
