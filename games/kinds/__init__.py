"""The Django side of each game: a ``GameKind`` per game and the one registry of games.

A kind turns what the engine says (observations, legal actions, events) into pages, mails and
rule links: its board and panel, the log in words, the text board of mails, the question of a
pending decision, the reply notation and the sections of its rules. The generic play page,
turn mail, replay and rule links call the kind and never read an observation's game-specific
keys themselves. Kinds import engines, never services or models.

Every list of games on the site comes from ``games.GAMES`` through this registry (model choices,
the new-game form, player counts, archive and leaderboard filters, rule links).
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from django.template import TemplateDoesNotExist
from django.template.loader import get_template, render_to_string
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from games import PACKAGES
from games.engines import Engine, get_engine

#: {game name: the package of the game} of every playable game (``games.PACKAGES``); the name
#: is Game.engine, the engine's name and the slug of its rulebook. A game's ``kind`` module
#: names its GameKind class as ``KIND_CLASS``, imported when first asked for.
KINDS = PACKAGES


@dataclass(frozen=True)
class SeatColour:
    """A seat's colour and its second cue: ``key`` (stored as Seat.colour), ``name`` (a
    translatable word), ``fill`` and ``ink`` (hex colours; the ink reads on the fill at 5:1 or
    more), ``shape`` (the token's outline, the cue that is not colour) and ``text_dy`` (how far
    down, in SVG user units, the seat number sits to look centred in that shape)."""

    key: str
    name: Any
    fill: str
    ink: str
    shape: str
    text_dy: float = 0


#: Six seat colours whose fills are from the Okabe-Ito palette (told apart with the common
#: forms of colour blindness; the ink reads at 5:1 or more), each with a shape of its own: the
#: seats of a kind that chooses no colours of its own.
SEAT_COLOURS = [
    SeatColour("blue", _("blue"), "#0072B2", "#FFFFFF", "circle"),
    SeatColour("orange", _("orange"), "#E69F00", "#000000", "square"),
    SeatColour("green", _("green"), "#009E73", "#000000", "diamond"),
    SeatColour("pink", _("pink"), "#CC79A7", "#000000", "triangle", 2.5),
    SeatColour("yellow", _("yellow"), "#F0E442", "#000000", "hexagon"),
    SeatColour("sky", _("sky blue"), "#56B4E9", "#000000", "star", 1.5),
]


class _Templates:
    """A kind's partials by name: ``templates["status"]`` is "games/<game>/status.html"."""

    def __init__(self, kind: GameKind):
        self.kind = kind

    def __getitem__(self, part: str) -> str:
        return self.kind.template(part)


