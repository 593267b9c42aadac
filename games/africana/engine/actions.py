"""The three actions of an Africana turn (rulebook "GAMEPLAY"; rulings 3-6): A) Draw travel
cards, B) Buy adventure cards (turning the pages of a book), C) Move explorer (a step per card,
Change Travel Card Color, Joining Expeditions, Ending An Expedition, Ending An Adventure).
"""

from __future__ import annotations

from typing import Any

from games.africana.engine.data import (
    ADVENTURE_PRICE,
    ADVENTURES,
    BOOK_AT,
    EXPEDITIONS,
    MARKERS,
    NEIGHBORS,
    RECOLOR_PRICE,
    SLOT_BONUS,
    STEP_COLORS,
)
from games.africana.engine.legal import ASSISTANT, CARD_SPECS, markers_out, page_cost
from games.africana.engine.turn import draw_one, end_action, event, gain, lose, pay, require_phase
from games.engines.base import IllegalAction, State
from games.engines.base import gettext_noop as _

# A) Draw travel cards -------------------------------------------------------------------------


def do_draw(state: State, seat: int) -> None:
    """``draw``: A) draw two travel cards, which ends the action."""
    require_phase(state, "action")
    drawn = 0
    for _i in range(2):
        card = draw_one(state)
        if card is not None:
            gain(state, seat, card)
            drawn += 1
    state["events"].append({"type": "draw", "seat": seat, "cards": drawn})
    end_action(state, seat)


# B) Buy adventure cards -----------------------------------------------------------------------


def _own_book(state: State, seat: int, book: str) -> dict[str, Any]:
    require_phase(state, "action", "book")
    if book not in ("north", "south"):
        raise IllegalAction(_("There is no book called “{book}”."), code="no_such_book", book=book)
    mine = BOOK_AT[state["explorers"][seat]]
    if book != mine:
        raise IllegalAction(
            _("Your explorer is in the {hemisphere}: you may only use the {hemisphere} book."),
            code="other_book",
            hemisphere=mine,
        )
    state["phase"] = "book"
    return state["books"][book]


def _reveal(piles: dict[str, Any]) -> None:
    """Keep the top of the right pile shown: it is never among the unseen cards (ruling 4)."""
    shown_from = len(piles["right"]) - 1
    if piles["unseen"] > shown_from:
        piles["unseen"] = max(shown_from, 0)


def do_turn(state: State, seat: int, book: str, direction: str) -> None:
    """``turn <book> forward|back``: B) turn a page of the hemisphere's book, for silver by
    the number of pages turned this turn (ruling 4)."""
    piles = _own_book(state, seat, book)
    if direction not in ("forward", "back"):
        raise IllegalAction(_("Turn a page “forward” or “back”."), code="page_direction")
    source, target = ("right", "left") if direction == "forward" else ("left", "right")
    if not piles[source]:
        raise IllegalAction(
            _("There is no page left to turn {direction}."), code="no_page", direction=direction
        )
    cost = page_cost(state)
    pay(state, seat, cost)
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


def do_buy(state: State, seat: int, book: str, side: str) -> None:
    """``buy <book> left|right``: B) buy the adventure card shown on that side."""
    piles = _own_book(state, seat, book)
    if side not in ("left", "right"):
        raise IllegalAction(_("Buy the “left” or the “right” card."), code="buy_side")
    if not piles[side]:
        raise IllegalAction(
            _("There is no card on the {side} of the book."), code="no_book_card", side=side
        )
    pay(state, seat, ADVENTURE_PRICE)
    card = piles[side].pop(0)
    _reveal(piles)
    state["adventures"][seat].append(card)
    event(state, "buy", seat, book=book, side=side, adventure=card, silver=ADVENTURE_PRICE)


# C) Move explorer ----------------------------------------------------------------------------


def _parse_card(spec: str) -> tuple[str, str | None]:
    """(the hand card, the colour it is recoloured to or None) for a card spec (ruling 5)."""
    parsed = CARD_SPECS.get(spec)
    if parsed is None:
        raise IllegalAction(_("“{spec}” is not a card."), code="not_a_card", spec=spec)
    return parsed


