"""Source of the Nile's kind: the map drawn as it is discovered, the explorers' panel, the log
with its dice, the mail's text board and notation, over the Nile engine."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from games.kinds import GameKind
from games.nile.kind import board, log, mail, notation, page, rules_links
from games.nile.kind.terms import SEAT_COLOURS


class NileKind(GameKind):
    """Source of the Nile (1 to 4 players on the site): a blank map of Africa mapped in play."""

    name = "nile"
    label = _("Source of the Nile")
    shuffled = _("The cards were shuffled and the dice rolls drawn before the game began.")
    site_max_players = 4
    template_dir = "games/nile/"
    stylesheet = "games/nile/nile.css"
    seat_colours = SEAT_COLOURS
    sections = rules_links.SECTIONS
    governing = rules_links.GOVERNING_SECTION
    keywords = notation.KEYWORDS
    mistyped = notation.MISTYPED
    reply_example = _(
        "For example: buy rations 30, then on the next line: end. Text below the actions and "
        "the quoted mail are ignored."
    )
    replay_note = _("Nothing on the map was hidden: only the cards and dice to come were.")
    fragment_sources = {"board_area": ["board_area", "board", "legend"]}

    target_kinds = page.TARGET_KINDS

    def page_context(self, request, game, seat, observation, legal, names):
        return page.page_context(request, game, observation, legal, names)

    def board_context(self, observation, seats, **kwargs):
        return board.board_context(
            observation, seats=seats, links=kwargs.get("links"), selected=kwargs.get("selected")
        )

    @property
    def mail_board_template(self):
        return self.template("mail_board")

    def mail_board(self, observation, seats, viewer):
        # The reader's surroundings close up, the whole map in small (board.MAIL_RADIUS).
        return board.mail_board_context(observation, seats=seats, viewer=viewer)

    def panel(self, observation, seats):
        return page.panel(observation, seats)

    def ends_turn(self, action):
        # "end" closes outfitting or publishing, "stop" the movement and with it the turn
        # (turn summary); a move goes on until the movement points are spent.
        return action.split()[0] in ("end", "stop")

    def changed_cells(self, events):
        return page.changed_cells(events)

    def mark_changed(self, board_context, cells):
        return page.mark_changed(board_context, cells)

    def batch_actions(self, data):
        return page.market_actions(data)

    def final_breakdown(self, observation, names):
        return page.final_breakdown(observation, names)

    def rounds_played(self, observation):
        return observation["round"]

    def describe(self, event, names):
        return log.describe(event, names, label=lambda a: page.action_label(a, {}, names))

    def action_label(self, action, observation, names):
        return page.action_label(action, observation, names)

    def question(self, observation):
        return page.pending_question(observation)

    def board_text(self, observation):
        return mail.board_text(observation)

    def legend_text(self):
        return mail.legend_text()

    def mail_question(self, observation):
        return mail.mail_question(observation)

    def group_actions(self, legal):
        return mail.group_actions(legal)

    def read_action(self, line):
        words = line.lower().split()
        if not words or words[0] not in self.keywords:
            return None
        try:
            return self.engine.canonical({}, " ".join(words))
        except Exception:  # noqa: BLE001 - a mistyped line is left to the reply's checks
            return " ".join(words)


#: The class ``get_kind("nile")`` makes its one instance of.
KIND_CLASS = NileKind
