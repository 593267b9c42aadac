"""What the generic test suites need to know of Africana's hidden things (read here, in
tests, on purpose): ``twin`` and ``redeal`` deal them differently, ``shows_secrets`` says whether
a view shows them all; ``HIDDEN_ONLY_OPTIONS`` are options under which two seeds differ only in
hidden things, ``tie_break`` decides between equal scores (None: ties share the place) and
``choose`` steers random games to their end; ``BENCH_PLAYERS`` is the table bench/bots.py
plays.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from games.africana.engine.data import COLORS, EXPEDITIONS

State = dict[str, Any]

# The starting hands, the expedition spaces and the books' first pages are public or dealt.
HIDDEN_ONLY_OPTIONS: dict[str, Any] = {
    "draw_order": ["gray", "violet", "orange", "magenta"],
    "expedition_order": ["A01", "A02", "A03", "A04", "A05"],
    "book_order": {"north": ["N01"], "south": ["S01"]},
}
BENCH_PLAYERS = 3


def tie_break(state: State, seat: int) -> int:
    """Between equal scores, the most silver places first."""
    return state["silver"][seat]


def twin(state: State, rng: random.Random, seat: int | None = None) -> State:
    """The draw pile, the expedition pile (with the removed C cards, within each back) and each
    book's unseen pages shuffled; with ``seat``, the other seats' travel cards exchanged with
    cards of the draw pile too (each hand keeps its size and its number of travel cards)."""
    other = copy.deepcopy(state)
    rng.shuffle(other["draw_pile"])
    for back in "ABC":
        pile = [i for i, c in enumerate(other["expedition_pile"]) if EXPEDITIONS[c]["back"] == back]
        removed = [c for c in other["removed"] if EXPEDITIONS[c]["back"] == back]
        cards = [other["expedition_pile"][i] for i in pile] + removed
        rng.shuffle(cards)
        for i, card in zip(pile, cards, strict=False):
            other["expedition_pile"][i] = card
        kept = [c for c in other["removed"] if EXPEDITIONS[c]["back"] != back]
        other["removed"] = sorted(kept + cards[len(pile) :])
    for piles in other["books"].values():
        seen = len(piles["right"]) - piles["unseen"]
        tail = piles["right"][seen:]
        rng.shuffle(tail)
        piles["right"][seen:] = tail
    if seat is not None:
        for seat_number, hand in enumerate(other["hands"]):
            travel = [c for c in sorted(hand) if c in COLORS and hand[c]]
            if seat_number == seat or not travel or not other["draw_pile"]:
                continue
            given = rng.choice(travel)
            index = rng.randrange(len(other["draw_pile"]))
            taken = other["draw_pile"][index]
            other["draw_pile"][index] = given
            hand[given] -= 1
            if not hand[given]:
                del hand[given]
            hand[taken] = hand.get(taken, 0) + 1
    return other


def shows_secrets(view: dict[str, Any], state: State) -> bool:
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


def redeal(state: dict) -> dict:
    """Africana: the draw pile, the expedition pile and each book's never-seen cards in reverse
    order, and the removed C cards exchanged with the C cards still in the expedition pile."""
    pile = list(reversed(state["expedition_pile"]))
    removed = list(state["removed"])
    c_places = [i for i, card in enumerate(pile) if card.startswith("C")]
    for i, place in enumerate(c_places[: len(removed)]):
        pile[place], removed[i] = removed[i], pile[place]
    books = {}
    for name, book in state["books"].items():
        right, unseen = list(book["right"]), book["unseen"]
        if unseen:
            right[len(right) - unseen :] = reversed(right[len(right) - unseen :])
        books[name] = {**book, "right": right}
    return {
        **state,
        "draw_pile": list(reversed(state["draw_pile"])),
        "expedition_pile": pile,
        "removed": removed,
        "books": books,
    }


def choose(rng: random.Random, legal: list[str]) -> str:
    """Finish whatever can be finished, mostly join and walk, so that the expedition pile runs
    out in a couple of thousand moves."""
    finish = [a for a in legal if a.startswith(("expedition", "adventure"))]
    if finish:
        return rng.choice(finish)
    join = [a for a in legal if a.startswith("join")]
    if join and rng.random() < 0.8:
        return rng.choice(join)
    walk = [a for a in legal if a.startswith("go") and "-as-" not in a]
    if walk and rng.random() < 0.6:
        return rng.choice(walk)
    return rng.choice(legal)
