"""The Django side of each game: a ``GameKind`` per game and the one registry of games.

A kind turns what the engine says (observations, legal actions, events) into pages, mails and
rule links, through its facets, each with its default in the module of its name here: the
page (``page.Page``: the play page's context, the panel, the words of actions and of a
pending question), the board (``board.Board``), the log in words (``log.Log``), the text of
mails (``mail.Mail``), the typed notation (``notation.Notation``), the rule links
(``rules_links.RulesLinks``) and the scores (``score.Score``). The generic play page, turn
mail, replay and rule links call the facets (``kind.log.describe(event, names)``) and never
read an observation's game-specific keys themselves. Kinds import engines, never services or
models.

Every list of games on the site comes from ``games.GAMES`` through this registry (model choices,
the new-game form, player counts, archive and leaderboard filters, rule links).
"""

from __future__ import annotations

import importlib
import sys
from dataclasses import dataclass
from functools import cache
from typing import Any

from django.template import TemplateDoesNotExist
from django.template.loader import get_template
from django.utils.translation import gettext_lazy as _

from games import PACKAGES
from games.engines import Engine, get_engine
from games.kinds.board import Board
from games.kinds.log import Log
from games.kinds.mail import Mail
from games.kinds.notation import Notation
from games.kinds.page import Page
from games.kinds.rules_links import RulesLinks
from games.kinds.score import Score

#: {game name: the package of the game} of every playable game (``games.PACKAGES``); the name
#: is Game.engine, the engine's name and the slug of its rulebook. A game's ``kind`` module
#: names its GameKind class as ``KIND_CLASS``, imported when first asked for.
KINDS = PACKAGES


@dataclass(frozen=True)
class SeatColour:
    """A seat's colour and its second cue: ``key`` (stored as Seat.colour), ``name`` (a
    translatable word), ``fill`` and ``ink`` (hex colours; the ink reads on the fill at 4.5:1
    or more, WCAG AA), ``shape`` (the token's outline, the cue that is not colour: one of
    SEAT_SHAPES) and ``text_dy`` (how far down, in SVG user units, the seat number sits to
    look centred in that shape)."""

    key: str
    name: Any
    fill: str
    ink: str
    shape: str
    text_dy: float = 0


#: The outlines a seat's token may have, each drawn in a 20-unit square centred on the origin
#: (the SVG path of games/partials/seat_shapes.html's symbols).
SEAT_SHAPES = ("circle", "square", "diamond", "triangle", "hexagon", "star")

#: Six seat colours, each with a shape of its own: the seats of a kind that chooses no
#: colours of its own. Chosen so that every pair stays apart by a CIEDE2000 difference of 20
#: or more for normal sight and as people with protanopia, deuteranopia and tritanopia see
#: them (Machado et al. 2009; tests/site/test_palettes.py): the dichromacies keep lightness
#: and one colour axis, so the six differ in lightness as much as in hue (a dark blue, a
#: pale yellow). The ink reads on each fill at 4.5:1 or more.
SEAT_COLOURS = [
    SeatColour("blue", _("blue"), "#0A3561", "#FFFFFF", "circle"),
    SeatColour("orange", _("orange"), "#EC9C03", "#000000", "square"),
    SeatColour("green", _("green"), "#337E52", "#FFFFFF", "diamond"),
    SeatColour("pink", _("pink"), "#99678E", "#000000", "triangle", 2.5),
    SeatColour("yellow", _("yellow"), "#F7FBC0", "#000000", "hexagon"),
    SeatColour("sky", _("sky blue"), "#50BFF9", "#000000", "star", 1.5),
]


class _Templates:
    """A kind's partials by name: ``templates["status"]`` is "games/<game>/status.html"."""

    def __init__(self, kind: GameKind):
        self.kind = kind

    def __getitem__(self, part: str) -> str:
        return self.kind.template(part)


