"""A full Africana state sampled from one seat's observation (the hard bot's determinizations).

What the seat cannot see (ruling 9) is drawn at random, consistently with what it can: the
other seats' hands (their sizes are public), the order of the draw pile (its size and the
discard pile are public), the expedition pile and the C cards removed (the cards not yet shown,
A above B above C), and the unseen pages of each book (the cards of the book not shown and not
bought). Nothing but the observation is read.
"""

from __future__ import annotations

import random
from typing import Any

from games.africana.engine.data import (
    ADVENTURES,
    BOOK_CARDS,
    BOOKS,
    COLORS,
    EXPEDITIONS,
    SLOTS,
    TRAVEL_CARDS_PER_COLOR,
)
from games.africana.engine.legal import ASSISTANT
from games.engines.base import State

SEED_RANGE = 2**31


def _other_hand(player: dict[str, Any], on_table: list[str]) -> tuple[dict[str, int], int]:
    """The cards of another seat's hand that the public can infer (its joker and the assistants
    its finished assistant adventures gave, less those on the table), and how many of its
    cards are travel cards. A joker or assistant may have been discarded at the card limit
    since; the estimate then gives the hand a travel card too few, which the pool makes up."""
    known = {"joker": 1}
    for card in player["finished"]:
        adventure = ADVENTURES.get(card)
        if adventure and adventure["kind"] == "assistant":
            key = ASSISTANT + adventure["assistant"]
            known[key] = known.get(key, 0) + 1
    for card in on_table:
        if card in known:
            known[card] -= 1
    size = player["hand_size"]
    hand: dict[str, int] = {}
    for card in sorted(known):
        count = min(known[card], size - sum(hand.values()))
        if count > 0:
            hand[card] = count
    return hand, size - sum(hand.values())


def _travel_pool(observation: dict[str, Any], viewer: int) -> list[str]:
    """The travel cards the viewer cannot place: all 60 less its own hand, the discard pile and
    the cards on the table (a list, in colour order)."""
    left = dict.fromkeys(COLORS, TRAVEL_CARDS_PER_COLOR)
    own = observation["players"][viewer]["hand"] or {}
    for card in [*observation["discard_pile"], *observation["table"]]:
        if card in left:
            left[card] -= 1
    for card, count in own.items():
        if card in left:
            left[card] -= count
    return [color for color in COLORS for _n in range(max(left[color], 0))]


def _hands(observation: dict[str, Any], viewer: int, rng: random.Random) -> tuple[list, list]:
    """(every seat's hand, the draw pile top first), the unseen travel cards dealt at random."""
    pool = _travel_pool(observation, viewer)
    rng.shuffle(pool)
    current = observation["current_player"]
    hands = []
    for seat, player in enumerate(observation["players"]):
        if seat == viewer:
            hands.append(dict(player["hand"] or {}))
            continue
        hand, travel = _other_hand(player, observation["table"] if seat == current else [])
        for card in pool[:travel]:
            hand[card] = hand.get(card, 0) + 1
        del pool[:travel]
        hands.append(hand)
    return hands, pool[: observation["draw_pile"]]


def _expeditions(observation: dict[str, Any], rng: random.Random) -> tuple[list, list]:
    """(the expedition pile top first, the removed C cards): the cards never shown, each back
    shuffled apart, A above B above C, the removed ones taken from the C cards."""
    shown = {slot["card"] for slot in observation["slots"]}
    for player in observation["players"]:
        shown.update(player["finished"])
    unseen = {back: [] for back in "ABC"}
    for card in sorted(EXPEDITIONS):
        if card not in shown:
            unseen[EXPEDITIONS[card]["back"]].append(card)
    for cards in unseen.values():
        rng.shuffle(cards)
    removed_count = observation["removed_count"]
    removed = sorted(unseen["C"][:removed_count])
    pile = unseen["A"] + unseen["B"] + unseen["C"][removed_count:]
    return pile[: observation["expedition_pile"]], removed


def _books(observation: dict[str, Any], rng: random.Random) -> dict[str, dict[str, Any]]:
    """Each book's piles: the known cards where they are seen, the unseen bottom of the right
    pile drawn from the book's cards that nobody has seen there or bought."""
    bought = set()
    for player in observation["players"]:
        bought.update(player["adventures"])
        bought.update(player["finished"])
    books = {}
    for book in BOOKS:
        view = observation["books"][book]
        known = set(view["left"]) | set(view["right"]) | bought
        candidates = [card for card in BOOK_CARDS[book] if card not in known]
        rng.shuffle(candidates)
        missing = view["right_count"] - len(view["right"])
        tail = candidates[:missing]
        books[book] = {
            "left": list(view["left"]),
            "right": list(view["right"]) + tail,
            "unseen": len(tail),
        }
    return books


def determinize(observation: dict[str, Any], rng: random.Random) -> State:
    """A full engine state that agrees with ``observation`` (a seat's; a spectator's works too,
    every hand then being sampled), the hidden parts drawn with ``rng``.

    The reshuffle seed of the sampled state is drawn too: a reshuffle in the sampled future is
    as unknown as the real one.
    """
    players = observation["players"]
    viewer = next((seat for seat, p in enumerate(players) if p["hand"] is not None), None)
    hands, draw_pile = _hands(observation, -1 if viewer is None else viewer, rng)
    pile, removed = _expeditions(observation, rng)
    slots = [slot["card"] for slot in observation["slots"]]
    return {
        "num_players": len(players),
        "seed": rng.randrange(SEED_RANGE),
        "shuffles": 0,
        "seat": observation["current_player"],
        "phase": observation["phase"],
        "book_turns": observation["book_turns"],
        "table": list(observation["table"]),
        "explorers": [player["explorer"] for player in players],
        "silver": [player["silver"] for player in players],
        "hands": hands,
        "adventures": [list(player["adventures"]) for player in players],
        "finished": [list(player["finished"]) for player in players],
        "slots": slots + [None] * (SLOTS - len(slots)),
        "markers": [list(slot["markers"]) for slot in observation["slots"]],
        "expedition_pile": pile,
        "removed": removed,
        "draw_pile": draw_pile,
        "discard_pile": list(observation["discard_pile"]),
        "books": _books(observation, rng),
        "assistants": dict(observation["assistants"]),
        "last_round": observation["last_round"],
        "events": [],
        "final": None,
    }
