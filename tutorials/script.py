"""The tutorials' scripts: the files of a game's ``tutorial/`` folder, read and checked.

A game that ships a tutorial has, in its package folder (``games.PACKAGES``, the same registry
that finds its rules summaries), a folder ``tutorial/`` with:

- ``deal.toml``: the fixed deal, the same in every language: ``players`` (seats; the learner
  is seat 0, the others are computer players whose moves the script makes), ``seed``,
  ``[options]`` (the engine's options of ``initial_state``, e.g. Africa's ``layout``) and
  ``[moves]`` (optional: named lists of routine actions, whoever's turn it is, that a step
  plays in one go).
- ``<language>.toml`` (``en``, ``fr``, ``nl``, ``de``): ``title``, ``intro``, ``final`` (the words
  under the final table: how the score was made), ``final_rule`` (its "?" section) and
  ``[[steps]]``, each with ``text`` (what the step says), ``rule`` (the section id of the
  rules summary its "?" links to, or an action keyword that ``rulebooks.links.section_key``
  knows), ``highlight`` (the board's place
  ids to highlight, optional) and either ``do`` (the learner's action, in the engine's
  notation) with ``why`` (what a wrong action is told), or ``bot`` (the computer player's
  action, or the list of its actions of one turn, which the step explains), or ``moves`` (the
  name of a list of ``[moves]`` in ``deal.toml``: routine actions of the learner and the
  computer players, played in one go, which the step sums up).

The steps are the same in every language (same actions, rules and highlights): only the words
differ. Read with ``tomllib`` (standard library); a malformed file raises ``ScriptError``.
"""

from __future__ import annotations

import importlib
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from games import PACKAGES

#: The language of the tutorial a reader gets when theirs has no file.
FALLBACK_LANGUAGE = "en"


class ScriptError(ValueError):
    """A tutorial file that cannot be read or is not a tutorial (the message says where)."""


@dataclass(frozen=True)
class Step:
    """One step of a tutorial: ``text`` to read, ``rule`` (a section of the rules summary),
    ``highlight`` (place ids of the board), and either ``do`` (the learner's expected action,
    canonical) with ``why`` (the answer to another action), ``bot`` (a computer player's
    action or actions of one turn, that the step shows) or ``moves`` (the name of routine
    actions of anyone, ``routine`` those actions, played in one go)."""

    text: str
    rule: str
    highlight: tuple[str, ...]
    do: str | None = None
    why: str = ""
    bot: tuple[str, ...] = ()
    moves: str = ""
    routine: tuple[str, ...] = ()

    @property
    def actions(self) -> tuple[str, ...]:
        """The actions of the step in order, whoever makes them: the learner's one, the
        computer player's, or the routine moves."""
        if self.do is not None:
            return (self.do,)
        return self.bot or self.routine

    @property
    def shape(self) -> tuple:
        """What must be the same in every language: (do, bot, moves, rule, highlight)."""
        return (self.do, self.bot, self.moves, self.rule, self.highlight)


@dataclass(frozen=True)
class Deal:
    """The fixed deal of a game's tutorial: ``players`` seats (the learner is seat 0),
    ``seed``, the engine's ``options`` and ``moves`` {name: tuple of actions}, the routine
    moves its steps may play."""

    players: int
    seed: int
    options: dict
    moves: dict


@dataclass(frozen=True)
class Script:
    """A game's tutorial in one language: ``game`` (its name), ``language``, ``title``,
    ``intro``, ``steps`` (tuple of Step), ``final`` (the scoring explained), ``final_rule``
    (the section its "?" links to) and ``deal``."""

    game: str
    language: str
    title: str
    intro: str
    steps: tuple[Step, ...]
    final: str
    final_rule: str
    deal: Deal


def folder(game: str) -> Path:
    """The ``tutorial/`` folder of ``game``'s package (it may not exist)."""
    return Path(importlib.import_module(PACKAGES[game]).__file__).parent / "tutorial"


