"""Per-engine knowledge of hidden information, for the conformance suite.

For each engine: ``twin(state, rng, seat=None)`` returns a copy of ``state`` that differs only in
what no viewer can see (with ``seat``: also in what that seat cannot see), and
``shows_secrets(view, state)`` says whether an observation-shaped ``view`` shows every hidden
thing of ``state``. A new engine adds its pair to ``HIDDEN_INFO``.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

from games.engines.africana.data import COLORS, EXPEDITIONS

State = dict[str, Any]


# -- Africa: the face-down markers ------------------------------------------------------------


def africa_twin(state: State, rng: random.Random, seat: int | None = None) -> State:
    """The face-down markers shuffled among their cells (nobody sees them; no hands)."""
    twin = copy.deepcopy(state)
    cells = sorted(twin["hidden"])
    codes = [twin["hidden"][cell] for cell in cells]
    rng.shuffle(codes)
    twin["hidden"] = dict(zip(cells, codes, strict=True))
    return twin


def africa_shows_secrets(view: dict[str, Any], state: State) -> bool:
    """Every face-down marker's code is on its cell in ``view``."""
    return all(view["cells"][cell]["marker"] == code for cell, code in state["hidden"].items())


# -- Africana: piles, unseen book pages, removed cards and (for one seat) the others' hands ----


def africana_twin(state: State, rng: random.Random, seat: int | None = None) -> State:
    """The draw pile, the expedition pile (with the removed C cards, within each back) and each
    book's unseen pages shuffled; with ``seat``, the other seats' travel cards exchanged with
    cards of the draw pile too (each hand keeps its size and its number of travel cards)."""
    twin = copy.deepcopy(state)
    rng.shuffle(twin["draw_pile"])
    for back in "ABC":
        pile = [i for i, c in enumerate(twin["expedition_pile"]) if EXPEDITIONS[c]["back"] == back]
        removed = [c for c in twin["removed"] if EXPEDITIONS[c]["back"] == back]
        cards = [twin["expedition_pile"][i] for i in pile] + removed
        rng.shuffle(cards)
        for i, card in zip(pile, cards, strict=False):
            twin["expedition_pile"][i] = card
        kept = [c for c in twin["removed"] if EXPEDITIONS[c]["back"] != back]
        twin["removed"] = sorted(kept + cards[len(pile) :])
    for piles in twin["books"].values():
        seen = len(piles["right"]) - piles["unseen"]
        tail = piles["right"][seen:]
        rng.shuffle(tail)
        piles["right"][seen:] = tail
    if seat is not None:
        for other, hand in enumerate(twin["hands"]):
            travel = [c for c in sorted(hand) if c in COLORS and hand[c]]
            if other == seat or not travel or not twin["draw_pile"]:
                continue
            given = rng.choice(travel)
            index = rng.randrange(len(twin["draw_pile"]))
            taken = twin["draw_pile"][index]
            twin["draw_pile"][index] = given
            hand[given] -= 1
            if not hand[given]:
                del hand[given]
            hand[taken] = hand.get(taken, 0) + 1
    return twin


def africana_shows_secrets(view: dict[str, Any], state: State) -> bool:
    """Every hand, both piles in order, the removed cards and the whole right pile of each
    book are in ``view``."""
    return (
        all(
            player["hand"] == {c: n for c, n in sorted(hand.items())}
            for player, hand in zip(view["players"], state["hands"], strict=True)
        )
        and view.get("draw_cards") == state["draw_pile"]
        and view.get("expedition_cards") == state["expedition_pile"]
        and view.get("removed") == state["removed"]
        and all(view["books"][b]["right"] == p["right"] for b, p in state["books"].items())
    )


# -- Nile: the deck order, the seed and the dice to come ----------------------------------------


def nile_twin(state: State, rng: random.Random, seat: int | None = None) -> State:
    """Another seed (other hash dice to come) and the draw pile shuffled; every seat sees the
    same, so ``seat`` changes nothing."""
    twin = copy.deepcopy(state)
    twin["seed"] = state["seed"] + 1 + rng.randrange(1000)
    rng.shuffle(twin["deck"]["draw"])
    return twin


def nile_shows_secrets(view: dict[str, Any], state: State) -> bool:
    """The seed, the draw pile in order and the scripted dice to come are in ``view``."""
    return (
        view.get("seed") == state["seed"]
        and view.get("draw_cards") == state["deck"]["draw"]
        and view.get("dice_to_come") == state["dice"][state["dice_at"] :]
    )


Twin = Callable[..., State]
Shows = Callable[[dict[str, Any], State], bool]
HIDDEN_INFO: dict[str, tuple[Twin, Shows]] = {
    "africa": (africa_twin, africa_shows_secrets),
    "africana": (africana_twin, africana_shows_secrets),
    "nile": (nile_twin, nile_shows_secrets),
}

# What decides between equal scores, per engine (None: ties share the place).
TIE_BREAK: dict[str, Callable[[State, int], Any] | None] = {
    "africa": None,
    "africana": lambda state, seat: state["silver"][seat],
    "nile": None,
}
