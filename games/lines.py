"""Which of several actions sent at once are applied (the lines of a mail reply, the actions
of a batch form): the rule that keeps them from being an oracle.

The actions are tried one by one on the engine alone, from the position they answer.
Every line up to and including one that reveals something hidden (``engine.reveals``: an
uncover in Africa) is kept even when a later line fails: that action showed something, and
taking it back would let a player learn what lies face down without it counting (a refusal
would tell it). When a line fails, the lines since the last revealing one are not applied,
and neither is any line after it. So what a reply does, and what its answer says, depends
only on what the player could see and on what the kept actions revealed.

``plan`` decides, with the engine alone (``canonical``, ``apply``, ``reveals`` of the engine
contract); ``mailplay.inbound`` and ``services.submit_actions`` then apply the kept actions
through the game services in one transaction.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from games.engines import NOT_YOUR_TURN, IllegalAction, Reason

#: What became of one line: applied (or kept), ignored (a last turn-ending action after the
#: turn passed already), failed, or not applied (after a failed line, or since the last
#: revealing line).
APPLIED, IGNORED, FAILED, NOT_APPLIED = "applied", "ignored", "failed", "not applied"


@dataclass
class Line:
    """One line of a reply: its ``action`` (the engine's canonical spelling once read), its
    ``status`` (see above), the ``reason`` a failed line failed (a sentence in the active
    language) and ``why`` (the engine's Reason, for the link to its rule), and whether applying
    it ``revealed`` something hidden."""

    action: str
    status: str = NOT_APPLIED
    reason: str = ""
    why: Reason | None = None
    revealed: bool = False


@dataclass
class Plan:
    """The fate of every line of a reply, in order, and the actions to apply (``keep``)."""

    lines: list[Line] = field(default_factory=list)

    @property
    def keep(self) -> list[str]:
        """The actions to apply, in order (the lines whose status is "applied")."""
        return [line.action for line in self.lines if line.status == APPLIED]

    @property
    def not_applied(self) -> list[int]:
        """The indexes of the lines not applied: the failed one, those after it and those
        since the last revealing one before it."""
        return [n for n, x in enumerate(self.lines) if x.status in (FAILED, NOT_APPLIED)]

    @property
    def failed(self) -> tuple[int, Line] | None:
        """(index, line) of the line that failed, or None when none did."""
        return next(((i, x) for i, x in enumerate(self.lines) if x.status == FAILED), None)


def plan(
    engine,
    state: dict,
    seat: int,
    actions: list[str],
    ends_turn: Callable[[str], bool] | None = None,
) -> Plan:
    """Try ``actions`` (a reply's lines, in order) for ``seat`` from ``state`` and say which
    are applied: see the module's rule. Each line is read with ``engine.canonical`` (a line
    that is no action fails with its reason). A last line that ends the turn (``ends_turn``,
    the game kind's: "end" in Africa, "pass" in another game) after the turn has passed
    already (the action before ended it) is ignored; any other line once the turn has passed
    fails. ``state`` is not changed."""
    result = Plan([Line(action) for action in actions])
    since_reveal: list[Line] = []
    for index, line in enumerate(result.lines):
        if engine.current_player(state) != seat:
            if ends_turn is not None and index > 0 and ends_turn(line.action.lower().strip()):
                line.status = IGNORED
                continue
            line.status, line.reason, line.why = FAILED, _(NOT_YOUR_TURN.template), NOT_YOUR_TURN
            break
        try:
            line.action = engine.canonical(state, line.action)
            after = engine.apply(state, line.action)
        except IllegalAction as error:
            line.status, line.why = FAILED, error.why
            line.reason = _(error.template).format(**error.params)
            break
        line.status, line.revealed = APPLIED, engine.reveals(state, line.action)
        since_reveal = [] if line.revealed else since_reveal + [line]
        state = after
    if result.failed is not None:
        for line in since_reveal:
            line.status = NOT_APPLIED
    return result
