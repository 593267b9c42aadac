"""What mails about a Source of the Nile position say: each explorer's situation, the
neighbourhood of the explorer to move (terrain, river, tribe of each neighbouring hex), the
question of an encounter, and the legal actions grouped with their quantities as ranges."""

from __future__ import annotations

from collections import defaultdict

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.kinds import mail
from games.nile.engine.data import NEIGHBORS
from games.nile.kind.terms import (
    PROFESSION_NAMES,
    STATUS_NAMES,
    TERRAIN_NAMES,
    counted,
)


def _hex_line(hid: str, info: dict) -> str:
    parts = [f"{hid}", str(TERRAIN_NAMES.get(info["terrain"], info["terrain"]))]
    if info["river"]:
        parts.append(_("river"))
    if info["tribe"]:
        parts.append(
            _("tribe of %(size)s (attitude %(attitude)s)")
            % {"size": info["tribe"]["size"], "attitude": info["tribe"]["attitude"]}
        )
    if info["oasis"]:
        parts.append(_("oasis"))
    return ", ".join(parts)


class Mail(mail.Mail):
    """The Nile's mails: the map as the reader's surroundings in text, and the legal actions
    with their quantities as ranges; a pending question is the page's."""

    reply_example = gettext_lazy(
        "For example: buy rations 30, then on the next line: end. Text below the actions and "
        "the quoted mail are ignored."
    )

    def board_text(self, observation: dict) -> str:
        """Each seat's explorer (P1..P6), its situation on short lines under the player's, then
        the hex of the explorer to move and its neighbours, one a line."""
        lines = [
            _("Round %(round)s of at most %(max)s; target %(target)s VP.")
            % {
                "round": observation["round"],
                "max": observation["max_rounds"],
                "target": observation["target_vp"],
            }
        ]
        for number, player in enumerate(observation["players"]):
            explorer = player["explorer"]
            head = f"P{number + 1}: {player['score']} VP, ${player['cash']}"
            if explorer is None:
                lines.append(head)
                continue
            people = ", ".join(
                counted(k, v["healthy"]) for k, v in explorer["people"].items() if v["healthy"]
            )
            goods = ", ".join(counted(k, n) for k, n in explorer["goods"].items() if n)
            where = STATUS_NAMES.get(explorer["status"], explorer["status"])
            records = len(explorer["records"])
            parts = [
                f"{PROFESSION_NAMES.get(explorer['profession'], '')} {where}"
                f"{' ' + explorer['hex'] if explorer['hex'] else ''}",
                people,
                goods,
                ngettext("%(mp)s MP, %(count)d record", "%(mp)s MP, %(count)d records", records)
                % {"mp": explorer["mp"], "count": records},
            ]
            # One short line each under the player's, so that the board fits a narrow <pre>.
            lines.append(head)
            lines.extend(f"    {part}" for part in parts if part)
        seat = observation["current_player"]
        if seat is not None:
            explorer = observation["players"][seat]["explorer"]
            if explorer and explorer["hex"] and explorer["status"] == "africa":
                here = explorer["hex"]
                lines.append(
                    _("Here: %(line)s") % {"line": _hex_line(here, observation["hexes"][here])}
                )
                for neighbour in NEIGHBORS[here]:
                    lines.append("  " + _hex_line(neighbour, observation["hexes"][neighbour]))
        return "\n".join(lines)

    def legend(self) -> str:
        """The key of the text board."""
        return _("P1-P6: the players in seat order; MP: movement points left this turn.")

    def group_actions(self, legal: list[str]) -> list[str]:
        """The legal actions grouped: one line per action with its quantities as a list or range
        ("buy rations 10-100 (by 10)"), hexes listed after "move"."""
        groups: dict[str, list[str]] = defaultdict(list)
        order = []
        for action in legal:
            words = action.split()
            last = words[-1]
            if len(words) > 1 and (last.isdigit() or words[0] in ("move", "sail", "discard")):
                key = " ".join(words[:-1])
            else:
                key, last = action, None
            if key not in groups:
                order.append(key)
            if last is not None:
                groups[key].append(last)
        lines = []
        for key in order:
            values = groups[key]
            if not values:
                lines.append(key)
            elif all(v.isdigit() for v in values) and len(values) > 2:
                numbers = sorted(int(v) for v in values)
                steps = {b - a for a, b in zip(numbers, numbers[1:], strict=False)}
                if len(steps) == 1:
                    step = steps.pop()
                    by = "" if step == 1 else " " + _("(by %(step)s)") % {"step": step}
                    lines.append(f"{key} {numbers[0]}-{numbers[-1]}{by}")
                else:
                    lines.append(f"{key} {' | '.join(map(str, numbers))}")
            else:
                lines.append(f"{key} {' | '.join(values)}")
        return lines
