"""Telegram-flavoured text formatting, as the Bot API server applies it to outgoing messages.

Telegram does not run a browser HTML parser over ``parse_mode="HTML"`` text: it accepts a small
fixed set of tags, decodes only ``&lt; &gt; &amp; &quot;`` and numeric character references,
and rejects everything else with ``Bad Request: can't parse entities: ...``. Python's lenient
:mod:`html.parser` would silently accept markup that the real API refuses (an unescaped ``<`` in
a player's name, a ``<br>``, a ``<span>`` without the spoiler class), so this module re-implements
the scanner of Telegram's own parser (tdlib ``parse_html``) closely enough to fail on the same
inputs and to produce the same plain text and entities (offsets in UTF-16 code units).

One deliberate difference: Telegram keeps a bare ``&`` (or an unknown entity such as ``&nbsp;``)
as literal text, but this parser rejects it by default. In a bot that builds HTML from player
names, a bare ``&`` nearly always means a missing :func:`html.escape`, which Telegram would
reward with garbled text or a parse error as soon as a name contains ``<``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "HtmlParseError",
    "ParsedText",
    "bot_command_entities",
    "markdown_to_plain",
    "parse_html",
    "strip_text",
    "utf16_len",
]

_NAMED_ENTITIES = {"lt": "<", "gt": ">", "amp": "&", "quot": '"'}

#: Tag name -> MessageEntity type (``None``: the type depends on the attributes).
_TAG_ENTITY: dict[str, str | None] = {
    "b": "bold",
    "strong": "bold",
    "i": "italic",
    "em": "italic",
    "u": "underline",
    "ins": "underline",
    "s": "strikethrough",
    "strike": "strikethrough",
    "del": "strikethrough",
    "tg-spoiler": "spoiler",
    "span": "spoiler",
    "a": "text_link",
    "code": "code",
    "pre": "pre",
    "blockquote": None,
    "tg-emoji": "custom_emoji",
    "tg-time": "date_time",
}

_ENTITY_RE = re.compile(
    r"&(?:#(?P<dec>[0-9]{1,7})|#[xX](?P<hex>[0-9a-fA-F]{1,6})|(?P<name>[a-zA-Z]+));"
)


class HtmlParseError(ValueError):
    """The text is not valid Telegram HTML; ``str(err)`` is Telegram's explanation."""


@dataclass
class ParsedText:
    """Plain text as the recipient sees it, plus MessageEntity dicts (UTF-16 offsets)."""

    text: str
    entities: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class _OpenTag:
    name: str
    offset: int
    attrs: dict[str, str]
    language: str | None = None


def utf16_len(text: str) -> int:
    """Length in UTF-16 code units, the unit Telegram uses for entity offsets and lengths."""
    return len(text.encode("utf-16-le")) // 2


def _byte_offset(source: str, index: int) -> int:
    return len(source[:index].encode("utf-8"))


def _decode_entity(source: str, index: int) -> tuple[str, int] | None:
    """Decode the character reference starting at ``source[index] == "&"`` if Telegram would."""
    match = _ENTITY_RE.match(source, index)
    if match is None:
        return None
    if match["name"] is not None:
        char = _NAMED_ENTITIES.get(match["name"])
        if char is None:
            return None
        return char, match.end()
    code = int(match["dec"]) if match["dec"] is not None else int(match["hex"], 16)
    if code == 0 or code > 0x10FFFF or 0xD800 <= code <= 0xDFFF:
        return None
    return chr(code), match.end()


def _decode_text(source: str, start: int, end: int, *, strict_ampersand: bool) -> str:
    """Decode character references inside an attribute value."""
    out: list[str] = []
    index = start
    while index < end:
        char = source[index]
        if char == "&":
            decoded = _decode_entity(source, index)
            if decoded is not None and decoded[1] <= end:
                out.append(decoded[0])
                index = decoded[1]
                continue
            if strict_ampersand:
                raise HtmlParseError(_bare_ampersand(source, index))
        out.append(char)
        index += 1
    return "".join(out)


def _bare_ampersand(source: str, index: int) -> str:
    return (
        f'Unescaped "&" at byte offset {_byte_offset(source, index)}; escape it as &amp; '
        "(the fake server is stricter than Telegram here because a bare & usually means "
        "user text was not passed through html.escape)"
    )


