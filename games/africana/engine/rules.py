"""Turns and actions: what each action does (rulebook, Gameplay and End of a Turn; rulings
3-7). ``legal`` lists the actions that are legal.

A turn moves through phases stored in ``state["phase"]``:

- ``"action"``: the player picks one of the three actions by its first step (``draw``; ``turn``
  or ``buy``; ``go``, ``join``, ``expedition`` or ``adventure``) or ``done``, a move of zero
  steps;
- ``"book"`` / ``"move"``: more steps of the chosen action, until ``done``;
- ``"discard"`` / ``"drop"``: the card limits at the end of the turn;
- ``"over"``: the game has ended.
"""

from __future__ import annotations

import random
from typing import Any

from games.africana.engine.data import (
    ADVENTURE_LIMIT,
    ADVENTURE_PRICE,
    ADVENTURES,
    BOOK_AT,
    EXPEDITIONS,
    HAND_LIMIT,
    MARKERS,
    NEIGHBORS,
    RECOLOR_PRICE,
    SLOT_BONUS,
    STEP_COLORS,
)
from games.africana.engine.legal import (
    ARITY,
    ASSISTANT,
    CARD_SPECS,
    is_travel,
    markers_out,
    page_cost,
)
from games.africana.engine.scoring import final_scores
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
        raise IllegalAction(_("That is not an action."))
    words = action.lower().split()
    if state["phase"] == "over":
        raise IllegalAction(_("The game is over."))
    handler = _HANDLERS.get(words[0]) if words else None
    if handler is None or len(words) != ARITY[words[0]] + 1:
        raise IllegalAction(_("“{action}” is not an action."), action=action.strip())
    new = clone(state)
    handler(new, new["seat"], *words[1:])
    return new


def _event(state: State, kind: str, seat: int, **fields: Any) -> None:
    # The commonest steps (draw, turn, go, pass) append their event dicts directly: faster.
    state["events"].append({"type": kind, "seat": seat, **fields})


def _require_phase(state: State, *phases: str) -> None:
    phase = state["phase"]
    if phase in phases:
        return
    if phase == "discard":
        raise IllegalAction(_("You hold more than {limit} cards: discard first."), limit=HAND_LIMIT)
    if phase == "drop":
        raise IllegalAction(
            _("You have more than {limit} unfinished adventures: drop one first."),
            limit=ADVENTURE_LIMIT,
        )
    if phase == "book":
        raise IllegalAction(_("You are buying adventure cards this turn; finish with “done”."))
    if phase == "move":
        raise IllegalAction(_("You are moving your explorer this turn; finish with “done”."))
    raise IllegalAction(_("That comes at the end of a turn, not now."))


def _draw_one(state: State) -> str | None:
    """The top travel card of the draw pile, reshuffling the discard pile when it runs out."""
    pile = state["draw_pile"]
    if not pile and state["discard_pile"]:
        pile.extend(state["discard_pile"])
        state["discard_pile"] = []
        state["shuffles"] += 1
        random.Random(f"{state['seed']}:reshuffle:{state['shuffles']}").shuffle(pile)
        state["events"].append({"type": "reshuffle", "cards": len(pile)})
    return pile.pop(0) if pile else None


def _gain(state: State, seat: int, card: str, count: int = 1) -> None:
    hand = state["hands"][seat]
    hand[card] = hand.get(card, 0) + count


def _lose(state: State, seat: int, card: str) -> None:
    hand = state["hands"][seat]
    if hand[card] == 1:
        del hand[card]
    else:
        hand[card] -= 1


def _pay(state: State, seat: int, silver: int) -> None:
    if state["silver"][seat] < silver:
        raise IllegalAction(
            _("That costs {cost} silver and you have {silver}."),
            cost=silver,
            silver=state["silver"][seat],
        )
    state["silver"][seat] -= silver


# A) Draw travel cards -------------------------------------------------------------------------


def _do_draw(state: State, seat: int) -> None:
    _require_phase(state, "action")
    drawn = 0
    for _i in range(2):
        card = _draw_one(state)
        if card is not None:
            _gain(state, seat, card)
            drawn += 1
    state["events"].append({"type": "draw", "seat": seat, "cards": drawn})
    _end_action(state, seat)


# B) Buy adventure cards -----------------------------------------------------------------------


def _own_book(state: State, seat: int, book: str) -> dict[str, Any]:
    _require_phase(state, "action", "book")
    if book not in ("north", "south"):
        raise IllegalAction(_("There is no book called “{book}”."), book=book)
    mine = BOOK_AT[state["explorers"][seat]]
    if book != mine:
        raise IllegalAction(
            _("Your explorer is in the {hemisphere}: you may only use the {hemisphere} book."),
            hemisphere=mine,
        )
    state["phase"] = "book"
    return state["books"][book]


def _reveal(piles: dict[str, Any]) -> None:
    """Keep the top of the right pile shown: it is never among the unseen cards (ruling 4)."""
    shown_from = len(piles["right"]) - 1
    if piles["unseen"] > shown_from:
        piles["unseen"] = max(shown_from, 0)


