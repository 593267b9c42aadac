"""The contract every rules engine keeps, the one exception it raises, and the registry.

The contract follows OpenSpiel's Game/State split, with states as plain JSON-serialisable data:
``initial_state`` -> ``legal_actions`` / ``apply`` -> ``is_terminal`` / ``scores``, and
``observation`` as the only way hidden information leaves an engine.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Protocol, runtime_checkable

from games import PACKAGES

State = dict[str, Any]

# The registry is ``games.PACKAGES``: game name -> package, whose ``engine`` module names its
# class as ``ENGINE_CLASS``. Modules are imported on first use, so the site pays only for the
# games it serves.


def gettext_noop(message: str) -> str:
    """Mark ``message`` for translation without translating it (engines know no language).

    Engines import it as ``_`` so that ``makemessages`` collects their player-facing texts;
    the site translates them with the same template and parameters when it shows them.
    """
    return message


class IllegalAction(ValueError):
    """An action that the rules do not allow in this state, or text that is no action at all.

    ``template`` is an English sentence with ``{name}`` fields, marked for translation with
    ``gettext_noop``; ``params`` fill it. ``reason`` is the filled English sentence a player
    understands (``IllegalAction(_("{cell} is not on the board"), code="no_cell", cell="Z9")``
    says "Z9 is not on the board"). ``code`` names the rule that forbids the action, the same
    for every sentence of that rule (the game's kind links each code to the section of its
    rules: ``rules_links.reasons``); "illegal" when the engine names none. ``code`` is no
    parameter name. The state the action was tried on is unchanged.
    """

    def __init__(self, template: str, code: str = "illegal", **params: Any):
        self.template = template
        self.code = code
        self.params = params
        self.reason = template.format(**params)
        super().__init__(self.reason)

    @property
    def why(self) -> Reason:
        """The refusal as a ``Reason`` (code, template and parameters)."""
        return Reason(self.code, self.template, self.params)


@dataclass(frozen=True)
class Reason:
    """Why an action may not be played: the rule's ``code`` (see ``IllegalAction``), the
    English ``template`` (marked for translation) and the ``params`` that fill it."""

    code: str
    template: str
    params: dict[str, Any] = field(default_factory=dict)

    @property
    def text(self) -> str:
        """The reason in English, filled in."""
        return self.template.format(**self.params)


#: The reasons that hold for any game, before its own rules are asked.
GAME_OVER = Reason("game_over", gettext_noop("The game is over."))
NOT_YOUR_TURN = Reason("not_your_turn", gettext_noop("It is not your turn."))


def explain(engine: Engine, state: State, seat: int | None, text: str) -> Reason | None:
    """Why seat ``seat`` may not play the typed action ``text`` in ``state``; None when it may.

    In this order: the game is over (GAME_OVER); it is not ``seat``'s turn (NOT_YOUR_TURN,
    also for a watcher, ``seat`` None); the engine refuses the text (``canonical``) or the
    action (``apply``): its IllegalAction's reason. The engine raises in an order that never
    reads what ``seat`` may not see before what it may, so the reason is the same in two
    positions that differ only in what ``seat`` cannot see (checked by the engines' suites).
    """
    if engine.is_terminal(state):
        return GAME_OVER
    if seat is None or engine.current_player(state) != seat:
        return NOT_YOUR_TURN
    try:
        engine.apply(state, engine.canonical(state, text))
    except IllegalAction as error:
        return error.why
    return None


@runtime_checkable
class Engine(Protocol):
    """What the site and the conformance tests expect of every engine.

    States are JSON-serialisable dicts. ``apply`` never changes its input. Randomness comes
    only from ``seed`` (and options that fix a layout), so the same seed, options and actions
    always give the same states.
    """

    name: str
    min_players: int
    max_players: int
    #: The bot levels ``choose`` plays differently ("easy", and "hard" for a searching bot).
    bot_levels: tuple[str, ...]
    #: The move notation: {keyword: how many words follow it}. The engine's own parser
    #: reads it, and so does the site's reader of typed lines (mail replies, batches).
    arity: dict[str, int]

    def initial_state(self, num_players: int, seed: int, options: dict[str, Any]) -> State:
        """The state before the first action. Raises ValueError for bad counts or options."""

    def current_player(self, state: State) -> int | None:
        """The seat index to act, or None once the game is over."""

    def legal_actions(self, state: State) -> list[str]:
        """Every legal canonical action string, sorted; [] once the game is over."""

    def apply(self, state: State, action: str) -> State:
        """A new state after ``action``. Raises IllegalAction (with the ``code`` of the rule
        that forbids it, found without reading what the player to move cannot see);
        ``state`` is never changed."""

    def is_terminal(self, state: State) -> bool:
        """True once the game is over."""

    def scores(self, state: State) -> list[int]:
        """Each seat's current total, in seat order."""

    def current_scores(self, state: State) -> list[int]:
        """Each seat's total if the game ended now, in seat order: the running total with the
        final scoring of what each seat holds (a game ended by its players' vote ends with
        these); the final totals once the game is over."""

    def progress(self, state: State) -> float:
        """How far the game is, from 0 (not begun) to 1 (over), by what ends it in the rules
        (monuments found, cards drawn, rounds played). Never decreases along a game. The
        lobby offers a seat left to a bot to a newcomer only before half the game."""

    def observation(self, state: State, viewer: int | None) -> dict[str, Any]:
        """What seat ``viewer`` (None: a spectator) may see, as JSON-serialisable data."""

    def places(self, state: State) -> list[int]:
        """Each seat's place by the game's final ranking, in seat order: 1 is best.

        Seats with equal results share a place unless the game breaks the tie: one game ranks
        by score alone and ties share a place, another by score, then by a second resource,
        and shares only what is still equal (each game's ``engine/testing.py`` names its rule as
        ``tie_break`` for the generic tests).
        """

    def timeout_action(self, state: State) -> str:
        """A legal action for the current player that changes least (a timed-out turn).

        Applied again and again, such actions end the turn (the current player changes or the
        game ends) within a few steps. Raises ValueError once the game is over.
        """

    def reveals(self, state: State, action: str) -> bool:
        """True when applying ``action`` to ``state`` shows something that was hidden.

        Undo never goes back past such an action and a mail reply keeps every line up to and
        including one. For any other action, two states that differ only in what no viewer
        can see give every viewer the same observation afterwards. Raises IllegalAction for
        text that is no action of the game (and may for an action that does not apply now).
        """

    def revealed(self, state: State) -> dict[str, Any]:
        """The spectator's observation with every hidden thing shown (for the replay of a
        finished game): the same keys as ``observation(state, None)`` and more."""

    def canonical(self, state: State, text: str) -> str:
        """The one canonical spelling of the typed action ``text`` (any case, extra blanks).

        Raises IllegalAction when ``text`` is no action of this game at all (unknown keyword,
        wrong number of words, a cell, card or player that does not exist, control
        characters). Whether the action is legal now is still ``apply``'s to check.
        """

    def choose(
        self, observation: dict[str, Any], legal: list[str], rng: random.Random, level: str = "easy"
    ) -> str:
        """A bot's action: one of ``legal``, decided from the viewer's ``observation`` and
        ``rng`` only (never the hidden state). ``level``: "easy" (a fast heuristic) or "hard"
        (information-set Monte Carlo tree search, ``games.engines.search``, at the bot module's
        ``HARD_BUDGET``: under 1 s of CPU a decision). Raises ValueError for an unknown level
        or an empty ``legal``.
        """


def turn_of(engine: Engine, state: State) -> Any:
    """What identifies the turn in progress: the engine's ``turn_key(state)`` when it has one
    (a game whose current player can stay the same from one turn to the next, such as a solo
    game, says there when a new turn begins), else the current player. The site's deadlines
    and timeouts count a turn as over when this changes."""
    key = getattr(engine, "turn_key", None)
    return key(state) if key is not None else engine.current_player(state)


def current_places(engine: Engine, state: State) -> list[int]:
    """Each seat's place if the game ended now, in seat order: the engine's
    ``current_places(state)`` when it breaks ties of the current scores, else the
    ``current_scores`` with equal scores sharing a place."""
    own = getattr(engine, "current_places", None)
    return own(state) if own is not None else shared_places(engine.current_scores(state))


#: The option that names the rules version a game is played under, for an engine whose rules
#: changed after games were played (its attribute ``rules_version`` is the current version;
#: versions count from 1, the rules before any version was kept).
RULES_VERSION_OPTION = "rules_version"


def with_rules_version(engine: Engine, options: dict[str, Any], version: int | None = None) -> dict:
    """``options`` (Game.options) with a rules version written in: ``version``, else the
    engine's current one. Unchanged when the options name a version already or the engine
    keeps no versions (no ``rules_version`` attribute). A game started with its version keeps
    the rules it started under, and its record replays by them."""
    current = getattr(engine, "rules_version", None)
    if current is None or RULES_VERSION_OPTION in options:
        return options
    return {**options, RULES_VERSION_OPTION: current if version is None else version}


def has_control_characters(text: str) -> bool:
    """True when ``text`` holds a control character other than a tab or a line break (a NUL
    byte, an escape, a file separator...): no typed action of any game contains one."""
    return any((ord(c) < 32 and c not in "\t\n\r") or 127 <= ord(c) < 160 for c in text)


def shared_places(keys: list[Any]) -> list[int]:
    """Places for comparable results, in seat order: 1 + how many seats have a better (greater)
    key, so that equal keys share a place ("1, 1, 3")."""
    return [1 + sum(other > key for other in keys) for key in keys]


def check_level(level: str, legal: list[str]) -> None:
    """Raise ValueError unless ``level`` is a bot level and ``legal`` offers a choice."""
    if level not in BOT_LEVELS:
        raise ValueError(f"unknown bot level {level!r}; known levels: {', '.join(BOT_LEVELS)}")
    if not legal:
        raise ValueError("a bot needs at least one legal action")


BOT_LEVELS = ("easy", "hard")


def engine_names() -> list[str]:
    """The names of all registered engines, sorted."""
    return sorted(PACKAGES)


@cache
def get_engine(name: str) -> Engine:
    """The engine registered as ``name`` (one shared instance; engines hold no game state).

    Raises KeyError with the known names when ``name`` is not registered.
    """
    try:
        package = PACKAGES[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known games: {', '.join(engine_names())}") from None
    return importlib.import_module(f"{package}.engine").ENGINE_CLASS()


def replay(
    engine: Engine,
    num_players: int,
    seed: int,
    options: dict[str, Any],
    actions: Iterable[str],
) -> State:
    """The state reached by applying ``actions`` in order from the initial state.

    This is how the site rebuilds a game from its move log. Raises IllegalAction (from the
    first action that does not apply) or ValueError (bad set-up).
    """
    state = engine.initial_state(num_players=num_players, seed=seed, options=options)
    for action in actions:
        state = engine.apply(state, action)
    return state