class GameKind:
    """Defaults for a game's presentation; each game subclasses it in games/<name>/kind/.

    Attributes: ``name`` (== Game.engine), ``label`` (the game's name), ``site_max_players``
    (the most players the site seats, at most the engine's maximum), ``seat_colours`` (at
    least ``max_players`` SeatColours, in seat order), ``options_form`` (a Form class whose
    cleaned_data becomes Game.options, or None), ``template_dir`` (its partials: board_area,
    log, action_options, status, moves, holdings), ``sections`` ({section id: words}) and
    ``governing`` ({action keyword, decision or event type: section id}) for rule links.
    """

    name: str = ""
    label: str = ""
    site_max_players: int | None = None
    seat_colours: list[SeatColour] = SEAT_COLOURS
    options_form = None
    template_dir: str = ""
    sections: dict[str, Any] = {}
    governing: dict[str, str] = {}
    #: A sentence under the list of actions in mails: how to write a reply, by example.
    reply_example = ""
    #: A sentence under the replay's board: how it shows what was hidden during the game.
    replay_note = ""
    #: What chance the seed decided before the game began, in a sentence of the fair-play
    #: note ("The markers were shuffled before the game began.").
    shuffled = ""
    #: How many recent moves the play page's log shows.
    log_length = 40
    #: {part: [parts it includes]} for the cached fragments of the play page, so that a
    #: change of an included partial is a new fragment too (default: the part alone).
    fragment_sources: dict[str, list[str]] = {}
    #: The game's own stylesheet (a static path, e.g. "css/<game>.css") for the pages that
    #: show its board, or "" for none.
    stylesheet: str = ""

    # -- the engine and the seats ---------------------------------------------------------

    def __init__(self):
        self._template_paths: dict[str, str] = {}  # {part: the path ``template`` found}

    @property
    def engine(self) -> Engine:
        """The rules engine of this game."""
        return get_engine(self.name)

    @property
    def min_players(self) -> int:
        return self.engine.min_players

    @property
    def max_players(self) -> int:
        return self.site_max_players or self.engine.max_players

    def default_options(self) -> dict:
        """Game.options of a game created without choosing: each option's initial value."""
        if self.options_form is None:
            return {}
        return {name: field.initial for name, field in self.options_form.base_fields.items()}

    def colour_key(self, seat_number: int) -> str:
        """The colour key of the seat ``seat_number`` (0-based)."""
        return self.seat_colours[seat_number].key

    @property
    def templates(self) -> _Templates:
        """The partials by name, for templates: ``{% include kind.templates.status %}``."""
        return _Templates(self)

    @property
    def board_template(self) -> str:
        """The board partial, which mails include too."""
        return self.template("board")

    def template(self, part: str) -> str:
        """The path of this game's partial ``part`` ("board_area" -> "games/x/board_area.html"),
        or of the default partial ("games/_default/log.html") when the game has none of its
        own: a game writes only the partials that differ."""
        found = self._template_paths.get(part)
        if found is None:
            own = f"{self.template_dir or f'games/{self.name}/'}{part}.html"
            try:
                get_template(own)
            except TemplateDoesNotExist:
                own = f"games/_default/{part}.html"
            found = self._template_paths[part] = own
        return found

    @property
    def bot_levels(self) -> tuple[str, ...]:
        """The levels of computer player the new-game form offers: those the engine's bot
        plays differently (its ``bot_levels``; "easy" alone for an engine that says none)."""
        return tuple(getattr(self.engine, "bot_levels", ("easy",)))

    # -- pages ------------------------------------------------------------------------------

    def page_context(self, request, game, seat, observation: dict, legal: list[str], names):
        """What the play page shows of the position beyond the generic parts: at least
        "board_context" (a callable giving the board partial's context), "buttons",
        "action_label" (a callable action -> words) and "role" (a string naming what the
        board shows this viewer, for the fragment cache). ``legal`` is [] unless it is the
        viewer's turn."""
        raise NotImplementedError

    def board_context(self, observation: dict, seats: list[dict], **kwargs) -> dict:
        """The board partial's context for ``observation`` and ``seats`` ([{"name",
        "colour"}] in seat order)."""
        raise NotImplementedError

    def panel(self, observation: dict, seats) -> list[dict]:
        """One row per seat for the players' panel: {"seat", "name", "colour", "colour_name",
        "is_current", "score", ...} (the rest is for the kind's holdings partial)."""
        raise NotImplementedError

    def scores(self, observation: dict) -> list[int]:
        """The points each seat has as ``observation`` shows them."""
        return [player["score"] for player in observation["players"]]

    def final_breakdown(self, observation: dict, names: list[str]) -> dict | None:
        """How each player's final score is made, for the final screen, the replay and the
        finished mail: {"columns": [words, ...], "rows": [{"seat": int, "name": str,
        "place": int, "cells": [int | str, ...], "total": int}]} with one cell a column and
        the rows in place order; None while the game runs or when the kind gives totals only.
        """
        return None

    def rounds_played(self, observation: dict) -> int | None:
        """How many rounds the game has lasted so far as ``observation`` shows it, for games
        that count rounds (a solo game is ranked by score, then by fewer rounds); None when
        the game does not count rounds."""
        return None

    def batch_actions(self, data) -> list[str]:
        """The actions a form of several actions (a market: hire and buy at once) asks for,
        in the order to apply them, from its POST ``data`` (a QueryDict); default: every
        "action" value. A kind may return spellings the engine refuses: the batch then fails
        as a whole with the engine's reason."""
        return data.getlist("action")

    def describe(self, event: dict, names: list[str]) -> str | None:
        """A log line for ``event`` in the reader's language, or None to leave it out."""
        return None

    def log_entries(self, moves, names: list[str]) -> list[dict]:
        """The move log in words, in the order of ``moves`` (Move rows): [{"ply", "seat",
        "lines": [{"text", "event"}]}], each line with the public engine event it tells (for
        the link to its rule)."""
        entries = []
        for move in moves:
            lines = [
                {"text": text, "event": event}
                for event in move.events
                if (text := self.describe(event, names))
            ]
            entries.append({"ply": move.ply, "seat": move.seat, "lines": lines})
        return entries

    def sources(self, part: str) -> list[str]:
        """The template paths whose text makes the fragment ``part``."""
        return [self.template(name) for name in self.fragment_sources.get(part, [part])]

    def action_label(self, action: str, observation: dict, names: list[str]) -> str:
        """A player's words for ``action``."""
        return action

    def question(self, observation: dict) -> str | None:
        """The question of a pending decision on the play page, or None."""
        return None

    #: {target kind: words} of the kinds of highlighted target the board draws (each with its
    #: own outline, pattern and colour), for the board's legend; {} when the kind has none.
    target_kinds: dict[str, Any] = {}

    def ends_turn(self, action: str) -> bool:
        """Whether ``action`` ends the player's turn at once (default: only "end")."""
        return action == "end"

    def needs_confirmation(self, action: str, legal: list[str]) -> bool:
        """Whether a one-click target for ``action`` asks before it is played: an action that
        ends the turn while ``legal`` (the player's legal actions) held another that did not."""
        return self.ends_turn(action) and any(not self.ends_turn(other) for other in legal)

    def changed_cells(self, events: list[dict]) -> set[str]:
        """The board cells that the public ``events`` (of the moves since a player's last
        visit) changed, to be marked on the board (default: none)."""
        return set()

    def mark_changed(self, board_context: dict, cells: set[str]) -> dict:
        """The board partial's context ``board_context`` with ``cells`` (from
        ``changed_cells``) drawn as changed since the viewer's last visit (default: as is)."""
        return board_context

    # -- mails ------------------------------------------------------------------------------

    def board_text(self, observation: dict) -> str:
        """The position as plain text, for mails."""
        raise NotImplementedError

    def legend_text(self) -> str:
        """The key of ``board_text``."""
        return ""

    def mail_question(self, observation: dict) -> str | None:
        """A pending decision in words, for a reply by mail, or None."""
        return None

    def group_actions(self, legal: list[str]) -> list[str]:
        """The legal actions as lines of a mail (default: one a line)."""
        return list(legal)

    #: Static stylesheets the board partial needs; the board picture of HTML mails puts them
    #: inside the SVG it draws (notifications.boardimage).
    board_stylesheets: tuple[str, ...] = ("css/board.css",)

    def options_note(self, options: dict) -> str:
        """A few words for the options of a game that differ from the usual game (Game.options;
        "simple variant"), shown beside the game in the lobby and on its page; "" for none."""
        return ""

    @property
    def mail_board_template(self) -> str:
        """The partial the board picture of HTML mails is drawn from: an SVG element with a
        viewBox, given ``mail_board``'s context as "board" (default: the board partial). Its
        elements that a position changes carry the attribute ``data-piece``: the picture draws
        the rest once a game and language, and only those for each mail."""
        return self.board_template

    def mail_board(self, observation: dict, seats: list[dict], viewer: int | None) -> dict:
        """The context of ``mail_board_template`` for the player of seat ``viewer`` (0-based;
        None for a watcher), from their ``observation`` and ``seats`` [{"name", "colour"}]
        (default: the board as the page shows it, without highlights)."""
        return self.board_context(observation, seats, highlight=set())

    def start_board(self) -> str:
        """The board of a new game (two seats, seed 1, the default options) as the page draws
        it, as HTML (an inline SVG), with every id prefixed by "start-<name>-" so that the
        boards of several kinds can share a page (the home page's pictures). Cached per kind
        and language."""
        return _start_board(self.name, translation.get_language() or "")

    def example_action(self, legal: list[str]) -> str:
        """The action a mail gives as an example of a reply: always one of ``legal`` (by
        default the first that names something, such as a cell, else the first)."""
        return next((action for action in legal if " " in action), legal[0])

    # -- the move notation ------------------------------------------------------------------

    #: {keyword: how many words follow it} of the move notation.
    keywords: dict[str, int] = {}
    #: Lines of a mail reply that look like a mistyped action (a reply stops at other prose).
    mistyped = re.compile(r"(?!)")

    def read_action(self, line: str) -> str | None:
        """The action a line of a mail reply holds (lower case, single blanks), or None when
        its first word is no keyword of the notation."""
        words = line.lower().split()
        if not words or words[0] not in self.keywords:
            return None
        return " ".join(words)


