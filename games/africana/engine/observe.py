"""What each viewer may see (ruling 9): the only way hidden information leaves the engine."""

from __future__ import annotations

from typing import Any

from games.africana.engine.data import BOOKS, COMPANIES, SLOT_BONUS
from games.africana.engine.legal import markers_out
from games.africana.engine.scoring import places, score_player
from games.engines.base import State


class SeatMap(dict):
    """A JSON object keyed by seat: keys are strings ("0"), as JSON has them, but an int seat
    finds its entry too (``explorers[0] == explorers["0"]``)."""

    def __getitem__(self, key: Any) -> Any:
        return super().__getitem__(str(key))

    def get(self, key: Any, default: Any = None) -> Any:
        return super().get(str(key), default)

    def __contains__(self, key: Any) -> bool:
        return super().__contains__(str(key))


def _book_view(piles: dict[str, Any]) -> dict[str, Any]:
    """Both piles of a book as far as anyone has seen them (ruling 4).

    Every card in the left pile was shown when it was turned; the right pile is known from its
    top down to the first card never shown.
    """
    left, right = piles["left"], piles["right"]
    return {
        "left_top": left[0] if left else None,
        "right_top": right[0] if right else None,
        "left": list(left),
        "right": right[: len(right) - piles["unseen"]],
        "left_count": len(left),
        "right_count": len(right),
    }


def observation(state: State, viewer: int | None) -> dict[str, Any]:
    """The public state plus ``viewer``'s own hand (None: a spectator, who sees no hand).

    Shape as in the engine contract of the game data (africana.md); besides it: "phase", "table"
    (cards played in the current move), "book_turns", "removed_count", "events" (the last
    action's), "places" (once the game is over) and per slot its "bonus" and per player its
    "color" and "explorer". Raises ValueError for a viewer who is not a seat.
    """
    num = state["num_players"]
    if viewer is not None and (isinstance(viewer, bool) or viewer not in range(num)):
        raise ValueError(f"viewer must be None or a seat from 0 to {num - 1}")
    over = state["phase"] == "over"
    players = []
    for seat in range(num):
        hand = state["hands"][seat]
        players.append(
            {
                "company": COMPANIES[seat]["id"],
                "color": COMPANIES[seat]["color"],
                "explorer": state["explorers"][seat],
                "silver": state["silver"][seat],
                "hand_size": sum(hand.values()),
                "hand": dict(sorted(hand.items())) if seat == viewer else None,
                "adventures": list(state["adventures"][seat]),
                "finished": list(state["finished"][seat]),
                "markers_out": markers_out(state, seat),
                "score": score_player(state, seat)["total"],
            }
        )
    final = state["final"]
    return {
        "current_player": None if over else state["seat"],
        "terminal": over,
        "last_round": state["last_round"],
        "phase": state["phase"],
        "explorers": SeatMap((str(seat), loc) for seat, loc in enumerate(state["explorers"])),
        "slots": [
            {"card": card, "markers": list(seats), "bonus": {bonus[0]: bonus[1]}}
            for card, seats, bonus in zip(state["slots"], state["markers"], SLOT_BONUS, strict=True)
        ],
        "expedition_pile": len(state["expedition_pile"]),
        "removed_count": len(state["removed"]),
        "draw_pile": len(state["draw_pile"]),
        "discard_pile": list(state["discard_pile"]),
        "table": list(state["table"]),
        "book_turns": state["book_turns"],
        "books": {book: _book_view(state["books"][book]) for book in BOOKS},
        "assistants": dict(state["assistants"]),
        "players": players,
        "final": [dict(entry) for entry in final] if final else None,
        "places": places([f["total"] for f in final], state["silver"]) if final else None,
        "events": [dict(event) for event in state["events"]],
    }


def revealed(state: State) -> dict[str, Any]:
    """The spectator's observation with every hidden thing shown, for the replay of a finished
    game: every player's "hand"; each book's whole "right" pile; and "draw_cards",
    "expedition_cards" (the piles top first) and "removed" (the C cards left out)."""
    view = observation(state, None)
    for seat, player in enumerate(view["players"]):
        player["hand"] = dict(sorted(state["hands"][seat].items()))
    for book in BOOKS:
        view["books"][book]["right"] = list(state["books"][book]["right"])
    view["draw_cards"] = list(state["draw_pile"])
    view["expedition_cards"] = list(state["expedition_pile"])
    view["removed"] = list(state["removed"])
    return view
