"""The tutorial page's presenter: the step, the board of the position as the learner sees it,
the actions (the one the step asks for highlighted), and at the end the final table."""

from __future__ import annotations

from django.template.loader import render_to_string
from django.utils.html import escape
from django.utils.safestring import mark_safe

from games import scoresheet
from games.kinds import stylesheets
from rulebooks.links import rule_url
from tutorials import services
from tutorials.models import Tutorial


def board_html(kind, observation: dict, names: list[str], highlight=()) -> str:
    """The board partial of the position (as a watcher's board: no links), as HTML, with the
    places ``highlight`` (place ids) given the class "tutorial-highlight"."""
    seats = [{"name": name, "colour": kind.colour_key(n)} for n, name in enumerate(names)]
    board = kind.board.context(observation, seats)
    html = render_to_string(kind.board.template, {"board": board})
    for place in highlight:
        element = f'id="place-{escape(place)}"'
        html = html.replace(element, f'{element} class="tutorial-highlight"', 1)
    return mark_safe(html)  # rendered by the template engine, which escaped it


def context(tutorial: Tutorial) -> dict:
    """The tutorial page's context: "tutorial", "script" (in the reader's language), "step"
    (the Step to play, None at the end), "number" (1-based) and "total", "rule_url" (its "?"
    link), "asked" (the words of the learner's action), "others" [(action, words)] (the other
    legal actions, each answered with the step's ``why``), "board" (the step's places with
    the class "tutorial-highlight"), "scores" [(name, points)], "breakdown" (at the end, the
    kind's final table, or None when the game did not reach its end) and "stylesheets"."""
    kind = tutorial.kind
    engine = kind.engine
    script = services.current_script(tutorial)
    observation = engine.observation(tutorial.state, services.LEARNER)
    names = services.seat_names(tutorial.user, script.deal.players)
    step = None if tutorial.is_over else script.steps[tutorial.step]
    context = {
        "tutorial": tutorial,
        "script": script,
        "kind": kind,
        "step": step,
        "number": tutorial.step + 1,
        "total": len(script.steps),
        "board": board_html(kind, observation, names, step.highlight if step else ()),
        "scores": list(zip(names, kind.score.scores(observation), strict=True)),
        "stylesheets": stylesheets([kind]),
    }
    if step is None:
        breakdown = kind.score.final_breakdown(observation, names)
        context["breakdown"] = breakdown and scoresheet.table(breakdown, breakdown["rows"])
        context["rule_url"] = rule_url(kind.name, script.final_rule, script.language)
        return context
    context["rule_url"] = rule_url(kind.name, step.rule, script.language)
    if step.do is not None:
        label = kind.page.action_label
        legal = engine.legal_actions(tutorial.state)
        context["asked"] = label(step.do, observation, names)
        context["others"] = [(a, label(a, observation, names)) for a in legal if a != step.do]
    return context
