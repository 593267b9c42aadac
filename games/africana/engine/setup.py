"""Game set-up (rulebook, Game Setup; rulings 1 and 2) and the options tests use to fix it.

Options (all optional; anything else raises ValueError):

- ``"draw_order"``: travel colours, top of the draw pile first. They lie on top in that order
  (the first go to the seats' starting hands, seat 0 first); the rest of the 60 cards are
  shuffled below them.
- ``"book_order"``: ``{"north": [ids], "south": [ids]}``, each list the top of that book's
  right pile first; the book's other cards are shuffled below them.
- ``"expedition_order"``: expedition ids, top of the expedition pile first, after the removal
  of the C cards (the first five fill slots 1-5). The cards not listed follow, A then B then C,
  each shuffled; the C cards removed for the player count are taken from the unlisted C cards.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from games.africana.engine.data import (
    ASSISTANTS_PER_COLOR,
    BOOK_CARDS,
    BOOKS,
    C_CARDS_REMOVED,
    COLORS,
    COMPANIES,
    EXPEDITIONS,
    SLOTS,
    TRAVEL_CARDS_PER_COLOR,
)
from games.engines.base import State

OPTION_NAMES = frozenset({"draw_order", "book_order", "expedition_order"})


def _stacked(rng: random.Random, on_top: list[str], everything: list[str]) -> list[str]:
    """``on_top`` in its order, then the rest of ``everything`` shuffled by ``rng``."""
    rest = list(everything)
    for card in on_top:
        rest.remove(card)
    rng.shuffle(rest)
    return list(on_top) + rest


def _as_list(value: Any, what: str) -> list[str]:
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
        raise ValueError(f"{what} must be a list of strings")
    return list(value)


def _unique(ids: list[str], known: Any, what: str) -> None:
    unknown = [card for card in ids if card not in known]
    if unknown:
        raise ValueError(f"{what}: unknown cards {unknown}")
    if len(set(ids)) != len(ids):
        raise ValueError(f"{what}: a card is listed twice")


def _draw_pile(rng: random.Random, options: dict[str, Any]) -> list[str]:
    order = _as_list(options.get("draw_order", []), "draw_order")
    for color, count in Counter(order).items():
        if color not in COLORS:
            raise ValueError(f"draw_order: unknown colour {color!r}")
        if count > TRAVEL_CARDS_PER_COLOR:
            raise ValueError(f"draw_order: more than {TRAVEL_CARDS_PER_COLOR} {color} cards")
    return _stacked(rng, order, [c for c in COLORS for _ in range(TRAVEL_CARDS_PER_COLOR)])


def _expedition_pile(
    rng: random.Random, options: dict[str, Any], num_players: int
) -> tuple[list[str], list[str]]:
    """(the pile top first, the removed C cards), ruling 2."""
    order = _as_list(options.get("expedition_order", []), "expedition_order")
    _unique(order, EXPEDITIONS, "expedition_order")
    removing = C_CARDS_REMOVED[num_players]
    backs = {
        back: sorted(c for c in EXPEDITIONS if EXPEDITIONS[c]["back"] == back) for back in "ABC"
    }
    for cards in backs.values():
        rng.shuffle(cards)
    unlisted = {back: [c for c in cards if c not in order] for back, cards in backs.items()}
    if len(unlisted["C"]) < removing:
        raise ValueError(f"expedition_order: {removing} C cards must stay out of the game")
    removed, unlisted["C"] = unlisted["C"][:removing], unlisted["C"][removing:]
    return order + unlisted["A"] + unlisted["B"] + unlisted["C"], sorted(removed)


def _books(rng: random.Random, options: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Each book with all its cards in the right pile, the top one shown (ruling 4)."""
    order = options.get("book_order", {})
    if not isinstance(order, dict) or set(order) - set(BOOKS):
        raise ValueError('book_order must be {"north": [ids], "south": [ids]}')
    books = {}
    for book in BOOKS:
        top = _as_list(order.get(book, []), f"book_order[{book!r}]")
        _unique(top, BOOK_CARDS[book], f"book_order[{book!r}]")
        right = _stacked(rng, top, list(BOOK_CARDS[book]))
        books[book] = {"left": [], "right": right, "unseen": len(right) - 1}
    return books


def initial_state(num_players: int, seed: int, options: dict[str, Any] | None) -> State:
    """The state before seat 0's first turn (Game Setup, rulings 1 and 2).

    Raises ValueError for a player count outside 2-4 or bad options (see the module docstring).
    """
    if isinstance(num_players, bool) or num_players not in (2, 3, 4):
        raise ValueError("Africana is played by 2 to 4 players")
    options = dict(options or {})
    if set(options) - OPTION_NAMES:
        raise ValueError(f"unknown options: {sorted(set(options) - OPTION_NAMES)}")
    rng = random.Random(seed)
    pile, removed = _expedition_pile(rng, options, num_players)
    books = _books(rng, options)
    draw_pile = _draw_pile(rng, options)
    companies = COMPANIES[:num_players]
    hands = []
    for _seat in range(num_players):
        hand = {"joker": 1}
        color = draw_pile.pop(0)
        hand[color] = 1
        hands.append(hand)
    slots = pile[:SLOTS]
    return {
        "num_players": num_players,
        "seed": seed,
        "shuffles": 0,
        "seat": 0,
        "phase": "action",
        "book_turns": 0,
        "table": [],
        "explorers": [company["start"] for company in companies],
        "silver": [company["silver"] for company in companies],
        "hands": hands,
        "adventures": [[] for _ in companies],
        "finished": [[] for _ in companies],
        "slots": slots + [None] * (SLOTS - len(slots)),
        "markers": [[] for _ in range(SLOTS)],
        "expedition_pile": pile[SLOTS:],
        "removed": removed,
        "draw_pile": draw_pile,
        "discard_pile": [],
        "books": books,
        "assistants": {color: ASSISTANTS_PER_COLOR for color in COLORS},
        "last_round": False,
        "events": [{"type": "setup", "players": num_players}],
        "final": None,
    }
