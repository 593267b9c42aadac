"""Which actions the current player may take (rulings 3-7): the canonical strings, sorted.

Kept beside ``rules`` (which applies them); ``rules.apply`` accepts exactly these strings, in
any case and spacing.
"""

from __future__ import annotations

from games.africana.engine.data import (
    ADVENTURE_PRICE,
    ADVENTURES,
    BOARD,
    BOOK_AT,
    BOOKS,
    COLORS,
    EXPEDITIONS,
    MARKERS,
    RECOLOR_PRICE,
)
from games.engines.base import IllegalAction, State, has_control_characters
from games.engines.base import gettext_noop as _

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


# The book steps of each book: (turn forward, turn back, buy left, buy right).
_BOOK_STEPS = {
    book: (f"turn {book} forward", f"turn {book} back", f"buy {book} left", f"buy {book} right")
    for book in BOOKS
}


def _book_actions(state: State, seat: int) -> list[str]:
    book = BOOK_AT[state["explorers"][seat]]
    piles = state["books"][book]
    left, right = piles["left"], piles["right"]
    silver = state["silver"][seat]
    forward, back, buy_left, buy_right = _BOOK_STEPS[book]
    actions = []
    if silver >= page_cost(state):
        if right:
            actions.append(forward)
        if left:
            actions.append(back)
    if silver >= ADVENTURE_PRICE:
        if left:
            actions.append(buy_left)
        if right:
            actions.append(buy_right)
    return actions


def _go_steps(here: str, card: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The ``go`` actions from ``here`` playing ``card`` (ruling 5): (those it fits as it is,
    those and the ones that recolour it), the second for a player with the silver to recolour."""
    fits, recolors = [], []
    for loc in BOARD.routes(here):
        colors = BOARD.colors(loc)
        if card == "joker" or card.removeprefix(ASSISTANT) in colors:
            fits.append(f"go {loc} {card}")
        else:
            recolors += [f"go {loc} {card}-as-{c}" for c in colors]
    return tuple(fits), tuple(fits + recolors)


CARD_KINDS: tuple[str, ...] = ("joker", *COLORS, *(ASSISTANT + color for color in COLORS))
"""Every card a hand can hold: the joker, the travel colours and the assistants."""


def _card_specs() -> dict[str, tuple[str, str | None]]:
    specs: dict[str, tuple[str, str | None]] = {}
    for card in CARD_KINDS:
        specs[card] = (card, None)
        if card != "joker":
            specs.update({f"{card}-as-{color}": (card, color) for color in COLORS})
    return specs


CARD_SPECS = _card_specs()
"""Every card spec a ``go`` may play -> (the hand card, the colour it becomes or None)."""

# Looking the steps up beats rebuilding them: move actions are most of every legal list.
_GO_STEPS: dict[str, dict[str, tuple[tuple[str, ...], tuple[str, ...]]]] = {
    here: {card: _go_steps(here, card) for card in CARD_KINDS} for here in BOARD.locations
}

# Location -> the expeditions that start there, and those that end there.
_STARTING_AT = {
    loc: frozenset(cid for cid, card in EXPEDITIONS.items() if card["start"] == loc)
    for loc in BOARD.locations
}
_ENDING_AT = {
    loc: frozenset(cid for cid, card in EXPEDITIONS.items() if card["target"] == loc)
    for loc in BOARD.locations
}
_ADVENTURE_TARGET = {cid: card["target"] for cid, card in ADVENTURES.items()}


def _move_actions(state: State, seat: int) -> list[str]:
    here = state["explorers"][seat]
    starting, ending = _STARTING_AT[here], _ENDING_AT[here]
    actions = []
    joins = []
    out = 0  # markers_out, counted in the same pass over the slots
    for card, seats in zip(state["slots"], state["markers"], strict=True):
        if seat in seats:
            out += 1
            if card in ending:
                actions.append(f"expedition {card}")
        elif card in starting:
            joins.append(f"join {card}")
    if out < MARKERS:
        actions += joins
    for card in state["adventures"][seat]:
        if _ADVENTURE_TARGET[card] == here:
            actions.append(f"adventure {card}")
    steps = _GO_STEPS[here]
    can_recolor = state["silver"][seat] >= RECOLOR_PRICE
    for card, n in state["hands"][seat].items():
        if n:
            # A bool indexes the pair: [False] the fitting steps, [True] those and recolours.
            actions += (steps.get(card) or _go_steps(here, card))[can_recolor]
    return actions


#: The move notation: {verb: how many words follow it}, the one table that ``rules.apply``,
#: ``canonical`` and the kind's reader of typed lines (``GameKind.notation``) read.
ARITY = {
    "draw": 0,
    "turn": 2,
    "buy": 2,
    "go": 2,
    "join": 1,
    "expedition": 1,
    "adventure": 1,
    "done": 0,
    "discard": 1,
    "drop": 1,
}
# Verb -> for each word after it, the canonical words it may be (keys: the word in lower case).
_WORDS: dict[str, tuple[dict[str, str], ...]] = {
    "turn": ({b: b for b in BOOKS}, {"forward": "forward", "back": "back"}),
    "buy": ({b: b for b in BOOKS}, {"left": "left", "right": "right"}),
    "go": ({loc.lower(): loc for loc in BOARD.locations}, {spec: spec for spec in CARD_SPECS}),
    "join": ({card.lower(): card for card in EXPEDITIONS},),
    "expedition": ({card.lower(): card for card in EXPEDITIONS},),
    "adventure": ({card.lower(): card for card in ADVENTURES},),
    "drop": ({card.lower(): card for card in ADVENTURES},),
    "discard": ({card: card for card in CARD_KINDS},),
}


def canonical(state: State, text: str) -> str:
    """The canonical spelling of the typed action ``text`` (the move notation of africana.md):
    verbs, books, sides, locations and cards lower case, expedition and adventure ids upper
    case; any case and extra blanks are accepted.

    Raises IllegalAction for text that is no Africana action: an unknown verb, a wrong number
    of words, a book, location, card or id that does not exist, or a control character.
    Whether the action is legal now is for ``apply`` to say.
    """
    if not isinstance(text, str) or has_control_characters(text):
        raise IllegalAction(_("That is not an action."), code="not_an_action")
    words = text.lower().split()
    if not words or ARITY.get(words[0]) != len(words) - 1:
        raise IllegalAction(
            _("“{action}” is not an action."), code="not_an_action", action=text.strip()
        )
    spelled = [words[0]]
    for word, known in zip(words[1:], _WORDS.get(words[0], ()), strict=True):
        if word not in known:
            raise IllegalAction(
                _("“{action}” is not an action."), code="not_an_action", action=text.strip()
            )
        spelled.append(known[word])
    return " ".join(spelled)


def timeout_action(state: State) -> str:
    """The action that ends a timed-out turn changing least: ``done`` (end the action, or pass
    before one); at the card limits, discard a travel card (the first in colour order; a joker
    or an assistant only when the hand holds nothing else) or drop the first adventure in id
    order. Raises ValueError once the game is over."""
    phase = state["phase"]
    seat = state["seat"]
    if phase == "over":
        raise ValueError("the game is over")
    if phase == "discard":
        hand = state["hands"][seat]
        travel = [color for color in COLORS if hand.get(color)]
        return f"discard {travel[0]}" if travel else legal_actions(state)[0]
    if phase == "drop":
        return f"drop {min(state['adventures'][seat])}"
    return "done"
