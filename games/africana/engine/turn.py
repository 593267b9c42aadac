"""The frame of an Africana turn: the phases an action may be taken in, the cards and silver
that every action moves (the draw pile reshuffled when it runs out), and the rulebook's "End of
a Turn" (Check Card Limits: ``discard``, ``drop``; Replenish Expedition Cards) and "GAME END"
(the last round; rulings 5 and 7).
"""

from __future__ import annotations

import random
from typing import Any

from games.africana.engine.data import ADVENTURE_LIMIT, HAND_LIMIT
from games.africana.engine.legal import is_travel
from games.africana.engine.scoring import final_scores
from games.engines.base import IllegalAction, State
from games.engines.base import gettext_noop as _


def event(state: State, kind: str, seat: int, **fields: Any) -> None:
    """Append the public event ``kind`` of ``seat``, with ``fields``."""
    # The commonest steps (draw, turn, go, pass) append their event dicts directly: faster.
    state["events"].append({"type": kind, "seat": seat, **fields})


def require_phase(state: State, *phases: str) -> None:
    """Raise IllegalAction, saying what the turn waits for, unless its phase is in ``phases``."""
    phase = state["phase"]
    if phase in phases:
        return
    if phase == "discard":
        raise IllegalAction(
            _("You hold more than {limit} cards: discard first."),
            code="discard_first",
            limit=HAND_LIMIT,
        )
    if phase == "drop":
        raise IllegalAction(
            _("You have more than {limit} unfinished adventures: drop one first."),
            code="drop_first",
            limit=ADVENTURE_LIMIT,
        )
    if phase == "book":
        raise IllegalAction(
            _("You are buying adventure cards this turn; finish with “done”."), code="buying_now"
        )
    if phase == "move":
        raise IllegalAction(
            _("You are moving your explorer this turn; finish with “done”."), code="moving_now"
        )
    raise IllegalAction(_("That comes at the end of a turn, not now."), code="end_of_turn_only")


def draw_one(state: State) -> str | None:
    """The top travel card of the draw pile, reshuffling the discard pile when it runs out."""
    pile = state["draw_pile"]
    if not pile and state["discard_pile"]:
        pile.extend(state["discard_pile"])
        state["discard_pile"] = []
        state["shuffles"] += 1
        random.Random(f"{state['seed']}:reshuffle:{state['shuffles']}").shuffle(pile)
        state["events"].append({"type": "reshuffle", "cards": len(pile)})
    return pile.pop(0) if pile else None


def gain(state: State, seat: int, card: str, count: int = 1) -> None:
    """Put ``count`` ``card`` cards into ``seat``'s hand."""
    hand = state["hands"][seat]
    hand[card] = hand.get(card, 0) + count


def lose(state: State, seat: int, card: str) -> None:
    """Take one ``card`` card (held) out of ``seat``'s hand."""
    hand = state["hands"][seat]
    if hand[card] == 1:
        del hand[card]
    else:
        hand[card] -= 1


def pay(state: State, seat: int, silver: int) -> None:
    """Take ``silver`` from ``seat``; IllegalAction when the purse holds less."""
    if state["silver"][seat] < silver:
        raise IllegalAction(
            _("That costs {cost} silver and you have {silver}."),
            code="too_little_silver",
            cost=silver,
            silver=state["silver"][seat],
        )
    state["silver"][seat] -= silver


# The end of the action and of the turn --------------------------------------------------------


def do_done(state: State, seat: int) -> None:
    """``done``: end the action (a pass when none was begun), then the turn's card limits."""
    require_phase(state, "action", "book", "move")
    if state["phase"] == "action":
        state["events"].append({"type": "pass", "seat": seat})
    end_action(state, seat)


def end_action(state: State, seat: int) -> None:
    """Clear the table (ruling 5), then check the card limits (ruling 7)."""
    for card in state["table"]:
        if is_travel(card):
            state["discard_pile"].append(card)
        else:
            gain(state, seat, card)
    state["table"] = []
    _check_limits(state, seat)


def _check_limits(state: State, seat: int) -> None:
    if sum(state["hands"][seat].values()) > HAND_LIMIT:
        state["phase"] = "discard"
    elif len(state["adventures"][seat]) > ADVENTURE_LIMIT:
        state["phase"] = "drop"
    else:
        _end_turn(state, seat)


def do_discard(state: State, seat: int, card: str) -> None:
    """``discard <card>`` at the hand limit (Check Card Limits, ruling 7)."""
    require_phase(state, "discard")
    if not state["hands"][seat].get(card):
        raise IllegalAction(
            _("You have no {card} card in your hand."), code="no_such_card", card=card
        )
    lose(state, seat, card)
    if is_travel(card):
        state["discard_pile"].append(card)
    event(state, "discard", seat, card=card)
    _check_limits(state, seat)


def do_drop(state: State, seat: int, card: str) -> None:
    """``drop <adventure>`` at the limit of unfinished adventures (ruling 7)."""
    require_phase(state, "drop")
    card = card.upper()
    if card not in state["adventures"][seat]:
        raise IllegalAction(
            _("Adventure {card} is not in front of you."), code="adventure_not_yours", card=card
        )
    state["adventures"][seat].remove(card)
    event(state, "drop", seat, adventure=card)
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
