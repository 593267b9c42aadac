"""The only writers of games, by area: ``lobby`` (create, invite, join, leave, start),
``play`` (act, undo, resign, call off) and ``deadlines`` (extensions, the sweep's claims,
timeouts, the end of a vacation). Callers use this package: ``services.submit_action(...)``.
"""

from games.services.common import GameError, IllegalMove, StaleVersion
from games.services.deadlines import (
    EXTENSION,
    MAX_CONSECUTIVE_TIMEOUTS,
    claim_due,
    resume_after_vacation,
    take_extension,
    time_out,
)
from games.services.lobby import (
    INVITE_SALT,
    create_game,
    decline_invitation,
    invite,
    invite_token,
    invite_token_is_valid,
    join_game,
    leave_game,
    start_game,
)
from games.services.play import (
    mark_seen,
    resign,
    submit_action,
    submit_actions,
    undo_action,
    vote_abort,
)

__all__ = [
    "EXTENSION",
    "INVITE_SALT",
    "MAX_CONSECUTIVE_TIMEOUTS",
    "GameError",
    "IllegalMove",
    "StaleVersion",
    "claim_due",
    "create_game",
    "decline_invitation",
    "invite",
    "invite_token",
    "invite_token_is_valid",
    "join_game",
    "leave_game",
    "mark_seen",
    "resign",
    "resume_after_vacation",
    "start_game",
    "submit_action",
    "submit_actions",
    "take_extension",
    "time_out",
    "undo_action",
    "vote_abort",
]
