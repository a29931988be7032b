"""The reproduce stages, in the order they run and are reported: a stage is one module that
registers itself here (harness/reproduce/stages/), and the runner and the report both walk
this list."""
from __future__ import annotations

from typing import Any

_STAGES: dict[str, Any] = {}


def register(stage: Any) -> Any:
    """Adds stage (an object with the Stage protocol of stage.py) after those registered;
    one of the same name is replaced in place."""
    if not stage.name or "," in stage.name:
        raise ValueError(f"a stage needs a name without commas, not {stage.name!r}")
    _load_builtin()     # the paper's stages first, whoever registers first
    _STAGES[stage.name] = stage
    return stage


def unregister(name: str) -> None:
    _STAGES.pop(name, None)


def stages() -> list[Any]:
    _load_builtin()
    return list(_STAGES.values())


def names() -> list[str]:
    return [s.name for s in stages()]


def get(name: str) -> Any:
    _load_builtin()
    return _STAGES[name]


def _load_builtin() -> None:
    # importing the package registers the paper's stages, in its order (while it is being
    # imported, this import returns the module as far as it got)
    from harness.reproduce import stages as _  # noqa: F401
