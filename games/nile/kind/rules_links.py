"""Rules in context for Source of the Nile: the sections of the site's summary
(games/nile/rules/nile.*.md) and the one that governs each action, decision and log event."""

from django.utils.translation import gettext_lazy as _

from games.kinds import rules_links

SECTIONS = {
    "overview": _("the game in short"),
    "rulings": _("the site's rulings"),
    "professions": _("professions"),
    "turn": _("the turn"),
    "camp": _("camp"),
    "activity": _("activity level and mode"),
    "disasters": _("disasters"),
    "move": _("moving"),
    "lost": _("getting lost"),
    "mapping": _("mapping a hex"),
    "mountains": _("mountains"),
    "lakes": _("lakes"),
    "rivers": _("rivers and cataracts"),
    "oasis": _("oases"),
    "natives": _("natives"),
    "encounter": _("meeting a tribe: the policy"),
    "negotiation": _("negotiating"),
    "trade": _("trading"),
    "hostile": _("hostile tribes"),
    "combat": _("combat"),
    "victory": _("victory"),
    "defeat": _("defeat"),
    "prisoner": _("prisoners"),
    "turn-end": _("end of the turn"),
    "hunting": _("hunting"),
    "rations": _("rations and water"),
    "desertions": _("desertions"),
    "recovery": _("recovery"),
    "bonus-cards": _("bonus cards"),
    "europe": _("Europe"),
    "outfitting": _("outfitting and passage"),
    "market": _("the market"),
    "donations": _("donations"),
    "publishing": _("publishing"),
    "journalist": _("the journalist"),
    "nile-source": _("the Source of the Nile"),
    "death": _("death and a new explorer"),
    "game-end": _("end of the game"),
    "solo": _("solo games"),
    "online": _("how this site plays it"),
    "notation": _("the move notation"),
    "dice": _("dice and cards"),
    "undo": _("undo"),
    "deadlines": _("deadlines"),
}

GOVERNING_SECTION = {
    "setup": "overview",
    "profession": "professions",
    "sail": "outfitting",
    "sail europe": "camp",
    "stay": "donations",
    "discard": "donations",
    "publish": "publishing",
    "home": "camp",
    "hire": "market",
    "buy": "market",
    "outfit": "market",
    "end": "turn",
    "trade": "trade",
    "fill": "camp",
    "drop": "camp",
    "dismiss": "camp",
    "shoot": "camp",
    "level": "activity",
    "disaster": "disasters",
    "lost": "lost",
    "map": "mapping",
    "blocked": "move",
    "stop": "move",
    "no_natives": "natives",
    "natives": "natives",
    "policy": "encounter",
    "hostile": "hostile",
    "neutral": "encounter",
    "negotiate": "negotiation",
    "gifts": "negotiation",
    "leave": "negotiation",
    "friendly": "negotiation",
    "insulted": "negotiation",
    "poison": "negotiation",
    "hide": "hostile",
    "attack": "combat",
    "victory": "victory",
    "prisoners": "victory",
    "keep": "victory",
    "village": "victory",
    "loot": "victory",
    "spare": "victory",
    "defeat": "defeat",
    "captive": "prisoner",
    "killed": "defeat",
    "escape": "prisoner",
    "camp": "turn-end",
    "illness": "recovery",
    "bonus": "bonus-cards",
    "death": "death",
    "game_end": "game-end",
}


#: Each code of a refusal (the Nile's engine raises IllegalAction with one) to the section of
#: the rule that forbids the action ("Why not?").
REASONS = {
    "game_over": "game-end",
    "not_your_turn": "turn",
    "not_an_action": "notation",
    "not_now": "turn",
    "not_legal_here": "turn",
    "move_blocked": "move",
    "move_not_next": "move",
    "move_too_costly": "move",
    "market_limit": "market",
    "load_limit": "camp",
    "level_blocked": "activity",
}


class RulesLinks(rules_links.RulesLinks):
    """The Nile's rule links: ``SECTIONS``, ``GOVERNING_SECTION`` and ``REASONS``."""

    sections = SECTIONS
    governing = GOVERNING_SECTION
    reasons = REASONS