class GameKind:
    """A game's presentation, in facets; each game subclasses it in games/<name>/kind/.

    Attributes: ``name`` (== Game.engine), ``label`` (the game's name), ``site_max_players``
    (the most players the site seats, at most the engine's maximum), ``seat_colours`` (at
    least ``max_players`` SeatColours, in seat order), ``turns_per_player`` (the usual
    turns of each player in a game, for the estimate of its length), ``options_form`` (a Form
    class whose cleaned_data becomes Game.options, or None) and ``template_dir`` (its
    partials: board, board_area, status, moves, holdings, and text_board, log or action_options
    where the defaults of games/_default/ do not do).

    The facets, one instance each: ``page``
    (the play page's context, the panel, the words of actions and questions), ``board``
    (the board partial's context, changed cells, the mail picture, the start board, the
    stylesheets), ``log`` (events in words), ``mail`` (the text board and the choices of a
    mail), ``notation`` (typed actions: keywords, mistypes, the turn-ending actions),
    ``rules_links`` (the sections of the rules summary and what each governs) and ``score``
    (points, the final breakdown, rounds played). Each is made from the class of its
    ``FACETS`` name ("Log") that the kind's class sets, or else that the module of the facet's
    name in the kind's package defines (games/africa/kind/log.py's ``Log``), looked for along
    the kind's bases, down to the defaults of ``games.kinds.<facet>``. A game so writes only
    the facets that differ from the defaults, each in the module of its name.
    """

    name: str = ""
    label: Any = ""
    site_max_players: int | None = None
    seat_colours: list[SeatColour] = SEAT_COLOURS
    options_form = None
    template_dir: str = ""
    #: About how many turns each player has in a game, for the estimate of a game's length
    #: before finished games of the kind tell it (``games.estimates``).
    turns_per_player: int = 20

    page: Page
    board: Board
    log: Log
    mail: Mail
    notation: Notation
    rules_links: RulesLinks
    score: Score

    def __init__(self):
        self._template_paths: dict[str, str] = {}  # {part: the path ``template`` found}
        for attribute, class_name in FACETS.items():
            setattr(self, attribute, _facet_class(type(self), attribute, class_name)(self))

    # -- the engine, the seats and the options ----------------------------------------------

    @property
    def engine(self) -> Engine:
        """The rules engine of this game."""
        return get_engine(self.name)

    @property
    def min_players(self) -> int:
        """The fewest players of a game of this kind (the engine's ``min_players``)."""
        return self.engine.min_players

    @property
    def max_players(self) -> int:
        """The most players the site seats at a game of this kind: ``site_max_players``, else
        the engine's ``max_players``."""
        return self.site_max_players or self.engine.max_players

    @property
    def bot_levels(self) -> tuple[str, ...]:
        """The levels of computer player the new-game form offers: those the engine's bot
        plays differently (its ``bot_levels``; "easy" alone for an engine that says none)."""
        return tuple(getattr(self.engine, "bot_levels", ("easy",)))

    def colour_key(self, seat_number: int) -> str:
        """The colour key of the seat ``seat_number`` (0-based)."""
        return self.seat_colours[seat_number].key

    def default_options(self) -> dict:
        """Game.options of a game created without choosing: each option's initial value."""
        if self.options_form is None:
            return {}
        return {name: field.initial for name, field in self.options_form.base_fields.items()}

    def options_note(self, options: dict) -> str:
        """A few words for the options of a game that differ from the usual game (Game.options;
        "simple variant"), shown beside the game in the lobby and on its page; "" for none."""
        return ""

    # -- the partials -----------------------------------------------------------------------

    @property
    def templates(self) -> _Templates:
        """The partials by name, for templates: ``{% include kind.templates.status %}``."""
        return _Templates(self)

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


#: {facet attribute and module name: the name of its class}.
FACETS = {
    "page": "Page",
    "board": "Board",
    "log": "Log",
    "mail": "Mail",
    "notation": "Notation",
    "rules_links": "RulesLinks",
    "score": "Score",
}


def _facet_class(kind_class: type[GameKind], module_name: str, class_name: str) -> type:
    """The class of a kind's facet (see ``GameKind``): along ``kind_class``'s bases, the first
    that sets ``class_name`` itself, or whose package has a module ``module_name`` with a
    ``class_name``."""
    for base in kind_class.__mro__:
        if class_name in vars(base):
            return vars(base)[class_name]
        package = sys.modules[base.__module__]
        if not hasattr(package, "__path__"):
            continue  # a kind written in a plain module: only what it sets itself
        dotted = f"{base.__module__}.{module_name}"
        try:
            module = importlib.import_module(dotted)
        except ModuleNotFoundError as error:
            if error.name != dotted:
                raise
            continue
        if hasattr(module, class_name):
            return getattr(module, class_name)
    raise LookupError(f"no {class_name} facet for {kind_class.__name__}")


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


def first_game() -> str:
    """The name of the first registered game (``games.GAMES[0]``): the default of
    Game.engine, so that no default names a game."""
    return next(iter(KINDS))


def game_choices() -> list[tuple[str, str]]:
    """(name, label) of every registered game, for choice fields."""
    return [(kind.name, kind.label) for kind in all_kinds()]


def stylesheets(kinds: list[GameKind]) -> list[str]:
    """The static stylesheets a page that shows the boards of ``kinds`` loads, each once: their
    boards' (``Board.stylesheets``), then their pages' (``Page.stylesheets``), in order."""
    paths = [path for kind in kinds for path in kind.board.stylesheets]
    paths += [path for kind in kinds for path in kind.page.stylesheets]
    return list(dict.fromkeys(paths))
