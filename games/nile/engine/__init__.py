"""Source of the Nile (Maker & Wesely; Discovery Games 1977, Avalon Hill 1979), 1-6 players.

The rules are the turn summary (rulebooks/source-of-the-nile.turn-summary.en.txt) with the
specification's tables, map, 49 rulings, randomness and move notation (game-data/nile.md).
Modules: ``data`` (map and tables), ``setup`` (set-up and options), ``core`` (the working copy,
dice and cards), ``party`` (people, goods, load), ``europe``, ``camp`` (camp and market),
``move`` (level and moving), ``mapping`` (step 4b), ``natives`` (4d-4e, with ``tribes``: 4c
and attitude, ``battle``: 4f-4g, and ``captivity``: 4h and prisoners),
``turn_end`` (disaster and step 5), ``scoring`` (records, publishing, the end), ``legal``,
``rules`` (apply and the turn flow), ``observe`` and ``bot``.

Rulings added here where the specification is silent (a faithful reading of the summary):

- N1. Loot die 5 gives one gift (a single gift, not a lot of 10).
- N2. A captured explorer skips step 5 entirely, bonus cards included (ruling 10: "no
  disaster, food or choices"); a killed one too (ruling 17).
- N3. An unfed follower who deserts at step 5 leaves without a load (healthy first, newest
  first); only disaster desertions of bearers take their 10-unit loads
  (``disaster_kinds.desert``), before the remaining load settles.
- N4. A person is unfed when a ration (and, in a dry desert, a water) is lacking; nothing is
  eaten by an unfed person.
- N5. After a victory with no prisoner to keep (surviving askaris <= V) the village is looked
  for at once, without asking ``keep``; the +3 for freeing all needs at least one prisoner.
- N6. Escape rolls read max(1, die - 2 + attitude change) capped at 6 (table ``natives``).
- N7. Journalists draw no donation cards at all (neither on ``stay`` nor for publishing).
- N8. A lake record publishes for the lake that holds its hex at publication; the explorer
  bonus (+1) is paid only when the record scores.
- N9. A canoe party without a healthy bearer drifts: one move, downstream only (MP shown 1).
- N10. Legal ``move`` needs MP >= max(cost, 1); blank hexes cost 1 to try (ruling 37).
- N11. The defeat table's Table A person (guide) is hired in the battle hex.
- N12. An ethnologist records a tribe when he enters its hex, friendly or not, once per hex.
- N13. Step 5 (hunting, food, recovery) uses the hex where the expedition ends its movement;
  in a port, the Cape Colony or a friendly village nobody eats and the starving count resets.
- N14. Starving counts people only; an unfed horse dies without making the turn starving.
- N15. A prisoner's talent die changes the attitude of the tribe that holds him (ruling 49
  since rules version 3: the tribe that took him, nobody once it is gone).
- N16. ``sail <port>`` puts the expedition in that port at once (phase ``outfit``: market
  actions and ``end``); drops, trades and ``sail europe`` wait for the next turn's camp.
- N17. ``canonical`` also accepts plural kinds ("askaris"), port names ("Cape Town") and
  ``publish`` for ``publish all``; ``apply`` takes only the canonical words (any case, blanks).
- N18. A camp's ``pending`` carries ``"stranded": True`` when the explorer can never move
  again while he lives (``move.stranded``: starving, nothing to eat or hunt with, 0 MP in every
  mode); the rules leave him no way out but death (rulings 17, 24).

Rules versions (option ``rules_version``, ``core.RULES_VERSION``): 1 is the engine before
rulings 43-48, kept so that games played under it replay; 2 follows them; 3 follows ruling
49 too (a prisoner's captors are the tribe that took him: once it is removed, his escape rolls
add 0 and his talent die changes nothing, whoever is found in his hex later).

Events: ``state["events"]`` lists what the last action did, each ``{"type", "kind", "seat",
"dice", "card", "text", ...}`` ("kind" = "type"; "dice" and "card" are those used since the
previous event; "text" is an English recap). Vocabulary: ``setup``; Europe ``profession``,
``sail`` {port}, ``stay``, ``discard``, ``publish`` {vp}, ``home``; camp ``hire``, ``buy``,
``trade``, ``fill``, ``drop``, ``dismiss``, ``shoot``; ``level``, ``disaster`` {disaster};
moving ``lost``, ``map`` {hex}, ``blocked``, ``move`` {hex}; natives ``no_natives``,
``natives`` {hex, size}, ``hostile``, ``neutral``, ``friendly``, ``insulted``, ``poison``,
``hide``, ``attack``, ``victory``, ``village``, ``loot``, ``defeat``, ``captive``, ``killed``,
``escape``; step 5 ``camp``, ``illness``, ``bonus`` {hex}; ``death``; and last of a game
``game_end`` {final, scores}.
"""

from __future__ import annotations

from typing import Any