def parse_html(source: str, *, strict_ampersand: bool = True) -> ParsedText:
    """Parse ``parse_mode="HTML"`` text the way Telegram does.

    Returns the plain text and the entities; raises :class:`HtmlParseError` with Telegram's
    wording (``Unsupported start tag "br" at byte offset 3`` ...) for anything Telegram refuses.
    """
    out: list[str] = []
    position = 0  # current UTF-16 offset in the output
    stack: list[_OpenTag] = []
    entities: list[dict[str, Any]] = []
    length = len(source)
    index = 0
    while index < length:
        char = source[index]
        if char == "&":
            decoded = _decode_entity(source, index)
            if decoded is None:
                if strict_ampersand:
                    raise HtmlParseError(_bare_ampersand(source, index))
                decoded = ("&", index + 1)
            out.append(decoded[0])
            position += utf16_len(decoded[0])
            index = decoded[1]
            continue
        if char != "<":
            out.append(char)
            position += utf16_len(char)
            index += 1
            continue

        begin = index
        index += 1
        if index < length and source[index] == "/":
            index = _close_tag(source, begin, index + 1, stack, entities, position)
            continue

        name_start = index
        while index < length and not source[index].isspace() and source[index] != ">":
            index += 1
        if index >= length:
            raise HtmlParseError(f"Unclosed start tag at byte offset {_byte_offset(source, begin)}")
        name = source[name_start:index].lower()
        if name not in _TAG_ENTITY:
            raise HtmlParseError(
                f'Unsupported start tag "{name}" at byte offset {_byte_offset(source, begin)}'
            )
        attrs, index = _read_attributes(source, begin, index, name, strict_ampersand)
        if name == "span" and attrs.get("class") != "tg-spoiler":
            raise HtmlParseError(
                'Tag "span" must have class "tg-spoiler" at byte offset '
                f"{_byte_offset(source, begin)}"
            )
        if name == "tg-emoji" and not attrs.get("emoji-id", "").isdigit():
            raise HtmlParseError("Custom emoji entity must contain a valid custom emoji identifier")
        if name == "tg-time" and not attrs.get("unix", "").isdigit():
            raise HtmlParseError('Tag "tg-time" must have a valid "unix" attribute')
        stack.append(_OpenTag(name=name, offset=position, attrs=attrs))

    if stack:
        raise HtmlParseError(f'Can\'t find end tag corresponding to start tag "{stack[-1].name}"')
    entities.sort(key=lambda entity: (entity["offset"], -entity["length"]))
    return ParsedText(text="".join(out), entities=entities)


def _read_attributes(
    source: str, begin: int, index: int, name: str, strict_ampersand: bool
) -> tuple[dict[str, str], int]:
    """Read ``attr="value"`` pairs up to the closing ``>`` of a start tag."""
    length = len(source)
    attrs: dict[str, str] = {}
    while True:
        while index < length and source[index].isspace():
            index += 1
        if index >= length:
            raise HtmlParseError(f"Unclosed start tag at byte offset {_byte_offset(source, begin)}")
        if source[index] == ">":
            return attrs, index + 1
        attr_start = index
        while index < length and not source[index].isspace() and source[index] not in "=>":
            index += 1
        attr = source[attr_start:index].lower()
        if not attr:
            raise HtmlParseError(
                f'Empty attribute name in the tag "{name}" at byte offset '
                f"{_byte_offset(source, begin)}"
            )
        while index < length and source[index].isspace():
            index += 1
        if index >= length or source[index] != "=":
            if name == "blockquote" and attr == "expandable":
                attrs[attr] = ""
                continue
            raise HtmlParseError(
                f'Expected equal sign in declaration of an attribute of the tag "{name}" at '
                f"byte offset {_byte_offset(source, begin)}"
            )
        index += 1
        while index < length and source[index].isspace():
            index += 1
        if index >= length:
            raise HtmlParseError(f"Unclosed start tag at byte offset {_byte_offset(source, begin)}")
        if source[index] in "'\"":
            quote = source[index]
            end = source.find(quote, index + 1)
            if end < 0:
                raise HtmlParseError(
                    f"Unclosed start tag at byte offset {_byte_offset(source, begin)}"
                )
            value = _decode_text(source, index + 1, end, strict_ampersand=strict_ampersand)
            index = end + 1
        else:
            value_start = index
            while index < length and not source[index].isspace() and source[index] != ">":
                index += 1
            value = _decode_text(source, value_start, index, strict_ampersand=strict_ampersand)
        attrs[attr] = value


