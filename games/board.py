"""Placeholder board context (replaced by the SVG board)."""


def board_svg_context(observation, *, seats, links=None, selected=None, highlight=None):
    return {"cells": observation["cells"], "links": links or {}, "seats": seats}