from games.engines.base import IllegalAction, State, shared_places
from games.engines.base import gettext_noop as _
from games.nile.engine import bot, legal, observe, rules, setup
from games.nile.engine.core import RULES_VERSION
from games.nile.engine.data import BOARD, Board
from games.nile.engine.rules import MAP_HEXES


class NileEngine:
    """The Source of the Nile engine on the shared contract (``games.engines.base.Engine``)."""

    name = "nile"
    min_players = 1
    bot_levels = ("easy", "hard")
    #: The move notation: {keyword: how many words follow it} (``legal.ARITY``).
    arity = legal.ARITY
    max_players = 6
    board: Board = BOARD
    #: The rules of new games (option ``rules_version``; 1 = before rulings 43-48, 2 = before
    #: ruling 49).
    rules_version = RULES_VERSION

    def initial_state(
        self, num_players: int, seed: int, options: dict[str, Any] | None = None
    ) -> State:
        """The state before seat 0's first choice; ValueError for bad counts or options."""
        return setup.initial_state(num_players, seed, options)

    def current_player(self, state: State) -> int | None:
        """The seat to act, or None once the game is over (a prisoner never acts)."""
        return None if state["phase"] == "over" else state["seat"]

    def turn_key(self, state: State) -> tuple[int, int | None]:
        """The turn in progress as (round, seat): it changes when the turn passes, also in a
        one-player game where the seat stays the same (``base.turn_of``)."""
        return state["round"], self.current_player(state)

    def legal_actions(self, state: State) -> list[str]:
        """Every legal canonical action string, sorted; [] once the game is over."""
        return legal.legal_actions(state)

    def apply(self, state: State, action: str) -> State:
        """A new state after ``action``; IllegalAction with a translatable reason otherwise."""
        return rules.apply(state, action)

    def is_terminal(self, state: State) -> bool:
        """True once the game has ended (ruling 25)."""
        return state["phase"] == "over"

    def scores(self, state: State) -> list[int]:
        """Each seat's published VP."""
        return [p["score"] for p in state["players"]]

    def places(self, state: State) -> list[int]:
        """Each seat's place by published VP, 1 = best; ties share the place (ruling 25)."""
        return shared_places(self.scores(state))

    def current_scores(self, state: State) -> list[int]:
        """Each seat's total if the game ended now: the published VP (ruling 25 counts
        nothing more at the end)."""
        return self.scores(state)

    def progress(self, state: State) -> float:
        """How far the game is, 0 to 1: the rounds played of the most the game lasts
        (``max_rounds``) or the share of the map explored (276 hexes), whichever is further
        (ruling 25: either ends it); 1 once it is over."""
        if state["phase"] == "over":
            return 1.0
        rounds = (state["round"] - 1) / state["max_rounds"]
        return min(1.0, max(rounds, len(state["hexes"]) / MAP_HEXES))

    def observation(self, state: State, viewer: int | None) -> dict[str, Any]:
        """The public view, the same for every viewer (nothing but chance is hidden)."""
        return observe.observation(state, viewer)

    def revealed(self, state: State) -> dict[str, Any]:
        """The spectator's view with the deck order, seed and dice to come shown."""
        return observe.revealed(state)

    def timeout_action(self, state: State) -> str:
        """The legal action that changes least (``stop``, ``end``, ``leave``, ``spare``,
        ``keep 0``, ``stay``, a cautious level on foot...). IllegalAction once over."""
        actions = self.legal_actions(state)
        if not actions:
            raise IllegalAction(_("The game is over."), code="game_over")
        for choice in ("stop", "end", "leave", "spare", "keep 0", "stay", "policy 1"):
            if choice in actions:
                return choice
        for prefix in ("level cautious foot", "level cautious", "level", "drop", "dismiss"):
            for action in actions:
                if action.startswith(prefix):
                    return action
        return actions[0]

    def reveals(self, state: State, action: str) -> bool:
        """True when ``action`` rolls a die or draws a card (it shows what was hidden); False
        for an action that does not apply now. IllegalAction for text that is no action."""
        legal.canonical(action)  # IllegalAction for text that is no action at all
        try:
            after = rules.apply(state, action)
        except IllegalAction:
            return False
        return after["rng_used"] != state["rng_used"]

    def canonical(self, state: State, text: str) -> str:
        """The canonical spelling of ``text``; IllegalAction when it is no action at all."""
        return legal.canonical(text)

    #: A bot's action: ``choose(observation, legal, rng, level="easy", iterations=None)``,
    #: decided from the viewer's observation only (``games.engines.search.SearchBot.choose``;
    #: ``iterations`` caps the hard bot's search). ValueError for an unknown level or no action.
    choose = staticmethod(bot.choose)


#: The class ``get_engine("nile")`` makes its one instance of.
ENGINE_CLASS = NileEngine

__all__ = ["ENGINE_CLASS", "NileEngine"]
