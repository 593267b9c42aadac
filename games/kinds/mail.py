"""The default mail facet: the position and the choices in the words of a plain-text mail."""

from __future__ import annotations

from typing import Any

from games.kinds.facet import Facet


class Mail(Facet):
    """The text of turn mails and digests: the board as text and its key, a pending question,
    the legal actions as lines and an example reply."""

    #: A sentence under the list of actions in mails: how to write a reply, by example.
    reply_example: Any = ""

    def board_text(self, observation: dict) -> str:
        """The position of ``observation`` as plain text."""
        raise NotImplementedError

    def legend(self) -> str:
        """The key of ``board_text`` ("" for none, the default)."""
        return ""

    def question(self, observation: dict) -> str | None:
        """A pending decision in words, for a reply by mail, or None (default: the play
        page's question, ``Page.question``)."""
        return self.kind.page.question(observation)

    def group_actions(self, legal: list[str]) -> list[str]:
        """The legal actions as lines of a mail (default: one a line)."""
        return list(legal)

    def example_action(self, legal: list[str]) -> str:
        """The action a mail gives as an example of a reply: always one of ``legal`` (by
        default the first that names something, such as a cell, else the first)."""
        return next((action for action in legal if " " in action), legal[0])
