"""Tutorials: a first game of each kind that teaches, played step by step against a scripted
computer player on a fixed deal (see ``tutorials.script`` for the files, ``tutorials.services``
for the play)."""
