"""The toy game's rules, a pure library like every engine (no Django).

A shuffled pile of 40 stones, each worth 0 to 4, lies face down. On a turn the player may
"draw" the top stone up to three times (its worth is added to their score at once), once
"double" the worth of the next stone they draw, and ends the turn with "pass". The game ends
when a player reaches the goal (option "goal": 10, 15 or 20; 15 by default) or the pile is used
up. Places by score, ties shared.

State: {"seed", "goal", "pile": [worths, top first], "scores": [...], "current": seat,
"drawn": stones drawn this turn, "doubled": the next stone counts twice, "turn": turns passed,
"over": bool, "events": [...]}. Events: {"type": "draw", "seat", "worth"}, {"type": "double",
"seat"}, {"type": "pass", "seat"}, {"type": "game_end", "scores"}.
"""

from __future__ import annotations

import random
from typing import Any

from games.engines.base import IllegalAction, State, check_level, shared_places

STONES = [worth for worth in range(5) for _copy in range(8)]  # 40 stones, 8 of each worth
DRAWS_PER_TURN = 3
GOALS = (10, 15, 20)
#: {action keyword: how many words follow it} of the notation.
ARITY = {"double": 0, "draw": 0, "pass": 0}


class ToyEngine:
    """The toy game (see the module docstring)."""

    name = "toy"
    min_players = 1
    max_players = 6
    bot_levels = ("easy",)
    arity = ARITY
    arity = ARITY

    def initial_state(self, num_players: int, seed: int, options: dict[str, Any]) -> State:
        """The state before the first draw. Raises ValueError for a count outside 1-6 or a
        goal that is not one of GOALS."""
        if not self.min_players <= num_players <= self.max_players:
            raise ValueError(f"the toy game takes 1 to 6 players, not {num_players}")
        goal = options.get("goal", 15)
        if goal not in GOALS:
            raise ValueError(f"the goal is one of {GOALS}, not {goal!r}")
        pile = list(STONES)
        random.Random(seed).shuffle(pile)
        return {
            "seed": seed,
            "goal": goal,
            "pile": pile,
            "scores": [0] * num_players,
            "current": 0,
            "drawn": 0,
            "doubled": False,
            "turn": 0,
            "over": False,
            "events": [],
        }

    def current_player(self, state: State) -> int | None:
        return None if state["over"] else state["current"]

    def turn_key(self, state: State) -> int:
        """The number of turns passed: a solo player's turn ends though the seat stays."""
        return state["turn"]

    def is_terminal(self, state: State) -> bool:
        return state["over"]

    def scores(self, state: State) -> list[int]:
        return list(state["scores"])

    def places(self, state: State) -> list[int]:
        """By score alone; equal scores share a place."""
        return shared_places(state["scores"])

    def current_scores(self, state: State) -> list[int]:
        """The scores as they stand: a stone counts when drawn, nothing more at the end."""
        return list(state["scores"])

    def progress(self, state: State) -> float:
        """How far the game is, 0 to 1: the stones drawn of the pile, or the leader's share
        of the goal, whichever is further (either ends the game); 1 once it is over."""
        if state["over"]:
            return 1.0
        drawn = 1 - len(state["pile"]) / len(STONES)
        return min(1.0, max(drawn, max(state["scores"]) / state["goal"]))

    def legal_actions(self, state: State) -> list[str]:
        if state["over"]:
            return []
        if not (state["drawn"] < DRAWS_PER_TURN and state["pile"]):
            return ["pass"]
        return ["draw", "pass"] if state["doubled"] else ["double", "draw", "pass"]

    def canonical(self, state: State, text: str) -> str:
        """An action of ARITY in any case and spacing; IllegalAction for anything else."""
        words = text.lower().split()
        if len(words) != 1 or words[0] not in ARITY:
            raise IllegalAction(
                "{text} is not an action of this game", code="not_an_action", text=text.strip()
            )
        return words[0]

    def apply(self, state: State, action: str) -> State:
        """The state after ``action``; IllegalAction when it is not legal now."""
        if action not in self.legal_actions(state):
            raise IllegalAction("{action} is not possible now", code="not_now", action=action)
        seat, scores, pile = state["current"], list(state["scores"]), list(state["pile"])
        new = {**state, "scores": scores, "pile": pile}
        if action == "double":
            new["doubled"] = True
            new["events"] = [{"type": "double", "seat": seat}]
            return new
        if action == "draw":
            worth = pile.pop(0)
            scores[seat] += 2 * worth if state["doubled"] else worth
            new["drawn"] = state["drawn"] + 1
            new["doubled"] = False
            new["events"] = [{"type": "draw", "seat": seat, "worth": worth}]
            if scores[seat] >= state["goal"] or not pile:
                return self._over(new)
            return new
        new["events"] = [{"type": "pass", "seat": seat}]
        new["current"] = (seat + 1) % len(scores)
        new["drawn"] = 0
        new["doubled"] = False
        new["turn"] = state["turn"] + 1
        return new

    def _over(self, state: State) -> State:
        end = {"type": "game_end", "scores": list(state["scores"])}
        return {**state, "over": True, "events": [*state["events"], end]}

    def observation(self, state: State, viewer: int | None) -> dict[str, Any]:
        """The same for every viewer: the scores, the goal, the pile's size (never its order)
        and the stones drawn this turn."""
        return {
            "current_player": self.current_player(state),
            "terminal": state["over"],
            "goal": state["goal"],
            "pile": len(state["pile"]),
            "drawn": state["drawn"],
            "doubled": state["doubled"],
            "players": [{"score": score} for score in state["scores"]],
            "events": state["events"],
            "final": state["scores"] if state["over"] else None,
        }

    def revealed(self, state: State) -> dict[str, Any]:
        """The observation with the pile's stones in order (for the replay)."""
        return {**self.observation(state, None), "pile_stones": list(state["pile"])}

    def reveals(self, state: State, action: str) -> bool:
        """A draw shows the top stone."""
        return self.canonical(state, action) == "draw"

    def timeout_action(self, state: State) -> str:
        if state["over"]:
            raise ValueError("the game is over")
        return "pass"

    def choose(self, observation, legal, rng: random.Random, level: str = "easy") -> str:
        """Draw twice a turn, then pass."""
        check_level(level, legal)
        return "draw" if "draw" in legal and observation["drawn"] < 2 else "pass"


#: The class ``get_engine("toy")`` makes its one instance of.
ENGINE_CLASS = ToyEngine
