"""Reiner Knizia's Africa (Goldsieber 2001) as a pure rules engine, for 2 to 5 players.

Modules: ``data`` (board and marker mix), ``setup`` (Game Setup and options), ``legal`` (the
legal actions), ``rules`` (applying them, with ``turns``: the frame of a turn, and ``actions``:
option B's actions), ``scoring`` (final scoring), ``observe`` (what each viewer sees) and ``bot``
(a player for absent seats).

The rules are the rulebook's, with the project's rulings 1-11 where it is silent (see the game's
specification). Actions are canonical strings: ``start E4``, ``anywhere E4``, ``move E4``,
``uncover E4``, ``place E4``, ``keep``, ``swap P2 kettle``, ``animal E4 F5``, ``nomad E4 F5``,
``camp research``, ``camp resources``, ``end``. Parsing accepts any case and extra blanks.

A turn (ruling 2) is either ``anywhere <cell>`` (option A, the whole turn) or up to two slots
(one in the simple variant), each an optional ``move`` followed by one action. After a ``move``
the slot goes on with its action or ``end``; a second ``move`` in the same slot is not allowed.
An uncovered animal or nomad waits for ``place``, uncovered goods for ``keep`` or ``swap``; that
decision comes before anything else. The turn passes by itself once the last slot's action is
resolved, and ``end`` passes it at any other time.

State: a JSON-serialisable dict, private to the engine (it holds the face-down layout; only
``observation`` may show things to players). ``apply`` builds a new state and never changes the
one it is given.

Events: ``state["events"]`` lists what the last action did, as dicts with a ``type`` and the
seat that acted; they name only public things (an uncovered marker is public). Types:

- ``start`` {seat, cell}: a researcher placed on a start city.
- ``anywhere`` / ``move`` {seat, from, to}: a researcher moved (option A / within a slot).
- ``uncover`` {seat, cell, marker, points}: a marker turned face up; points scored at once
  (gold and jewels; an animal or nomad scores when placed, goods at the end).
- ``place`` {seat, marker, from, to, points}: an uncovered animal or nomad placed.
- ``keep`` {seat, marker}: uncovered goods kept.
- ``swap`` {seat, other, gave, took, count}: ``count`` goods ``gave`` given to seat ``other``
  for all its goods ``took``.
- ``animal`` / ``nomad`` {seat, marker, from, to, points}: a face-up marker moved.
- ``camp`` {seat, cell, use, points, gold, jewels}: a base camp set up; ``use`` is "research" or
  "resources"; gold and jewels are the nuggets and gems taken.
- ``supply_camp`` {seat}: a base camp from the supply for a monument.
- ``end`` {seat}: the player ended the turn.
- ``turn`` {seat}: the turn passed to ``seat``.
- ``bonus`` {seat, points}: the +3 for the monument that ends the game.
- ``game_end`` {final, scores}: the final scoring (same shape as the observation's ``final``) and
  the totals.
"""

from __future__ import annotations

from typing import Any

from games.africa.engine import bot, legal, observe, rules, scoring, setup
from games.africa.engine.legal import BOARD
from games.africa.engine.setup import CAMPS_IN_HAND, OPTIONS
from games.engines.base import State, shared_places


class AfricaEngine:
    """The Africa engine (see the module docstring for actions, state and events).

    ``board`` is the shared ``Board`` (cells, neighbors, start cities). Seats are 0-based and
    shown to players as P1..P5; seat 0 begins (ruling 1).
    """

    name = "africa"
    min_players = 2
    bot_levels = ("easy", "hard")
    #: The move notation: {keyword: how many words follow it} (``legal.ARITY``).
    arity = legal.ARITY
    max_players = 5
    board = BOARD

    def initial_state(self, num_players: int, seed: int, options: dict[str, Any]) -> State:
        """The state before the start cities are chosen; see ``setup.initial_state``."""
        return setup.initial_state(num_players, seed, options)

    def current_player(self, state: State) -> int | None:
        """The seat to act (during a pending decision, the player who uncovered), or None."""
        return None if state["phase"] == "over" else state["current"]

    def is_terminal(self, state: State) -> bool:
        """True once a monument count of 11 (9 with 2 players) has ended the game (ruling 9)."""
        return state["phase"] == "over"

    def scores(self, state: State) -> list[int]:
        """Each seat's running total; at the end it includes final scoring and the bonus."""
        return [player["score"] for player in state["players"]]

    def current_scores(self, state: State) -> list[int]:
        """Each seat's total if the game ended now: the running total plus the final scoring
        of the goods, gold and jewels held (rulebook "Game End and Scoring", without the
        monument bonus); the final totals once the game is over."""
        if state["phase"] == "over":
            return self.scores(state)
        final = scoring.final_scoring(state["players"], state["tie_rounding"])
        return [
            player["score"] + part["goods"] + part["gold"] + part["jewels"]
            for player, part in zip(state["players"], final, strict=True)
        ]

    def progress(self, state: State) -> float:
        """How far the game is, 0 to 1: the share of the monuments that end it found so far
        (ruling 9); 1 once it is over."""
        if state["phase"] == "over":
            return 1.0
        return min(1.0, state["monuments_found"] / state["monuments_to_end"])

    def legal_actions(self, state: State) -> list[str]:
        """Every legal action as a canonical string, sorted; [] at the end (``legal``)."""
        return legal.legal_actions(state)

    def observation(self, state: State, viewer: int | None) -> dict[str, Any]:
        """What seat ``viewer`` (or a spectator, None) sees; see ``observe.observation``."""
        return observe.observation(state, viewer)

    def apply(self, state: State, action: str) -> State:
        """The state after ``action``; raises IllegalAction (``rules.apply``)."""
        return rules.apply(state, action)

    def places(self, state: State) -> list[int]:
        """Each seat's place by score alone; equal scores share a place (ruling 11)."""
        return shared_places(self.scores(state))

    def timeout_action(self, state: State) -> str:
        """The action that ends a timed-out turn changing least (``legal.timeout_action``)."""
        return legal.timeout_action(state)

    def reveals(self, state: State, action: str) -> bool:
        """True for ``uncover``, the only action that shows a face-down marker."""
        return rules.reveals(state, action)

    def revealed(self, state: State) -> dict[str, Any]:
        """The spectator's observation with every face-down marker's code shown."""
        return observe.revealed(state)

    def canonical(self, state: State, text: str) -> str:
        """The canonical spelling of a typed action (``rules.canonical``)."""
        return rules.canonical(state, text)

    #: A bot's action: ``choose(observation, legal, rng, level="easy", iterations=None)``,
    #: decided from the viewer's observation only (``games.engines.search.SearchBot.choose``;
    #: ``iterations`` caps the hard bot's search). ValueError for an unknown level or no action.
    choose = staticmethod(bot.choose)


#: The class ``get_engine("africa")`` makes its one instance of.
ENGINE_CLASS = AfricaEngine

__all__ = ["ENGINE_CLASS", "CAMPS_IN_HAND", "OPTIONS", "AfricaEngine"]