def do_go(state: State, seat: int, loc: str, spec: str) -> None:
    """``go <location> <card>``: C) one step along a travel route, playing a card of its
    colour, a joker or an assistant, or changing a card's colour for silver (ruling 5)."""
    require_phase(state, "action", "move")
    here = state["explorers"][seat]
    if loc not in NEIGHBORS:
        raise IllegalAction(
            _("There is no location called “{location}”."), code="no_such_location", location=loc
        )
    if loc not in NEIGHBORS[here]:
        raise IllegalAction(
            _("No travel route joins {here} to {location}."),
            code="no_route",
            here=here,
            location=loc,
        )
    card, recolor = _parse_card(spec)
    if not state["hands"][seat].get(card):
        raise IllegalAction(
            _("You have no {card} card in your hand."), code="no_such_card", card=card
        )
    colors = STEP_COLORS[loc]
    color = card.removeprefix(ASSISTANT)
    if recolor is not None:
        if color in colors:
            raise IllegalAction(
                _("Your {card} card already fits: no need to change its colour."),
                code="card_fits",
                card=card,
            )
        if recolor not in colors:
            raise IllegalAction(
                _("A step to {location} needs {colors}."),
                code="step_colour",
                location=loc,
                colors=" / ".join(colors),
            )
        pay(state, seat, RECOLOR_PRICE)
    elif card != "joker" and color not in colors:
        raise IllegalAction(
            _("A step to {location} needs {colors}."),
            code="step_colour",
            location=loc,
            colors=" / ".join(colors),
        )
    state["phase"] = "move"
    lose(state, seat, card)
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
        raise IllegalAction(template, code="not_there", card=card, location=location)


def _slot_of(state: State, card: str) -> int:
    card = card.upper()
    if card not in EXPEDITIONS:
        raise IllegalAction(
            _("There is no expedition “{card}”."), code="no_such_expedition", card=card
        )
    if card not in state["slots"]:
        raise IllegalAction(
            _("Expedition {card} is not on an expedition space."),
            code="expedition_not_out",
            card=card,
        )
    return state["slots"].index(card)


def do_join(state: State, seat: int, card: str) -> None:
    """``join <expedition>``: C) Joining Expeditions at their start, with the space's bonus."""
    require_phase(state, "action", "move")
    slot = _slot_of(state, card)
    card = state["slots"][slot]
    if seat in state["markers"][slot]:
        raise IllegalAction(
            _("You have already joined expedition {card}."), code="joined_already", card=card
        )
    _require_at(
        state, seat, EXPEDITIONS[card]["start"], _("Expedition {card} starts at {location}."), card
    )
    if markers_out(state, seat) >= MARKERS:
        raise IllegalAction(
            _("All your {n} company markers are out."), code="no_marker_left", n=MARKERS
        )
    state["phase"] = "move"
    state["markers"][slot].append(seat)
    kind, amount = SLOT_BONUS[slot]
    if kind == "silver":
        state["silver"][seat] += amount
        event(state, "join", seat, expedition=card, slot=slot + 1, silver=amount, travel_cards=0)
        return
    drawn = 0
    for _i in range(amount):
        color = draw_one(state)
        if color is not None:
            gain(state, seat, color)
            drawn += 1
    event(state, "join", seat, expedition=card, slot=slot + 1, silver=0, travel_cards=drawn)


def do_expedition(state: State, seat: int, card: str) -> None:
    """``expedition <card>``: C) Ending An Expedition one has joined, at its target."""
    require_phase(state, "action", "move")
    slot = _slot_of(state, card)
    card = state["slots"][slot]
    expedition = EXPEDITIONS[card]
    if seat not in state["markers"][slot]:
        raise IllegalAction(
            _("You have not joined expedition {card}."), code="not_joined", card=card
        )
    _require_at(state, seat, expedition["target"], _("Expedition {card} ends at {location}."), card)
    state["phase"] = "move"
    state["silver"][seat] += expedition["silver"]
    state["finished"][seat].append(card)
    state["slots"][slot] = None
    state["markers"][slot] = []
    event(
        state, "expedition", seat, expedition=card, silver=expedition["silver"], vp=expedition["vp"]
    )


def do_adventure(state: State, seat: int, card: str) -> None:
    """``adventure <card>``: C) Ending An Adventure at its target: silver, or an assistant."""
    require_phase(state, "action", "move")
    card = card.upper()
    if card not in state["adventures"][seat]:
        raise IllegalAction(
            _("Adventure {card} is not in front of you."), code="adventure_not_yours", card=card
        )
    adventure = ADVENTURES[card]
    _require_at(state, seat, adventure["target"], _("Adventure {card} ends at {location}."), card)
    state["phase"] = "move"
    state["adventures"][seat].remove(card)
    state["finished"][seat].append(card)
    if adventure["kind"] == "artifact":
        state["silver"][seat] += adventure["silver"]
        event(
            state, "adventure", seat, adventure=card, silver=adventure["silver"], vp=adventure["vp"]
        )
        return
    color = adventure["assistant"]
    gained = None
    if state["assistants"][color]:
        state["assistants"][color] -= 1
        gained = ASSISTANT + color
        gain(state, seat, gained)
    event(state, "adventure", seat, adventure=card, silver=0, vp=0, assistant=gained)
