"""Africana's kind: its map, slots and books, panel, log, mail text and notation, over the
Africana engine (games/africana/engine)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from games.africana.kind import board, final, log, mail, notation, page, rules_links
from games.africana.kind.terms import SEAT_COLOURS
from games.kinds import GameKind


class AfricanaKind(GameKind):
    """Africana (2 to 4 players): explorers travel a map of Africa with travel cards, join
    expeditions and buy adventures from the two books."""

    name = "africana"
    label = "Africana"
    shuffled = _("The expedition cards and the travel cards were shuffled before the game began.")
    template_dir = "games/africana/"
    seat_colours = SEAT_COLOURS
    sections = rules_links.SECTIONS
    governing = rules_links.GOVERNING_SECTION
    keywords = notation.KEYWORDS
    mistyped = notation.MISTYPED
    reply_example = _(
        "For example: go kairo orange, then on the next line: done. Text below the actions and "
        "the quoted mail are ignored."
    )
    replay_note = _("Every hand is shown, because the game is over.")
    fragment_sources = {"board_area": ["board_area", "board", "adventure"]}
    stylesheet = "games/africana/africana.css"

    target_kinds = page.TARGET_KINDS

    def page_context(self, request, game, seat, observation, legal, names):
        confirm = frozenset(a for a in legal if self.needs_confirmation(a, legal))
        return page.page_context(request, game, observation, legal, names, confirm)

    def ends_turn(self, action):
        return action.split()[0] in page.TURN_ENDING

    def changed_cells(self, events):
        return page.changed_cells(events)

    def mark_changed(self, board_context, cells):
        return page.mark_changed(board_context, cells)

    def board_context(self, observation, seats, **kwargs):
        return board.board_svg_context(observation, seats, **kwargs)

    def panel(self, observation, seats):
        return page.panel(observation, seats)

    def final_breakdown(self, observation, names):
        return final.final_breakdown(observation, names)

    def describe(self, event, names):
        return log.describe(event, names)

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


#: The class ``get_kind("africana")`` makes its one instance of.
KIND_CLASS = AfricanaKind