@cache
def get_kind(name: str) -> GameKind:
    """The kind of the game ``name``; raises KeyError for a game that is not registered."""
    if name not in KINDS:
        raise KeyError(f"unknown game {name!r}; known games: {', '.join(KINDS)}")
    return importlib.import_module(f"{KINDS[name]}.kind").KIND_CLASS()


def kind_names() -> list[str]:
    """The names of all registered games, in registry order."""
    return list(KINDS)


def all_kinds() -> list[GameKind]:
    """Every registered kind, in registry order."""
    return [get_kind(name) for name in KINDS]


def game_choices() -> list[tuple[str, str]]:
    """(name, label) of every registered game, for choice fields."""
    return [(kind.name, kind.label) for kind in all_kinds()]


@cache
def _start_board(name: str, language: str) -> str:
    """``GameKind.start_board`` of the kind ``name`` in ``language`` (the cache's key)."""
    kind = get_kind(name)
    players = max(2, kind.min_players)
    state = kind.engine.initial_state(players, 1, kind.default_options())
    observation = kind.engine.observation(state, None)
    seats = [
        {"name": str(number + 1), "colour": kind.colour_key(number)} for number in range(players)
    ]
    html = render_to_string(kind.board_template, {"board": kind.board_context(observation, seats)})
    prefix = f"start-{name}-"
    for element_id in set(re.findall(r'\bid="([^"]+)"', html)):
        html = re.sub(
            rf"""(\bid="|#|aria-(?:labelledby|describedby)="){re.escape(element_id)}(?=["')\s])""",
            rf"\g<1>{prefix}{element_id}",
            html,
        )
    return html