def has_tutorial(game: str) -> bool:
    """Whether ``game`` ships a tutorial (its deal and at least the English steps)."""
    if game not in PACKAGES:
        return False
    base = folder(game)
    return (base / "deal.toml").is_file() and (base / f"{FALLBACK_LANGUAGE}.toml").is_file()


def languages(game: str) -> list[str]:
    """The languages of ``game``'s tutorial files, sorted."""
    return sorted(path.stem for path in folder(game).glob("*.toml") if path.stem != "deal")


def _read(path: Path) -> dict:
    try:
        with path.open("rb") as file:
            return tomllib.load(file)
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise ScriptError(f"{path.name}: {error}") from error


def _text(data: dict, key: str, where: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value.strip():
        raise ScriptError(f"{where}: {key!r} must be a non-empty text")
    return " ".join(value.split())


def _step(data: dict, where: str, routines: dict) -> Step:
    do, bot, moves = data.get("do"), data.get("bot"), data.get("moves")
    if [do, bot, moves].count(None) != 2:
        raise ScriptError(f"{where}: a step has one of 'do', 'bot' or 'moves'")
    if moves is not None and moves not in routines:
        raise ScriptError(f"{where}: no [moves] list {moves!r} in deal.toml")
    bot = [bot] if isinstance(bot, str) else bot or []
    if not isinstance(do, str | None) or not all(isinstance(a, str) for a in bot):
        raise ScriptError(f"{where}: 'do' is an action, 'bot' an action or a list of them")
    highlight = data.get("highlight", [])
    if not isinstance(highlight, list) or not all(isinstance(h, str) for h in highlight):
        raise ScriptError(f"{where}: 'highlight' must be a list of place ids")
    return Step(
        text=_text(data, "text", where),
        rule=_text(data, "rule", where),
        highlight=tuple(highlight),
        do=do,
        why=_text(data, "why", where) if do is not None else "",
        bot=tuple(bot),
        moves=moves or "",
        routine=routines[moves] if moves is not None else (),
    )


@cache
def deal(game: str) -> Deal:
    """The fixed deal of ``game``'s tutorial (``deal.toml``); ScriptError when malformed."""
    data = _read(folder(game) / "deal.toml")
    players, seed, options = data.get("players"), data.get("seed"), data.get("options", {})
    if not isinstance(players, int) or not isinstance(seed, int) or not isinstance(options, dict):
        raise ScriptError("deal.toml: 'players' and 'seed' are integers, 'options' a table")
    moves = data.get("moves", {})
    if not isinstance(moves, dict) or not all(
        isinstance(actions, list) and actions and all(isinstance(a, str) for a in actions)
        for actions in moves.values()
    ):
        raise ScriptError("deal.toml: [moves] holds non-empty lists of actions")
    moves = {name: tuple(actions) for name, actions in moves.items()}
    return Deal(players=players, seed=seed, options=options, moves=moves)


@cache
def load(game: str, language: str) -> Script:
    """``game``'s tutorial in ``language`` (or in English when there is no such file).

    Raises ScriptError for a malformed file, KeyError for a game without a package."""
    base = folder(game)
    if not (base / f"{language}.toml").is_file():
        language = FALLBACK_LANGUAGE
    data = _read(base / f"{language}.toml")
    where = f"{game}/tutorial/{language}.toml"
    steps = data.get("steps")
    if not isinstance(steps, list) or not steps:
        raise ScriptError(f"{where}: no [[steps]]")
    return Script(
        game=game,
        language=language,
        title=_text(data, "title", where),
        intro=_text(data, "intro", where),
        steps=tuple(
            _step(step, f"{where} step {n + 1}", deal(game).moves) for n, step in enumerate(steps)
        ),
        final=_text(data, "final", where),
        final_rule=_text(data, "final_rule", where),
        deal=deal(game),
    )
