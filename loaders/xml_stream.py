"""Streaming XML for the loaders of XML releases (ICD-10-CM's tabular, MeSH's descriptors).

lxml's iterparse with what every such loader needs: no entity expansion and no network (release files
come from outside), the root element checked before anything is read, and a syntax error turned into one
clear line naming the line and the elements being read when it stopped.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from lxml import etree

from loaders.errors import SourceFormatError
from loaders.files import not_encoded_as


def iterparse_checked(path: str | Path, root_tag: str, events: tuple[str, ...], *, huge_tree: bool = False
                      ) -> Iterator[tuple[str, etree._Element]]:
    """``(event, element)`` for ``events`` of the file whose root must be ``<root_tag>``."""
    p = Path(path)
    if not p.is_file():
        raise SourceFormatError(p, "file not found")
    try:
        context = etree.iterparse(
            str(p), events=("start",) + tuple(e for e in events if e != "start"),
            resolve_entities=False, no_network=True, huge_tree=huge_tree,
        )
        root_seen = False
        open_tags: list[str] = []  # the elements being read: where a syntax error stops, for its field
        for event, elem in context:
            if not root_seen:
                root_seen = True
                if elem.tag != root_tag:
                    raise SourceFormatError(
                        p, f"root element is <{elem.tag}>, expected <{root_tag}>",
                        line=elem.sourceline, field="root",
                    )
            if event == "start":
                open_tags.append(str(elem.tag))
            elif event == "end" and open_tags:
                open_tags.pop()
            if event in events:
                yield event, elem
    except etree.XMLSyntaxError as exc:
        if exc.code == etree.ErrorTypes.ERR_INVALID_ENCODING:
            fault = not_encoded_as(p)  # the byte's line and file offset, which libxml2 does not give
            if fault.line is not None:
                raise fault from None
        line = exc.lineno if exc.lineno else None
        msg = exc.msg if hasattr(exc, "msg") and exc.msg else str(exc)
        field = "/".join(open_tags[-2:]) or "document"
        raise SourceFormatError(p, f"not well-formed XML ({msg})", line=line, field=field) from None
