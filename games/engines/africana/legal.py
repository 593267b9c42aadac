"""Which actions the current player may take (rulings 3-7): the canonical strings, sorted.

Kept beside ``rules`` (which applies them); ``rules.apply`` accepts exactly these strings, in
any case and spacing.
"""

from __future__ import annotations

from typing import Any

from games.engines.africana.data import (
    ADVENTURE_PRICE,
    ADVENTURES,
    BOARD,
    COLORS,
    EXPEDITIONS,
    MARKERS,
    RECOLOR_PRICE,
)

State = dict[str, Any]
ASSISTANT = "assistant-"


def page_cost(state: State) -> int:
    """Silver for the next page turned this turn: the first is free, then 1 each (ruling 4)."""
    return 0 if state["book_turns"] == 0 else 1


def markers_out(state: State, seat: int) -> int:
    """How many of ``seat``'s 4 company markers lie on expedition cards."""
    return sum(seat in seats for seats in state["markers"])


def is_travel(card: str) -> bool:
    """True for a travel card key (a colour), False for ``joker`` and ``assistant-<colour>``."""
    return card in COLORS


def legal_actions(state: State) -> list[str]:
    """Every legal action string of the current player, sorted; [] once the game is over."""
    phase = state["phase"]
    seat = state["seat"]
    if phase == "over":
        return []
    if phase == "discard":
        return sorted(f"discard {card}" for card, n in state["hands"][seat].items() if n)
    if phase == "drop":
        return sorted(f"drop {card}" for card in state["adventures"][seat])
    actions = ["done"]
    if phase == "action":
        actions.append("draw")
    if phase in ("action", "book"):
        actions += _book_actions(state, seat)
    if phase in ("action", "move"):
        actions += _move_actions(state, seat)
    return sorted(actions)


def _book_actions(state: State, seat: int) -> list[str]:
    book = BOARD.book(state["explorers"][seat])
    piles = state["books"][book]
    silver = state["silver"][seat]
    actions = []
    if silver >= page_cost(state):
        if piles["right"]:
            actions.append(f"turn {book} forward")
        if piles["left"]:
            actions.append(f"turn {book} back")
    if silver >= ADVENTURE_PRICE:
        actions += [f"buy {book} {side}" for side in ("left", "right") if piles[side]]
    return actions


def _move_actions(state: State, seat: int) -> list[str]:
    here = state["explorers"][seat]
    actions = []
    out = markers_out(state, seat)
    for card, seats in zip(state["slots"], state["markers"], strict=True):
        if card is None:
            continue
        expedition = EXPEDITIONS[card]
        if seat in seats:
            if expedition["target"] == here:
                actions.append(f"expedition {card}")
        elif expedition["start"] == here and out < MARKERS:
            actions.append(f"join {card}")
    actions += [
        f"adventure {c}" for c in state["adventures"][seat] if ADVENTURES[c]["target"] == here
    ]
    hand = state["hands"][seat]
    held = [card for card, n in hand.items() if n]
    can_recolor = state["silver"][seat] >= RECOLOR_PRICE
    for loc in BOARD.routes(here):
        colors = BOARD.colors(loc)
        specs = set()
        for card in held:
            if card == "joker":
                specs.add(card)
                continue
            color = card.removeprefix(ASSISTANT)
            if color in colors:
                specs.add(card)
            elif can_recolor:
                specs.update(f"{card}-as-{c}" for c in colors)
        actions += [f"go {loc} {spec}" for spec in specs]
    return actions