def _do_turn(state: State, seat: int, book: str, direction: str) -> None:
    piles = _own_book(state, seat, book)
    if direction not in ("forward", "back"):
        raise IllegalAction(_("Turn a page “forward” or “back”."))
    source, target = ("right", "left") if direction == "forward" else ("left", "right")
    if not piles[source]:
        raise IllegalAction(_("There is no page left to turn {direction}."), direction=direction)
    cost = page_cost(state)
    _pay(state, seat, cost)
    piles[target].insert(0, piles[source].pop(0))
    _reveal(piles)
    state["book_turns"] += 1
    left, right = piles["left"], piles["right"]
    state["events"].append(
        {
            "type": "turn",
            "seat": seat,
            "book": book,
            "direction": direction,
            "silver": cost,
            "left_top": left[0] if left else None,
            "right_top": right[0] if right else None,
        }
    )


def _do_buy(state: State, seat: int, book: str, side: str) -> None:
    piles = _own_book(state, seat, book)
    if side not in ("left", "right"):
        raise IllegalAction(_("Buy the “left” or the “right” card."))
    if not piles[side]:
        raise IllegalAction(_("There is no card on the {side} of the book."), side=side)
    _pay(state, seat, ADVENTURE_PRICE)
    card = piles[side].pop(0)
    _reveal(piles)
    state["adventures"][seat].append(card)
    _event(state, "buy", seat, book=book, side=side, adventure=card, silver=ADVENTURE_PRICE)


# C) Move explorer ----------------------------------------------------------------------------


def _parse_card(spec: str) -> tuple[str, str | None]:
    """(the hand card, the colour it is recoloured to or None) for a card spec (ruling 5)."""
    parsed = CARD_SPECS.get(spec)
    if parsed is None:
        raise IllegalAction(_("“{spec}” is not a card."), spec=spec)
    return parsed


def _do_go(state: State, seat: int, loc: str, spec: str) -> None:
    _require_phase(state, "action", "move")
    here = state["explorers"][seat]
    if loc not in NEIGHBORS:
        raise IllegalAction(_("There is no location called “{location}”."), location=loc)
    if loc not in NEIGHBORS[here]:
        raise IllegalAction(
            _("No travel route joins {here} to {location}."), here=here, location=loc
        )
    card, recolor = _parse_card(spec)
    if not state["hands"][seat].get(card):
        raise IllegalAction(_("You have no {card} card in your hand."), card=card)
    colors = STEP_COLORS[loc]
    color = card.removeprefix(ASSISTANT)
    if recolor is not None:
        if color in colors:
            raise IllegalAction(
                _("Your {card} card already fits: no need to change its colour."), card=card
            )
        if recolor not in colors:
            raise IllegalAction(
                _("A step to {location} needs {colors}."), location=loc, colors=" / ".join(colors)
            )
        _pay(state, seat, RECOLOR_PRICE)
    elif card != "joker" and color not in colors:
        raise IllegalAction(
            _("A step to {location} needs {colors}."), location=loc, colors=" / ".join(colors)
        )
    state["phase"] = "move"
    _lose(state, seat, card)
    state["table"].append(card)
    state["explorers"][seat] = loc
    state["events"].append(
        {
            "type": "go",
            "seat": seat,
            "origin": here,
            "location": loc,
            "card": spec,
            "silver": RECOLOR_PRICE if recolor else 0,
        }
    )


def _require_at(state: State, seat: int, location: str, template: str, card: str) -> None:
    """Raise IllegalAction(template) unless ``seat``'s explorer stands at ``location``."""
    if state["explorers"][seat] != location:
        raise IllegalAction(template, card=card, location=location)


def _slot_of(state: State, card: str) -> int:
    card = card.upper()
    if card not in EXPEDITIONS:
        raise IllegalAction(_("There is no expedition “{card}”."), card=card)
    if card not in state["slots"]:
        raise IllegalAction(_("Expedition {card} is not on an expedition space."), card=card)
    return state["slots"].index(card)


def _do_join(state: State, seat: int, card: str) -> None:
    _require_phase(state, "action", "move")
    slot = _slot_of(state, card)
    card = state["slots"][slot]
    if seat in state["markers"][slot]:
        raise IllegalAction(_("You have already joined expedition {card}."), card=card)
    _require_at(
        state, seat, EXPEDITIONS[card]["start"], _("Expedition {card} starts at {location}."), card
    )
    if markers_out(state, seat) >= MARKERS:
        raise IllegalAction(_("All your {n} company markers are out."), n=MARKERS)
    state["phase"] = "move"
    state["markers"][slot].append(seat)
    kind, amount = SLOT_BONUS[slot]
    if kind == "silver":
        state["silver"][seat] += amount
        _event(state, "join", seat, expedition=card, slot=slot + 1, silver=amount, travel_cards=0)
        return
    drawn = 0
    for _i in range(amount):
        color = _draw_one(state)
        if color is not None:
            _gain(state, seat, color)
            drawn += 1
    _event(state, "join", seat, expedition=card, slot=slot + 1, silver=0, travel_cards=drawn)


