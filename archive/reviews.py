"""The statistics and the bot's review of a finished game, as the pages show them.

Who sees what: the statistics of a finished game are shown to everyone who may see the game
(its final page, its replay). The review is shown to the game's players and, when the game is
public, to everyone; never before the game has ended (it is made with everything revealed).
"""

from __future__ import annotations

from typing import Any

from django.core.cache import cache
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from archive.models import GameReview
from archive.review import positions
from games.models import Game, Seat

WIDTH, HEIGHT = 640, 260
#: Room for the axis labels (left, bottom) and the turn labels (top), in user units.
LEFT, RIGHT, TOP, BOTTOM = 48, 16, 18, 34
#: The chart draws at most this many seats' lines with a style of their own (CSS line-1...).
LINE_STYLES = 6


def may_see_review(game: Game, seat: Seat | None) -> bool:
    """Whether the viewer holding ``seat`` (None: no seat) may see ``game``'s review: only
    once the game is finished, and then its players, or anyone when the game is public."""
    return game.status == Game.Status.FINISHED and (seat is not None or game.public)


def moves_events(game: Game) -> list[list[dict]]:
    """The events of each action of ``game`` that stands, in order (the log)."""
    moves = game.moves.filter(taken_back=False).order_by("version")
    return list(moves.values_list("events", flat=True))


def compute_statistics(game: Game) -> dict[str, list[int]]:
    """``game``'s statistics by its kind ({key: [count per seat]}, ``Score.statistics``), from
    its log and final state; {} for a game that is not finished."""
    if game.status != Game.Status.FINISHED or game.state is None:
        return {}
    kind = game.kind
    return kind.score.statistics(moves_events(game), kind.engine.revealed(game.state))


def statistics_table(game: Game) -> dict[str, Any] | None:
    """The statistics of finished ``game`` for its final page and replay: {"players": names in
    place order, "lines": [(label, [count a player, in that order])]}; None when its kind
    counts none or the game is not finished. The stored statistics (``GameReview``) when they
    are there, else counted now."""
    if game.status != Game.Status.FINISHED:
        return None
    stored = GameReview.objects.filter(game=game).values_list("statistics", flat=True).first()
    stats = stored or compute_statistics(game)
    labels = game.kind.score.statistic_labels
    if not stats or not labels:
        return None
    seats = getattr(game, "seat_list", None) or list(game.seats.select_related("user"))
    ordered = sorted(seats, key=lambda seat: (seat.place or 0, seat.number))
    return {
        "players": [seat.name for seat in ordered],
        "lines": [
            (label, [stats[key][seat.number] for seat in ordered])
            for key, label in labels.items()
            if key in stats
        ],
    }


def review_context(game: Game, seat: Seat | None) -> dict[str, Any] | None:
    """What the review section shows of ``game`` to the viewer holding ``seat``: None when they
    may not see it (``may_see_review``); else {"ready": False} while the bot is still at work,
    or {"ready": True, "solo", "chart", "rows" (the chances as a table: {"turn", "name",
    "chances": [per seat]}), "names", "turning": [{"turn", "name", "swing", "actions"}],
    "mistakes": [{"name", "turn", "played", "better", "before", "after", "instead", "gain"}]},
    with the chances in percent (solo: points) and the actions in the viewer's language."""
    if not may_see_review(game, seat):
        return None
    review = GameReview.objects.filter(game=game).first()
    if review is None or not review.is_done:
        return {"ready": False}
    key = f"game-review:{game.pk}:{review.reviewed_at.timestamp()}:{get_language()}"
    found = cache.get(key)
    if found is None:
        found = _described(game, review.review)
        cache.set(key, found, 3600)
    return found


