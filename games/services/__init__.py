"""The only writers of games, by area: ``lobby`` (create, invite, join, leave, start, and a
competition's tables seated and started at once), ``play`` (act, undo, resign, call off),
``seats`` (a newcomer takes over a seat a bot plays, a vote to end a game, and a competition's
close: the bot plays a game to its end, or it ends now) and ``deadlines`` (extensions, time
given, the sweep's claims, timeouts, the end of a vacation). Callers use this package:
``services.submit_action(...)``.
"""

from games.services.common import GameError, IllegalMove, StaleVersion
from games.services.deadlines import (
    EXTENSION,
    MAX_CONSECUTIVE_TIMEOUTS,
    claim_due,
    give_time,
    rearm_reminders,
    resume_after_vacation,
    take_extension,
    time_out,
)
from games.services.lobby import (
    INVITE_SALT,
    create_game,
    create_table,
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
    submit_action_in,
    submit_actions,
    undo_action,
    vote_abort,
)
from games.services.seats import end_now, play_to_end, take_over_seat, vote_end

__all__ = [
    "EXTENSION",
    "INVITE_SALT",
    "MAX_CONSECUTIVE_TIMEOUTS",
    "GameError",
    "IllegalMove",
    "StaleVersion",
    "claim_due",
    "create_game",
    "create_table",
    "end_now",
    "play_to_end",
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
    "submit_action_in",
    "submit_actions",
    "take_extension",
    "give_time",
    "rearm_reminders",
    "take_over_seat",
    "time_out",
    "undo_action",
    "vote_abort",
    "vote_end",
]
