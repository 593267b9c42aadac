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
