"""docs/sanitizing.md's tables of the default policy say what
DEFAULT_POLICY is: read from the page, compared with the policy."""

from __future__ import annotations

import re
from pathlib import Path

from markup5.sanitize import DEFAULT_POLICY

PAGE = Path(__file__).resolve().parent.parent / "docs" / "sanitizing.md"


def _section(title: str) -> str:
    text = PAGE.read_text(encoding="utf-8")
    start = text.index(f"## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start:end]


def _rows(section: str, header: str) -> list[tuple[str, str]]:
    """The (first cell, second cell) rows of the table headed ``header``."""
    lines = section.splitlines()
    start = lines.index(header) + 2
    rows = []
    for line in lines[start:]:
        if not line.startswith("|"):
            break
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        rows.append((cells[0], cells[1]))
    return rows


def _names(cell: str) -> list[str]:
    return re.findall(r"`([^`]+)`", cell)


def test_elements_table_is_the_default_policy():
    section = _section("The default policy")
    listed: set[str] = set()
    for _, elements in _rows(section, "| group | elements |"):
        listed.update(_names(elements))
    assert listed == set(DEFAULT_POLICY.elements)


def test_attributes_table_is_the_default_policy():
    section = _section("The default policy")
    listed: dict[str, set[str]] = {}
    for on, attributes in _rows(section, "| on | attributes |"):
        keys = ["*"] if on == "every kept element" else _names(on)
        for key in keys:
            listed.setdefault(key, set()).update(_names(attributes))
    assert listed == {key: set(value) for key, value in DEFAULT_POLICY.attributes.items()}


def test_drop_content_row_is_the_default_policy():
    section = _section("The default policy")
    rows = dict(_rows(section, "| field | value |"))
    assert set(_names(rows["`drop_content`"])) == set(DEFAULT_POLICY.drop_content)
    assert set(_names(rows["`url_schemes`"])[:3]) == set(DEFAULT_POLICY.url_schemes)
    assert " ".join(DEFAULT_POLICY.link_rel) in rows["`link_rel`"]
    assert f'"{DEFAULT_POLICY.clobber_prefix}"' in rows["`clobber_prefix`"]
