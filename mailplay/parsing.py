"""Reading a player's reply: the new text of a mail without the quoted mail and signature.

Mails are parsed with the standard library (``email.policy.default``, RFC 5322 and MIME), which
decodes quoted-printable and base64 and any charset Python knows (iso-8859-1, windows-1252,
UTF-8, ...). HTML-only mails are turned into text, leaving out ``<blockquote>`` and the quote
containers of common mail programs. The quote headers recognised are those of Gmail, Outlook,
Apple Mail and Thunderbird in English, French, Dutch and German.
"""

from __future__ import annotations

import re
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from html.parser import HTMLParser

#: Lines that start the quoted mail: everything from them on is dropped.
_QUOTE_HEADERS = [
    re.compile(r"^on\b.*\bwrote\s*:$", re.IGNORECASE),  # Gmail, Apple Mail, Thunderbird (EN)
    re.compile(r"^le\b.*\ba\s+écrit\s*:$", re.IGNORECASE),  # FR
    re.compile(r"^op\b.*\b(schreef|geschreven)\b.*:$", re.IGNORECASE),  # NL
    re.compile(r"^am\b.*\bschrieb\b.*:$", re.IGNORECASE),  # DE
    re.compile(
        r"^-{2,}\s*(original message|message d'origine|oorspronkelijk bericht|"
        r"message original|doorgestuurd bericht|forwarded message|"
        r"ursprüngliche nachricht|weitergeleitete nachricht)\s*-{2,}$",
        re.IGNORECASE,
    ),
    re.compile(r"^\*?(from|de|van|von)\s*:\*?\s", re.IGNORECASE),  # Outlook's header block
    re.compile(r"^_{10,}$"),  # Outlook's rule above the header block
]
#: How many lines a wrapped quote header ("On ... <address>\n> wrote:") may span.
_HEADER_SPAN = 3
#: Signature delimiters: RFC 3676 section 4.3 ("-- "), and the bare "--" some programs send.
_SIGNATURE = {"-- ", "--"}
#: HTML elements whose text is never the reply, and the quote containers of mail programs.
_SKIPPED_TAGS = {"blockquote", "style", "script", "head", "title"}
_QUOTE_CLASSES = {"gmail_quote", "moz-cite-prefix", "yahoo_quoted"}
_QUOTE_IDS = {"divrplyfwdmsg", "appendonsend", "mail-editor-reference-message-container"}
_BREAKING_TAGS = {"br", "p", "div", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "pre"}
_INVISIBLE = dict.fromkeys(map(ord, "\u200b\u200c\u200d\ufeff"), None)
#: Line ends besides "\n": CR LF, a lone CR, the Unicode line and paragraph separators.
_LINE_ENDS = re.compile("\r\n?|[\u2028\u2029]")
#: What the database (PostgreSQL stores no NUL, in text or JSON) or a mail cannot carry: the
#: control characters but tab and newline (C0, DEL, C1) and lone surrogates (from bytes that
#: were not in the charset the mail named).
_UNCARRIABLE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]")
#: Lines of text read from a mail are cut to this many characters (the answer quotes a line; a
#: line longer than RFC 5322's 998 would have to be re-encoded, and no action or chat line
#: comes near it: a longer chat line is refused by the chat all the same).
MAX_LINE = 990


def clean_text(text: str, *, one_line: bool = False) -> str:
    """``text`` read from a mail (its body, a header), fit to be stored, logged and quoted in
    an answer: line ends made "\\n" (or, with ``one_line``, a blank), without the characters
    the database or a mail cannot carry (``_UNCARRIABLE``: NUL, the other control characters
    but tab and newline, lone surrogates), each line cut to MAX_LINE characters (the last one
    an ellipsis). Every text of a reply that is stored or quoted passes here once, when it is
    read (``reply_text``, and ``mailplay.inbound`` for the headers)."""
    text = _UNCARRIABLE.sub("", _LINE_ENDS.sub("\n", text))
    if one_line:
        text = text.replace("\n", " ")
    return "\n".join(
        line if len(line) <= MAX_LINE else line[: MAX_LINE - 1] + "\u2026"
        for line in text.split("\n")
    )


def parse_bytes(raw: bytes) -> EmailMessage:
    """An ``EmailMessage`` parsed from a raw RFC 5322 message (policy.default)."""
    return BytesParser(policy=policy.default).parsebytes(raw)


class _TextExtractor(HTMLParser):
    """Collects the text of an HTML body, one line per block, skipping quoted parts."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skipping: list[str] = []  # the tags of the skipped elements still open

    def handle_starttag(self, tag, attrs):
        if self.skipping:
            if tag == self.skipping[0]:
                self.skipping.append(tag)
            return
        attributes = dict(attrs)
        classes = set((attributes.get("class") or "").split())
        if (
            tag in _SKIPPED_TAGS
            or classes & _QUOTE_CLASSES
            or (attributes.get("id") or "").lower() in _QUOTE_IDS
            or attributes.get("type") == "cite"
        ):
            self.skipping.append(tag)
        elif tag in _BREAKING_TAGS:
            self.parts.append("\n")

    def handle_startendtag(self, tag, attrs):
        if not self.skipping and tag in _BREAKING_TAGS:
            self.parts.append("\n")

    def handle_endtag(self, tag):
        if self.skipping:
            if tag == self.skipping[0]:
                self.skipping.pop()
            return
        if tag in _BREAKING_TAGS:
            self.parts.append("\n")

    def handle_data(self, data):
        if not self.skipping:
            self.parts.append(" ".join(data.split("\n")))


def html_to_text(html: str) -> str:
    """The text of ``html``: a line per block element or ``<br>``, quotes left out."""
    extractor = _TextExtractor()
    extractor.feed(html)
    extractor.close()
    return "".join(extractor.parts)


def body_text(message: EmailMessage) -> str:
    """The message's text: its text/plain part, else its text/html part as text, else ""."""
    part = message.get_body(preferencelist=("plain", "html"))
    if part is None:
        return ""
    try:
        content = part.get_content()
    except (LookupError, UnicodeError):  # an unknown or lying charset
        content = part.get_payload(decode=True).decode("utf-8", "replace")
    if not isinstance(content, str):
        return ""
    if part.get_content_subtype() == "html":
        content = html_to_text(content)
    return content