def _close_tag(
    source: str,
    begin: int,
    index: int,
    stack: list[_OpenTag],
    entities: list[dict[str, Any]],
    position: int,
) -> int:
    """Handle ``</name>`` starting at ``begin``; returns the index after the ``>``."""
    length = len(source)
    if not stack:
        raise HtmlParseError(f"Unexpected end tag at byte offset {_byte_offset(source, begin)}")
    name_start = index
    while index < length and not source[index].isspace() and source[index] != ">":
        index += 1
    end_name = source[name_start:index].lower()
    while index < length and source[index].isspace():
        index += 1
    if index >= length or source[index] != ">":
        raise HtmlParseError(f"Unclosed end tag at byte offset {_byte_offset(source, begin)}")
    tag = stack.pop()
    if end_name and end_name != tag.name:
        raise HtmlParseError(
            f"Unmatched end tag at byte offset {_byte_offset(source, begin)}, expected "
            f'"</{tag.name}>", found "</{end_name}>"'
        )
    entity_length = position - tag.offset
    language = tag.attrs.get("class", "")
    if (
        tag.name == "code"
        and stack
        and stack[-1].name == "pre"
        and language.startswith("language-")
    ):
        # <pre><code class="language-x"> is one "pre" entity with a language, not two.
        stack[-1].language = language.removeprefix("language-")
        return index + 1
    if entity_length <= 0:
        return index + 1
    entity: dict[str, Any] = {"offset": tag.offset, "length": entity_length}
    kind = _TAG_ENTITY[tag.name]
    if tag.name == "blockquote":
        kind = "expandable_blockquote" if "expandable" in tag.attrs else "blockquote"
    entity["type"] = kind
    if tag.name == "a":
        entity["url"] = tag.attrs.get("href", "")
    elif tag.name == "pre" and tag.language:
        entity["language"] = tag.language
    elif tag.name == "tg-emoji":
        entity["custom_emoji_id"] = tag.attrs["emoji-id"]
    elif tag.name == "tg-time":
        entity["unix_time"] = int(tag.attrs["unix"])
        if "format" in tag.attrs:
            entity["date_time_format"] = tag.attrs["format"]
    entities.append(entity)
    return index + 1


def strip_text(parsed: ParsedText) -> ParsedText:
    """Trim leading/trailing whitespace like Telegram does, keeping entities aligned."""
    text = parsed.text
    stripped = text.strip()
    if stripped == text:
        return parsed
    lead = utf16_len(text[: len(text) - len(text.lstrip())])
    end = lead + utf16_len(stripped)
    entities: list[dict[str, Any]] = []
    for entity in parsed.entities:
        start = max(entity["offset"], lead)
        stop = min(entity["offset"] + entity["length"], end)
        if stop > start:
            entities.append({**entity, "offset": start - lead, "length": stop - start})
    return ParsedText(text=stripped, entities=entities)


_MARKDOWN_V2_MARKERS = "*_~|`>"
_MARKDOWN_MARKERS = "*_`"


def markdown_to_plain(source: str, *, v2: bool) -> str:
    """Best-effort plain text of Markdown/MarkdownV2 text (no validation, no entities).

    The fake server only needs the visible text (for length limits and for tests to read);
    Markdown is accepted without the deep validation Telegram performs.
    """
    markers = _MARKDOWN_V2_MARKERS if v2 else _MARKDOWN_MARKERS
    out: list[str] = []
    index = 0
    length = len(source)
    while index < length:
        char = source[index]
        if char == "\\" and index + 1 < length:
            out.append(source[index + 1])
            index += 2
            continue
        if char in markers:
            index += 1
            continue
        if char == "!" and v2 and source.startswith("![", index):
            index += 1
            continue
        if char == "[":
            index += 1
            continue
        if char == "]" and source.startswith("](", index):
            close = source.find(")", index)
            index = close + 1 if close >= 0 else length
            continue
        out.append(char)
        index += 1
    return "".join(out)


def bot_command_entities(text: str) -> list[dict[str, Any]]:
    """``bot_command`` entity for text starting with ``/cmd`` or ``/cmd@bot_username``."""
    match = re.match(r"/[A-Za-z0-9_]{1,32}(?:@[A-Za-z0-9_]{3,64})?", text)
    if match is None:
        return []
    return [{"type": "bot_command", "offset": 0, "length": utf16_len(match.group())}]
