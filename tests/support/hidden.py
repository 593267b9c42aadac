"""Per-game knowledge of hidden information for the generic suites, derived from each game's
``testing`` module beside its engine (``games/<game>/engine/testing.py``).

For each game: ``twin(state, rng, seat=None)`` returns a copy of ``state`` that differs only in
what no viewer can see (with ``seat``: also in what that seat cannot see), and
``shows_secrets(view, state)`` says whether an observation-shaped ``view`` shows every hidden
thing of ``state``. A new game writes its own ``testing`` module; nothing here names a game.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from types import ModuleType
from typing import Any

from games import PACKAGES

State = dict[str, Any]

#: {game: its ``testing`` module}, for every registered game.
TESTING: dict[str, ModuleType] = {
    name: import_module(f"{package}.engine.testing") for name, package in PACKAGES.items()
}

Twin = Callable[..., State]
Shows = Callable[[dict[str, Any], State], bool]
HIDDEN_INFO: dict[str, tuple[Twin, Shows]] = {
    name: (testing.twin, testing.shows_secrets) for name, testing in TESTING.items()
}

#: What decides between equal scores, per game (None: ties share the place).
TIE_BREAK: dict[str, Callable[[State, int], Any] | None] = {
    name: testing.tie_break for name, testing in TESTING.items()
}
