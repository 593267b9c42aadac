"""Rules in context for Africa: the sections of the site's summary of the rules and the one
that governs each action, pending decision and log event (see ``rulebooks.links``)."""

from django.utils.translation import gettext_lazy as _

from games.africa.kind.log import marker_name
from games.kinds import rules_links

#: The stable section ids of Africa's summary (games/africa/rules/africa.*.md), with the words
#: a screen reader says for them.
SECTIONS = {
    "setup": _("setup and start cities"),
    "turn": _("your turn"),
    "travel": _("option A, travelling anywhere"),
    "actions": _("option B, up to two actions"),
    "move": _("moving your researcher"),
    "uncover": _("uncovering a marker"),
    "uncover-gold-jewels": _("uncovering gold and jewels"),
    "uncover-goods": _("uncovering goods, keeping or exchanging them"),
    "place": _("where an uncovered animal or nomad goes"),
    "uncover-monument": _("uncovering a monument"),
    "move-animal": _("moving an animal"),
    "move-nomad": _("moving nomads"),
    "camp-research": _("a base camp for research"),
    "camp-resources": _("a base camp for resources"),
    "empty": _("empty spaces"),
    "game-end": _("game end and scoring"),
    "goods-scoring": _("scoring goods"),
    "gold-jewels-scoring": _("scoring gold and jewels"),
    "two-players": _("the two-player game"),
    "simple": _("the simple variant"),
    "online": _("how this site plays it"),
    "notation": _("the move notation"),
    "undo": _("undo"),
    "deadlines": _("deadlines"),
}

#: Action keywords (the first words of a canonical action), pending decisions and log event
#: types, each to the section that governs it.
GOVERNING_SECTION = {
    "start": "setup",
    "anywhere": "travel",
    "move": "move",
    "uncover": "uncover",
    "place": "place",
    "goods": "uncover-goods",
    "keep": "uncover-goods",
    "swap": "uncover-goods",
    "animal": "move-animal",
    "nomad": "move-nomad",
    "camp research": "camp-research",
    "camp resources": "camp-resources",
    "end": "actions",
    "supply_camp": "uncover-monument",
    "bonus": "game-end",
    "game_end": "game-end",
}


#: Each code of a refusal (Africa's engine raises IllegalAction with one) to the section of the
#: rule that forbids the action ("Why not?").
REASONS = {
    "game_over": "game-end",
    "not_your_turn": "turn",
    "not_an_action": "notation",
    "no_cell": "notation",
    "not_a_player": "notation",
    "no_such_player": "notation",
    "not_goods": "uncover-goods",
    "setup_first": "setup",
    "setup_done": "setup",
    "not_start_city": "setup",
    "start_taken": "setup",
    "nothing_pending": "actions",
    "place_first": "place",
    "goods_first": "uncover-goods",
    "anywhere_whole_turn": "travel",
    "moved_already": "move",
    "move_too_far": "move",
    "move_no_path": "move",
    "cell_face_down": "move",
    "already_there": "move",
    "cell_researcher": "move",
    "uncover_not_next": "uncover",
    "uncover_no_marker": "uncover",
    "place_not_empty": "place",
    "place_not_better": "place",
    "swap_yourself": "uncover-goods",
    "swap_same_kind": "uncover-goods",
    "swap_none": "uncover-goods",
    "swap_too_few": "uncover-goods",
    "marker_not_near": "move-animal",
    "no_animal": "move-animal",
    "no_nomad": "move-nomad",
    "no_camp_left": "camp-research",
    "camp_not_empty": "camp-research",
}


class RulesLinks(rules_links.RulesLinks):
    """Africa's rule links: ``SECTIONS``, ``GOVERNING_SECTION`` and ``REASONS``."""

    sections = SECTIONS
    governing = GOVERNING_SECTION
    reasons = REASONS
    words = {"marker": marker_name, "kind": marker_name}
