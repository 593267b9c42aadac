"""Africa's kind: its board, panel, log, mail text and notation, over the Africa engine."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from games.africa.kind import board, breakdown, log, mail, notation, page, rules_links
from games.africa.kind.forms import AfricaOptionsForm
from games.africa.kind.terms import SEAT_COLOURS
from games.kinds import GameKind


class AfricaKind(GameKind):
    """Africa (2 to 5 players): a hex map with face-down discovery markers."""

    name = "africa"
    label = "Africa"
    shuffled = _("The markers were shuffled before the game began.")
    template_dir = "games/africa/"
    options_form = AfricaOptionsForm
    seat_colours = SEAT_COLOURS
    sections = rules_links.SECTIONS
    governing = rules_links.GOVERNING_SECTION
    keywords = notation.KEYWORDS
    mistyped = notation.MISTYPED
    reply_example = _(
        "For example: uncover E4, then on the next line: end. Text below the actions and the "
        "quoted mail are ignored."
    )
    replay_note = _(
        "Every face-down marker is shown, faded with a dashed edge, because the game is over."
    )
    fragment_sources = {
        "board_area": ["board_area", "board", "legend"],
    }

    target_kinds = page.TARGET_KINDS

    def page_context(self, request, game, seat, observation, legal, names):
        ending = [a for a in legal if self.ends_turn(a)]
        # As GameKind.needs_confirmation, in one pass over the (up to 100) legal actions.
        confirm = frozenset(ending if len(ending) < len(legal) else ())
        return page.page_context(request, game, observation, legal, names, confirm)

    def options_note(self, options):
        return _("simple variant") if options.get("variant") == "simple" else ""

    def ends_turn(self, action):
        return action.split()[0] in page.TURN_ENDING

    def board_context(self, observation, seats, **kwargs):
        return board.board_svg_context(observation, seats=seats, **kwargs)

    def panel(self, observation, seats):
        return page.panel(observation, seats)

    def changed_cells(self, events):
        return page.changed_cells(events)

    def mark_changed(self, board_context, cells):
        return page.mark_changed(board_context, cells)

    def final_breakdown(self, observation, names):
        return breakdown.final_breakdown(observation, names)

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


#: The class ``get_kind("africa")`` makes its one instance of.
KIND_CLASS = AfricaKind
