"""Africana (Michael Schacht, Abacus/Z-Man 2012) for 2-4 players: the rules engine.

The rules are those of the rulebook with the rulings and move notation of the game data
(africana.md). Modules: ``data`` (map and cards), ``setup`` (Game Setup and test options),
``legal`` (the legal actions), ``rules`` (applying them, with ``actions``: the three actions,
and ``turn``: the phases and the end of a turn), ``scoring`` (final scoring) and ``observe``
(what each viewer sees).

Actions (any case, extra blanks allowed; ``legal_actions`` gives the canonical forms):
``draw``; ``turn north forward|back``, ``buy north left|right`` (or ``south``); ``go <location>
<card>`` with ``<card>`` a colour, ``joker``, ``assistant-<colour>``, ``<colour>-as-<colour>``
or ``assistant-<colour>-as-<colour>``; ``join A03``, ``expedition A03``, ``adventure N07``;
``done``; at the end of a turn ``discard <card>`` and ``drop N07``.

Events: ``state["events"]`` holds the events of the last applied action, each a dict with a
"type" and, when a player did it, the "seat". They are public: none names a card that only its
holder may see. Vocabulary:

- ``setup`` {players}: the initial state.
- ``draw`` {seat, cards}: drew ``cards`` travel cards (0-2; never which).
- ``reshuffle`` {cards}: the discard pile became the new draw pile.
- ``turn`` {seat, book, direction, silver, left_top, right_top}: turned a page for ``silver``;
  the cards now shown.
- ``buy`` {seat, book, side, adventure, silver}: bought an adventure card.
- ``pass`` {seat}: ended the turn without drawing, buying or moving.
- ``go`` {seat, origin, location, card, silver}: one step, the card spec played, the recolour
  cost.
- ``join`` {seat, expedition, slot, silver, travel_cards}: joined, with the slot's bonus
  (1-based slot; travel cards drawn, never which).
- ``expedition`` {seat, expedition, silver, vp}: finished an expedition.
- ``adventure`` {seat, adventure, silver, vp, assistant?}: finished an adventure; assistant
  adventures add ``assistant`` (the card gained, or None when the supply had none).
- ``discard`` {seat, card}: discarded at the card limit (travel cards go face up to the discard
  pile, jokers and assistants leave the game).
- ``drop`` {seat, adventure}: discarded an unfinished adventure at the limit.
- ``refill`` {slot, expedition}: a new expedition card on an empty space (1-based slot).
- ``last_round`` {seat}: the pile could not fill the spaces; the round is played out.
- ``game_end`` {scores}: the final totals in seat order.
"""

from __future__ import annotations

from typing import Any

from games.africana.engine import bot, legal, observe, rules, scoring, setup
from games.africana.engine.data import BOARD, BOOKS, EXPEDITIONS, Board
from games.africana.engine.setup import SLOTS
from games.engines.base import State


class AfricanaEngine:
    """The Africana engine on the shared contract (``games.engines.base.Engine``).

    ``board`` is the map (``Board``: locations, routes, colors). States are JSON-serialisable
    dicts; ``apply`` returns a new state and raises IllegalAction; nothing else keeps state.
    """

    name = "africana"
    min_players = 2
    bot_levels = ("easy", "hard")
    #: The move notation: {keyword: how many words follow it} (``legal.ARITY``).
    arity = legal.ARITY
    max_players = 4
    board: Board = BOARD

    def initial_state(
        self, num_players: int, seed: int, options: dict[str, Any] | None = None
    ) -> State:
        """The state before seat 0's first turn; ValueError for bad counts or options."""
        return setup.initial_state(num_players, seed, options)

    def current_player(self, state: State) -> int | None:
        """The seat to act, or None once the game is over."""
        return None if state["phase"] == "over" else state["seat"]

    def legal_actions(self, state: State) -> list[str]:
        """Every legal canonical action string, sorted; [] once the game is over."""
        return legal.legal_actions(state)

    def apply(self, state: State, action: str) -> State:
        """A new state after ``action``; IllegalAction with a reason otherwise (rulings 3-7)."""
        return rules.apply(state, action)

    def is_terminal(self, state: State) -> bool:
        """True once the last round has been played out (ruling 7)."""
        return state["phase"] == "over"

    def scores(self, state: State) -> list[int]:
        """Each seat's total as the final scoring counts it now (ruling 8)."""
        if state["final"]:
            return [entry["total"] for entry in state["final"]]
        return [entry["total"] for entry in scoring.final_scores(state)]

    def places(self, state: State) -> list[int]:
        """Each seat's place (1 = winner) by points, then silver; ties share the place."""
        return scoring.places(self.scores(state), state["silver"])

    def current_scores(self, state: State) -> list[int]:
        """Each seat's total if the game ended now: ``scores`` already counts so (ruling 8)."""
        return self.scores(state)

    #: The places if the game ended now: by ``current_scores``, then silver (as ``places``).
    current_places = places

    def progress(self, state: State) -> float:
        """How far the game is, 0 to 1: the share of the expedition pile (the cards left
        after the spaces were filled at set-up) drawn so far, since the game ends once the
        pile cannot fill the spaces (ruling 7); 1 once it is over."""
        if state["phase"] == "over":
            return 1.0
        pile = len(EXPEDITIONS) - len(state["removed"]) - SLOTS
        return min(1.0, max(0.0, 1 - len(state["expedition_pile"]) / pile)) if pile > 0 else 1.0

    def observation(self, state: State, viewer: int | None) -> dict[str, Any]:
        """What ``viewer`` (a seat, or None for a spectator) may see (ruling 9)."""
        return observe.observation(state, viewer)

    def timeout_action(self, state: State) -> str:
        """The action that ends a timed-out turn changing least (``legal.timeout_action``)."""
        return legal.timeout_action(state)

    def reveals(self, state: State, action: str) -> bool:
        """True when ``action`` shows a hidden card: it draws travel cards (a draw, a joining
        bonus, a reshuffle), shows a book page never seen (a page turn or a purchase) or puts
        a new expedition on a space (the refill at the end of a turn). Raises IllegalAction
        for an action that does not apply."""
        after = rules.apply(state, action)
        if (
            after["shuffles"] != state["shuffles"]
            or len(after["draw_pile"]) != len(state["draw_pile"])
            or len(after["expedition_pile"]) != len(state["expedition_pile"])
        ):
            return True
        return any(after["books"][b]["unseen"] < state["books"][b]["unseen"] for b in BOOKS)

    def revealed(self, state: State) -> dict[str, Any]:
        """The spectator's observation with every hidden card shown (``observe.revealed``)."""
        return observe.revealed(state)

    def canonical(self, state: State, text: str) -> str:
        """The canonical spelling of a typed action (``legal.canonical``)."""
        return legal.canonical(state, text)

    #: A bot's action: ``choose(observation, legal, rng, level="easy", iterations=None)``,
    #: decided from the viewer's observation only (``games.engines.search.SearchBot.choose``;
    #: ``iterations`` caps the hard bot's search). ValueError for an unknown level or no action.
    choose = staticmethod(bot.choose)


#: The class ``get_engine("africana")`` makes its one instance of.
ENGINE_CLASS = AfricanaEngine

__all__ = ["ENGINE_CLASS", "AfricanaEngine"]