def _described(game: Game, data: dict) -> dict[str, Any]:
    """The review ``data`` (``archive.review.review_game``) in words and numbers for a page."""
    seats = getattr(game, "seat_list", None) or list(game.seats.select_related("user"))
    names = [seat.name for seat in sorted(seats, key=lambda seat: seat.number)]
    solo = data["solo"]
    kind = game.kind
    engine = kind.engine
    actions = list(
        game.moves.filter(taken_back=False).order_by("version").values_list("action", flat=True)
    )
    states = positions(engine, game.num_players, game.seed, game.options, actions)

    def shown(value: float) -> int:
        return round(value) if solo else round(100 * value)

    def words(start: int, played: list[str], seat: int) -> list[str]:
        state, said = states[start], []
        for action in played:
            said.append(kind.page.action_label(action, engine.observation(state, seat), names))
            state = engine.apply(state, action)
        return said

    points = data["points"]
    by_turn = {point["turn"]: (i, point) for i, point in enumerate(points)}
    turning = []
    for number in data["turning"]:
        i, point = by_turn[number]
        before, after = points[i - 1]["chances"], point["chances"]
        start, seat = points[i - 1]["step"], point["seat"]
        turning.append(
            {
                "turn": number,
                "name": names[seat],
                "before": shown(before[seat]),
                "after": shown(after[seat]),
                "actions": words(start, actions[start : point["step"]], seat),
            }
        )
    mistakes = [
        {
            "name": names[m["seat"]],
            "turn": m["turn"],
            "played": words(m["start"], m["played"], m["seat"]),
            "better": words(m["start"], m["better"], m["seat"]),
            "before": shown(m["before"]),
            "after": shown(m["after"]),
            "instead": shown(m["instead"]),
            "gain": shown(m["instead"]) - shown(m["after"]),
        }
        for m in data["mistakes"]
    ]
    rows = [
        {
            "turn": point["turn"],
            "name": names[point["seat"]] if point["seat"] is not None else "",
            "chances": [shown(value) for value in point["chances"]],
        }
        for point in points
    ]
    return {
        "ready": True,
        "solo": solo,
        "names": names,
        "rows": rows,
        "chart": chance_chart(points, names, solo, data["turning"]),
        "turning": turning,
        "mistakes": mistakes,
    }


def chance_chart(
    points: list[dict], names: list[str], solo: bool, turning: list[int]
) -> dict[str, Any]:
    """The chances of ``points`` as the numbers of a server-rendered SVG line chart: {"view_box",
    "lines": [{"name", "style" (1...LINE_STYLES, the CSS class's number), "points" (SVG
    polyline), "end_x", "end_y"}], "ticks": [{"y", "label"}], "marks": [{"x", "y" (of the
    label, lower when the mark before is close), "turn"}] (the turning points), "left",
    "right", "top", "bottom", "last_turn", "title"}; coordinates in user units, rounded to 0.1.
    The y axis runs from 0 to 100 % (solo: 0 to the best expected score)."""
    top_value = 1.0
    if solo:
        top_value = max([1.0] + [point["chances"][0] for point in points])
    span_x, span_y = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    count = max(1, len(points) - 1)

    def x(index: int) -> float:
        return round(LEFT + span_x * index / count, 1)

    def y(value: float) -> float:
        return round(TOP + span_y * (1 - value / top_value), 1)

    lines = []
    for seat, name in enumerate(names):
        values = [point["chances"][seat] for point in points]
        lines.append(
            {
                "name": name,
                "style": seat % LINE_STYLES + 1,
                "points": " ".join(f"{x(i)},{y(v)}" for i, v in enumerate(values)),
                "end_x": x(len(values) - 1),
                "end_y": y(values[-1]),
            }
        )
    fractions = (0, 0.25, 0.5, 0.75, 1)
    ticks = [
        {
            "y": y(top_value * f),
            "label": str(round(top_value * f)) if solo else f"{round(100 * f)} %",
        }
        for f in fractions
    ]
    index_of = {point["turn"]: i for i, point in enumerate(points)}
    marks = []
    for turn in (turn for turn in turning if turn in index_of):
        close = marks and x(index_of[turn]) - marks[-1]["x"] < 24 and marks[-1]["y"] == TOP - 4
        marks.append({"x": x(index_of[turn]), "y": TOP + 12 if close else TOP - 4, "turn": turn})
    return {
        "view_box": f"0 0 {WIDTH} {HEIGHT}",
        "lines": lines,
        "ticks": ticks,
        "marks": marks,
        "left": LEFT,
        "right": WIDTH - RIGHT,
        "top": TOP,
        "bottom": HEIGHT - BOTTOM,
        "last_turn": points[-1]["turn"] or 0,
        "title": _("Expected final score after each turn")
        if solo
        else _("Each player's chance of winning after each turn"),
    }
