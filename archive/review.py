"""The bot's review of a finished game: each player's chance of winning after every turn, the
turns that changed the most, and for each player the turn that cost them most with what the
hard bot would have played instead.

The review looks at the game with everything revealed: it replays the log (the truth) from the
seed, so the positions it judges hold the hidden markers, hands and piles. That is why it is
made and shown only once the game is over (``archive.tasks.review_game``, ``archive.access``).

A position's chances are estimated by a few fast playouts (every seat played by the engine's
easy bot to the end of the game, as lichess estimates a position by a quick engine look):
each playout gives 1 to a sole winner, 1/k to each of k shared winners, so the chances of a
position sum to 1. When the time of the review (``seconds``) runs short, the rest of the
positions are judged by their scores alone (a softmax of the points, also summing to 1). A
solo game has no one to beat: its "chance" is the expected final score instead (``solo``).

Only the engine contract is used (``games.engines.base.Engine``): ``choose`` at "easy" for the
playouts, at "hard" (the information-set search of ``games.engines.search``, from the seat's
own observation, as the player saw it) for the better turn.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any

from games.engines.base import Engine, State, turn_of

#: The most actions a playout or a bot's turn may take before it is cut (a guard, never
#: reached by the site's games, which end in a few hundred actions).
PLAYOUT_LIMIT = 5000
TURN_LIMIT = 60
#: How many turns the review names as those that changed the game most.
TURNING_POINTS = 3
#: The share of the review's time given to the chances; the rest is the hard bot's.
CHANCES_SHARE = 0.75


@dataclass(frozen=True)
class Turn:
    """One turn of the game: ``seat`` played the actions from step ``start`` up to ``end``
    (steps count the actions that stand: step n is the position after n of them)."""

    number: int
    seat: int
    start: int
    end: int


def positions(engine: Engine, num_players: int, seed: int, options: dict, actions: list[str]):
    """Every position of the game, [state after 0, 1, ... len(actions) actions], replayed from
    the seed (raises IllegalAction or ValueError like ``games.engines.replay``)."""
    state = engine.initial_state(num_players=num_players, seed=seed, options=options)
    states = [state]
    for action in actions:
        state = engine.apply(state, action)
        states.append(state)
    return states


def split_turns(engine: Engine, states: list[State]) -> list[Turn]:
    """The turns of the game whose ``states`` are given: a new turn begins wherever the engine's
    turn (``turn_of``: its ``turn_key``, else the current player) changes."""
    turns: list[Turn] = []
    start = 0
    for step in range(1, len(states)):
        if step == len(states) - 1 or turn_of(engine, states[step]) != turn_of(
            engine, states[step - 1]
        ):
            seat = engine.current_player(states[start])
            if seat is not None:
                turns.append(Turn(len(turns) + 1, seat, start, step))
            start = step
    return turns


class Judge:
    """Estimates positions for one review, within its time: ``playouts`` per position at most,
    all positions judged by ``deadline`` (``time.process_time()``), then by the score alone."""

    def __init__(self, engine: Engine, seats: int, playouts: int, rng: random.Random):
        self.engine = engine
        self.seats = seats
        self.playouts = max(1, playouts)
        self.rng = rng
        self.solo = seats == 1

    def chances(self, state: State, until: float) -> list[float]:
        """Each seat's chance of winning from ``state`` (solo: the expected final score), by
        playouts until the CPU clock reaches ``until``; by the scores alone when no time is
        left. The chances of a game with several seats sum to 1."""
        if self.engine.is_terminal(state):
            return self.outcome(state)
        if time.process_time() >= until:
            return self.by_scores(state)
        totals = [0.0] * self.seats
        done = 0
        while done < self.playouts and (done == 0 or time.process_time() < until):
            for seat, value in enumerate(self.outcome(self.playout(state))):
                totals[seat] += value
            done += 1
        return [total / done for total in totals]

    def playout(self, state: State) -> State:
        """``state`` played on by the easy bot in every seat, to the end (or the guard)."""
        engine = self.engine
        for _ in range(PLAYOUT_LIMIT):
            if engine.is_terminal(state):
                break
            seat = engine.current_player(state)
            legal = engine.legal_actions(state)
            action = engine.choose(engine.observation(state, seat), legal, self.rng, "easy")
            state = engine.apply(state, action)
        return state

    def outcome(self, state: State) -> list[float]:
        """A finished game's share for each seat (1/k to each of k winners; solo: the
        score); a cut playout is judged by its scores."""
        if self.solo:
            return [float(self.engine.scores(state)[0])]
        if not self.engine.is_terminal(state):
            return self.by_scores(state)
        places = self.engine.places(state)
        winners = places.count(1)
        return [1 / winners if place == 1 else 0.0 for place in places]

    def by_scores(self, state: State) -> list[float]:
        """Chances from the points alone: a softmax of the scores with a width of a fifth of
        the best score (at least 1 point); solo, the score."""
        scores = [float(score) for score in self.engine.scores(state)]
        if self.solo:
            return scores
        width = max(1.0, max(scores) / 5)
        weights = [math.exp((score - max(scores)) / width) for score in scores]
        return [weight / sum(weights) for weight in weights]


def review_game(
    engine: Engine,
    num_players: int,
    seed: int,
    options: dict,
    actions: list[str],
    *,
    seconds: float,
    playouts: int,
    level: str = "hard",
) -> dict[str, Any]:
    """The review of the finished game replayed from ``seed``, ``options`` and ``actions`` (the
    moves that stand, in the engine's notation), in about ``seconds`` of CPU at most (plus one
    playout and one bot's decision over, at worst), with ``playouts`` playouts a position at most;
    the better turns are the bot's at ``level`` ("hard" when the engine has it).

    Returns {"seats", "solo", "points": [{"step", "turn", "seat", "chances": [per seat]}] (the
    start, then the end of every turn), "turning": [the numbers of the turns that changed the
    chances most, in order of play], "mistakes": [{"seat", "turn", "start", "end", "played":
    [actions], "better": [actions], "before", "after", "instead" (the seat's chance before its
    turn, after it, and after the bot's turn)}] (one a seat, for the seat's turn that lost it
    most, when it lost any and the bot would have played otherwise, and gained), "seconds" (CPU
    used)}. Raises ValueError for a game that is not over."""
    started = time.process_time()
    states = positions(engine, num_players, seed, options, actions)
    if not engine.is_terminal(states[-1]):
        raise ValueError("only a finished game is reviewed")
    turns = split_turns(engine, states)
    judge = Judge(engine, num_players, playouts, random.Random(seed))
    chances_until = started + seconds * CHANCES_SHARE
    marks = [0] + [turn.end for turn in turns]
    judged: list[list[float]] = []
    for index, step in enumerate(marks):
        share = started + (chances_until - started) * (index + 1) / len(marks)
        judged.append([round(value, 4) for value in judge.chances(states[step], share)])
    points = [{"step": 0, "turn": None, "seat": None, "chances": judged[0]}]
    points += [
        {"step": turn.end, "turn": turn.number, "seat": turn.seat, "chances": judged[i + 1]}
        for i, turn in enumerate(turns)
    ]
    swings = [_swing(judged[i], judged[i + 1], judge.solo) for i in range(len(turns))]
    ranked = sorted(range(len(turns)), key=lambda i: (-swings[i], i))[:TURNING_POINTS]
    turning = sorted(turns[i].number for i in ranked if swings[i] > 0)
    level = level if level in getattr(engine, "bot_levels", ("easy",)) else "easy"
    mistakes = []
    for seat in range(num_players):
        worst = _worst_turn(turns, judged, seat)
        if worst is None:
            continue
        if time.process_time() - started >= seconds:
            break
        turn = turns[worst]
        found = _bot_turn(engine, states[turn.start], level, judge.rng, started + seconds)
        if found is None:
            break  # out of time
        better, end_state = found
        played = actions[turn.start : turn.end]
        if better == played:
            continue
        # judged by playouts, as the turn played was, even with the time nearly used up
        until = max(started + seconds, time.process_time() + 0.001)
        instead = judge.chances(end_state, until)[seat]
        if instead <= judged[worst + 1][seat]:
            continue  # the bot's turn would have gained nothing
        mistakes.append(
            {
                "seat": seat,
                "turn": turn.number,
                "start": turn.start,
                "end": turn.end,
                "played": played,
                "better": better,
                "before": judged[worst][seat],
                "after": judged[worst + 1][seat],
                "instead": round(instead, 4),
            }
        )
    return {
        "seats": num_players,
        "solo": judge.solo,
        "points": points,
        "turning": turning,
        "mistakes": mistakes,
        "seconds": round(time.process_time() - started, 2),
    }


def _swing(before: list[float], after: list[float], solo: bool) -> float:
    """How much a turn changed the chances: half the sum of the changes (the share of the win
    that moved between the seats); solo, the change of the expected score."""
    total = sum(abs(a - b) for a, b in zip(after, before, strict=True))
    return total if solo else total / 2


def _worst_turn(turns: list[Turn], judged: list[list[float]], seat: int) -> int | None:
    """The index of ``seat``'s turn after which its chance fell most, or None when none fell."""
    drops = [
        (judged[i][seat] - judged[i + 1][seat], i)
        for i, turn in enumerate(turns)
        if turn.seat == seat
    ]
    drops = [(drop, i) for drop, i in drops if drop > 0]
    if not drops:
        return None
    return max(drops, key=lambda item: (item[0], -item[1]))[1]


def _bot_turn(
    engine: Engine, state: State, level: str, rng: random.Random, until: float
) -> tuple[list[str], State] | None:
    """The actions the bot at ``level`` plays for the seat to move in ``state`` until its turn
    ends (decided from the seat's observation only), and the position reached; None when the
    CPU clock passes ``until`` before the turn is over (one decision may end past it)."""
    seat = engine.current_player(state)
    turn = turn_of(engine, state)
    played: list[str] = []
    while not engine.is_terminal(state) and turn_of(engine, state) == turn:
        if len(played) >= TURN_LIMIT:
            break
        if time.process_time() >= until:
            return None
        legal = engine.legal_actions(state)
        action = engine.choose(engine.observation(state, seat), legal, rng, level)
        played.append(action)
        state = engine.apply(state, action)
    return played, state