def _do_expedition(state: State, seat: int, card: str) -> None:
    _require_phase(state, "action", "move")
    slot = _slot_of(state, card)
    card = state["slots"][slot]
    expedition = EXPEDITIONS[card]
    if seat not in state["markers"][slot]:
        raise IllegalAction(_("You have not joined expedition {card}."), card=card)
    _require_at(state, seat, expedition["target"], _("Expedition {card} ends at {location}."), card)
    state["phase"] = "move"
    state["silver"][seat] += expedition["silver"]
    state["finished"][seat].append(card)
    state["slots"][slot] = None
    state["markers"][slot] = []
    _event(
        state, "expedition", seat, expedition=card, silver=expedition["silver"], vp=expedition["vp"]
    )


def _do_adventure(state: State, seat: int, card: str) -> None:
    _require_phase(state, "action", "move")
    card = card.upper()
    if card not in state["adventures"][seat]:
        raise IllegalAction(_("Adventure {card} is not in front of you."), card=card)
    adventure = ADVENTURES[card]
    _require_at(state, seat, adventure["target"], _("Adventure {card} ends at {location}."), card)
    state["phase"] = "move"
    state["adventures"][seat].remove(card)
    state["finished"][seat].append(card)
    if adventure["kind"] == "artifact":
        state["silver"][seat] += adventure["silver"]
        _event(
            state, "adventure", seat, adventure=card, silver=adventure["silver"], vp=adventure["vp"]
        )
        return
    color = adventure["assistant"]
    gained = None
    if state["assistants"][color]:
        state["assistants"][color] -= 1
        gained = ASSISTANT + color
        _gain(state, seat, gained)
    _event(state, "adventure", seat, adventure=card, silver=0, vp=0, assistant=gained)


# The end of the action and of the turn --------------------------------------------------------


def _do_done(state: State, seat: int) -> None:
    _require_phase(state, "action", "book", "move")
    if state["phase"] == "action":
        state["events"].append({"type": "pass", "seat": seat})
    _end_action(state, seat)


def _end_action(state: State, seat: int) -> None:
    """Clear the table (ruling 5), then check the card limits (ruling 7)."""
    for card in state["table"]:
        if is_travel(card):
            state["discard_pile"].append(card)
        else:
            _gain(state, seat, card)
    state["table"] = []
    _check_limits(state, seat)


def _check_limits(state: State, seat: int) -> None:
    if sum(state["hands"][seat].values()) > HAND_LIMIT:
        state["phase"] = "discard"
    elif len(state["adventures"][seat]) > ADVENTURE_LIMIT:
        state["phase"] = "drop"
    else:
        _end_turn(state, seat)


def _do_discard(state: State, seat: int, card: str) -> None:
    _require_phase(state, "discard")
    if not state["hands"][seat].get(card):
        raise IllegalAction(_("You have no {card} card in your hand."), card=card)
    _lose(state, seat, card)
    if is_travel(card):
        state["discard_pile"].append(card)
    _event(state, "discard", seat, card=card)
    _check_limits(state, seat)


def _do_drop(state: State, seat: int, card: str) -> None:
    _require_phase(state, "drop")
    card = card.upper()
    if card not in state["adventures"][seat]:
        raise IllegalAction(_("Adventure {card} is not in front of you."), card=card)
    state["adventures"][seat].remove(card)
    _event(state, "drop", seat, adventure=card)
    _check_limits(state, seat)


def _end_turn(state: State, seat: int) -> None:
    """Refill the expedition spaces and pass the turn, or end the game (ruling 7)."""
    slots = state["slots"]
    pile = state["expedition_pile"]
    # Most turns leave every space filled: skip the walk over them then.
    for slot, card in enumerate(slots) if None in slots else ():
        if card is not None:
            continue
        if pile:
            slots[slot] = pile.pop(0)
            state["events"].append({"type": "refill", "slot": slot + 1, "expedition": slots[slot]})
        elif not state["last_round"]:
            state["last_round"] = True
            state["events"].append({"type": "last_round", "seat": seat})
    state["book_turns"] = 0
    if state["last_round"] and seat == state["num_players"] - 1:
        state["phase"] = "over"
        state["final"] = final_scores(state)
        state["events"].append({"type": "game_end", "scores": [f["total"] for f in state["final"]]})
        return
    state["phase"] = "action"
    state["seat"] = (seat + 1) % state["num_players"]


# Verb -> its handler; ``legal.ARITY`` says how many words follow each verb.
_HANDLERS = {
    "draw": _do_draw,
    "turn": _do_turn,
    "buy": _do_buy,
    "go": _do_go,
    "join": _do_join,
    "expedition": _do_expedition,
    "adventure": _do_adventure,
    "done": _do_done,
    "discard": _do_discard,
    "drop": _do_drop,
}
