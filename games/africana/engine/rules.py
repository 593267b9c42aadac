"""Turns and actions: what each action does (rulebook, Gameplay and End of a Turn; rulings
3-7). ``legal`` lists the actions that are legal. ``apply`` reads an action and hands it to
its handler: the three actions are in ``actions``, the frame of a turn and its end in ``turn``.

A turn moves through phases stored in ``state["phase"]``:

- ``"action"``: the player picks one of the three actions by its first step (``draw``; ``turn``
  or ``buy``; ``go``, ``join``, ``expedition`` or ``adventure``) or ``done``, a move of zero
  steps;
- ``"book"`` / ``"move"``: more steps of the chosen action, until ``done``;
- ``"discard"`` / ``"drop"``: the card limits at the end of the turn;
- ``"over"``: the game has ended.
"""

from __future__ import annotations

from games.africana.engine.actions import (
    do_adventure,
    do_buy,
    do_draw,
    do_expedition,
    do_go,
    do_join,
    do_turn,
)
from games.africana.engine.legal import ARITY
from games.africana.engine.turn import do_discard, do_done, do_drop
from games.engines.base import IllegalAction, State
from games.engines.base import gettext_noop as _


def clone(state: State) -> State:
    """A copy of ``state`` that can be changed without touching ``state`` (no deepcopy).

    Every list and dict of ``state`` is copied: the two states share no mutable container.
    """
    new = state.copy()
    # map() runs the per-seat and per-slot copies in C, faster than comprehensions.
    new["table"] = state["table"].copy()
    new["explorers"] = state["explorers"].copy()
    new["silver"] = state["silver"].copy()
    new["hands"] = list(map(dict.copy, state["hands"]))
    new["adventures"] = list(map(list.copy, state["adventures"]))
    new["finished"] = list(map(list.copy, state["finished"]))
    new["slots"] = state["slots"].copy()
    new["markers"] = list(map(list.copy, state["markers"]))
    new["expedition_pile"] = state["expedition_pile"].copy()
    new["removed"] = state["removed"].copy()
    new["draw_pile"] = state["draw_pile"].copy()
    new["discard_pile"] = state["discard_pile"].copy()
    north, south = state["books"]["north"], state["books"]["south"]
    new["books"] = {
        "north": {
            "left": north["left"].copy(),
            "right": north["right"].copy(),
            "unseen": north["unseen"],
        },
        "south": {
            "left": south["left"].copy(),
            "right": south["right"].copy(),
            "unseen": south["unseen"],
        },
    }
    new["assistants"] = state["assistants"].copy()
    new["events"] = []
    return new


# ---------------------------------------------------------------------------------------------
# Applying an action


def apply(state: State, action: str) -> State:
    """A new state after ``action`` by the current player (rulings 3-7).

    Accepts any case and extra blanks. Raises IllegalAction with a reason for anything the
    rules do not allow here, including text that is no action; ``state`` is never changed.
    """
    if not isinstance(action, str):
        raise IllegalAction(_("That is not an action."), code="not_an_action")
    words = action.lower().split()
    if state["phase"] == "over":
        raise IllegalAction(_("The game is over."), code="game_over")
    handler = _HANDLERS.get(words[0]) if words else None
    if handler is None or len(words) != ARITY[words[0]] + 1:
        raise IllegalAction(
            _("“{action}” is not an action."), code="not_an_action", action=action.strip()
        )
    new = clone(state)
    handler(new, new["seat"], *words[1:])
    return new


# Verb -> its handler; ``legal.ARITY`` says how many words follow each verb.
_HANDLERS = {
    "draw": do_draw,
    "turn": do_turn,
    "buy": do_buy,
    "go": do_go,
    "join": do_join,
    "expedition": do_expedition,
    "adventure": do_adventure,
    "done": do_done,
    "discard": do_discard,
    "drop": do_drop,
}
