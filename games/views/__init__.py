"""The views of games, by area: ``lobby`` (the lobby, a new game, My games, the waiting
room) and ``play`` (the play page and its actions)."""
