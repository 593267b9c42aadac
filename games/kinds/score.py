"""The default score facet: the points as an observation shows them, the final breakdown and
the rounds played."""

from __future__ import annotations

from games.kinds.facet import Facet


class Score(Facet):
    """How the players stand: ``scores`` while the game runs, ``final_breakdown`` at its end."""

    def scores(self, observation: dict) -> list[int]:
        """The points each seat has as ``observation`` shows them, in seat order (default:
        each player's "score")."""
        return [player["score"] for player in observation["players"]]

    def final_breakdown(self, observation: dict, names: list[str]) -> dict | None:
        """How each player's final score is made, for the final screen, the replay and the
        finished mail: {"columns": [words, ...], "rows": [{"seat": int, "name": str,
        "place": int, "cells": [int | str, ...], "total": int}]} with one cell a column and
        the rows in place order; None while the game runs or when the kind gives totals only
        (the default)."""
        return None

    def rounds_played(self, observation: dict) -> int | None:
        """How many rounds the game has lasted so far as ``observation`` shows it, for games
        that count rounds (a solo game is ranked by score, then by fewer rounds); None when
        the game does not count rounds (the default)."""
        return None

    #: The statistics a finished game of the kind counts for each player, in the order shown:
    #: {key: label (lazily translated)}; 5 to 10 of them, computed by ``statistics``. The keys
    #: are stored with a finished game (its review) and summed on the players' profiles.
    statistic_labels: dict = {}

    def statistics(self, moves: list[list[dict]], final: dict) -> dict[str, list[int]]:
        """Each statistic of ``statistic_labels`` for each seat of a finished game:
        {key: [count, in seat order]}. ``moves``: the events of each action that stands, in
        order (the log, ``Move.events``); ``final``: the engine's ``revealed`` view of the
        final state. Counts are whole numbers (cells, markers, points). Default: none."""
        return {}

    #: The log's events that ``counted`` counts one each, for the event's seat:
    #: {event type: statistic key}.
    counted_events: dict = {}

    def counted(self, event: dict, action: list[dict]) -> list[tuple[str, int]]:
        """What ``event`` (one of the events of the action ``action``) adds to the statistics
        of its seat: [(statistic key, amount), ...]. Default: one to the key that
        ``counted_events`` gives its type, if any."""
        key = self.counted_events.get(event["type"])
        return [(key, 1)] if key else []

    def count_events(self, moves: list[list[dict]], seats: int) -> dict[str, list[int]]:
        """Every statistic of ``statistic_labels`` for each of ``seats`` seats, counted over
        the events of ``moves`` (as ``statistics`` has them) by ``counted``: {key: [count, in
        seat order]}; events of no seat count for nobody."""
        counts = {key: [0] * seats for key in self.statistic_labels}
        for action in moves:
            for event in action:
                seat = event.get("seat")
                if seat is None:
                    continue
                for key, amount in self.counted(event, action):
                    counts[key][seat] += amount
        return counts