def _is_quote_header(lines: list[str], index: int) -> bool:
    """Whether a quote header starts at ``lines[index]`` (it may be wrapped over a few lines)."""
    for span in range(1, _HEADER_SPAN + 1):
        joined = " ".join(line.strip().lstrip("> ").strip() for line in lines[index : index + span])
        if any(pattern.match(joined) for pattern in _QUOTE_HEADERS):
            return True
    return False


def strip_quoted(text: str) -> str:
    """The new text of a reply: lines up to the first quote header or signature delimiter,
    without quoted lines (starting with ">"). Invisible characters and non-breaking spaces
    are normalised."""
    text = text.translate(_INVISIBLE).replace("\u00a0", " ").replace("\r\n", "\n")
    lines = text.split("\n")
    kept = []
    for index, line in enumerate(lines):
        if line in _SIGNATURE or line.rstrip() == "--":
            break
        if line.lstrip().startswith(">"):
            continue
        if line.strip() and _is_quote_header(lines, index):
            break
        kept.append(line.rstrip())
    return "\n".join(kept).strip("\n")


def reply_text(message: EmailMessage) -> str:
    """The new text a person wrote in ``message`` (see ``body_text`` and ``strip_quoted``),
    cleaned of what cannot be stored or quoted (``clean_text``)."""
    return strip_quoted(clean_text(body_text(message)))


_BULLET = re.compile(r"^(?:[-*•]|\d{1,2}[.)])\s+")
#: A greeting line in a language the site speaks, with or without a name after it
#: ("Hi!", "Hello Jan,", "Bonjour à tous,", "Chère Anne,", "Hallo Jan,", "Beste allemaal",
#: "Moin,", "Guten Tag Anna,", "Liebe Anna,").
_GREETING = re.compile(
    r"^(?:hi|hello|hey|hiya|dear|greetings|good\s+(?:morning|afternoon|evening|day)|"
    r"bonjour|bonsoir|salut|coucou|cher|chère|chers|chères|"
    r"hallo|hoi|dag|beste|goedemorgen|goedemiddag|goedenavond|hé|"
    r"moin|servus|grüß\s+dich|grüezi|guten\s+(?:morgen|tag|abend)|liebe|lieber)"
    r"(?:\s+[^\W\d_][\w.'’-]*){0,3}\s*[,!.:;]*$",
    re.IGNORECASE,
)


def is_greeting(line: str) -> bool:
    """Whether ``line`` is only a greeting, maybe with a name (EN, FR, NL, DE)."""
    return bool(_GREETING.match(line.strip()))


class UnknownWord(ValueError):
    """A line of the reply's action block that is not an action: ``number`` (1-based, among
    the lines of the new text), ``line`` as written, and either the ``word`` not understood or,
    for a known keyword with too few or too many words after it, ``expected`` (that count)."""

    def __init__(self, number: int, line: str, word: str, expected: int | None = None):
        super().__init__(line)
        self.number, self.line, self.word, self.expected = number, line, word, expected


def _action(line: str, notation) -> str | None:
    """``line`` in the notation's case and spacing if it looks like an action."""
    return notation.read_action(_BULLET.sub("", line.strip()).rstrip(".,;!"))


def parse_actions(text: str, notation) -> list[tuple[int, str]]:
    """The actions at the start of a reply's new text, as [(line number, action)].

    The actions are the first lines that are not blank ("uncover E4", any case, extra blanks,
    a leading bullet or trailing full stop allowed), after a greeting line if the reply starts
    with one (``is_greeting``: "Hi!", "Bonjour Anne,"). The first line that is not an action ends
    them (a greeting, a question), unless it looks like a mistyped action (a word and a cell
    or player, "uncovr E4"). Raises UnknownWord for a first line, or a mistyped line, that
    is not an action, naming its first word. Only the keyword and the number of words are checked
    here; the engine judges the rest. ``notation`` is the game kind's notation facet
    (``games.kinds.notation.Notation``): its ``keywords`` ({keyword: words after it}, the
    engine's ``arity``), ``read_action(line)`` and ``mistyped`` (a pattern of lines that look
    like a mistyped action).
    """
    actions: list[tuple[int, str]] = []
    greeted = False
    for number, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        action = _action(line, notation)
        if action is None and not actions and not greeted and is_greeting(line):
            greeted = True
            continue
        if action is None and actions and not notation.mistyped.match(line.strip()):
            break  # prose after the actions
        if action is None:
            word = _BULLET.sub("", line.strip()).split()[0]
            raise UnknownWord(number, line.strip(), word)
        keyword, *arguments = action.split()
        expected = notation.keywords[keyword]
        if len(arguments) != expected:
            raise UnknownWord(number, line.strip(), keyword, expected)
        actions.append((number, action))
    return actions
