"""SNOMED CT identifiers: shape, partition and Verhoeff check digit.

An SCTID is 6–18 digits; the last is a Verhoeff check digit and the two before
it name the partition (``00`` concept, ``01`` description, ``02`` relationship,
``10``/``11``/``12`` the same in an extension namespace).

>>> is_valid_sctid("73211009"), is_valid_sctid("73211008")
(True, False)
>>> partition("73211009"), partition(make_sctid(1000001, "01"))
('concept', 'description')
"""

from __future__ import annotations

_D = (
    (0, 1, 2, 3, 4, 5, 6, 7, 8, 9), (1, 2, 3, 4, 0, 6, 7, 8, 9, 5), (2, 3, 4, 0, 1, 7, 8, 9, 5, 6),
    (3, 4, 0, 1, 2, 8, 9, 5, 6, 7), (4, 0, 1, 2, 3, 9, 5, 6, 7, 8), (5, 9, 8, 7, 6, 0, 4, 3, 2, 1),
    (6, 5, 9, 8, 7, 1, 0, 4, 3, 2), (7, 6, 5, 9, 8, 2, 1, 0, 4, 3), (8, 7, 6, 5, 9, 3, 2, 1, 0, 4),
    (9, 8, 7, 6, 5, 4, 3, 2, 1, 0),
)
# Row k is the permutation (1 5 7 6 2 8 3 0 9 4) applied k times.
_P = (
    (0, 1, 2, 3, 4, 5, 6, 7, 8, 9),
    (1, 5, 7, 6, 2, 8, 3, 0, 9, 4),
    (5, 8, 0, 3, 7, 9, 6, 1, 4, 2),
    (8, 9, 1, 6, 0, 4, 3, 5, 2, 7),
    (9, 4, 5, 3, 1, 2, 6, 8, 7, 0),
    (4, 2, 8, 6, 5, 7, 3, 9, 0, 1),
    (2, 7, 9, 3, 8, 0, 6, 4, 1, 5),
    (7, 0, 4, 6, 9, 1, 3, 2, 5, 8),
)
_INV = (0, 4, 3, 2, 1, 5, 6, 7, 8, 9)
_PARTITIONS = {"0": "concept", "1": "description", "2": "relationship"}


def verhoeff_check_digit(digits: str) -> str:
    """The Verhoeff digit to append to ``digits``."""
    c = 0
    for i, ch in enumerate(reversed(digits)):
        c = _D[c][_P[(i + 1) % 8][int(ch)]]
    return str(_INV[c])


def has_sctid_shape(value: str) -> bool:
    """6–18 digits, no leading zero: an SCTID whatever its check digit (test samples make ids up).

    >>> has_sctid_shape("73211008"), has_sctid_shape("0732110"), has_sctid_shape("7321A009")
    (True, False, False)
    """
    return 6 <= len(value) <= 18 and value.isdigit() and value[0] != "0"


def is_valid_sctid(value: str) -> bool:
    """6–18 digits, no leading zero, and a correct Verhoeff check digit.

    The shape test is :func:`has_sctid_shape` written inline: this runs on every id of a release.
    """
    if not (6 <= len(value) <= 18) or not value.isdigit() or value[0] == "0":
        return False
    c = 0
    for i, ch in enumerate(reversed(value)):
        c = _D[c][_P[i & 7][ord(ch) - 48]]
    return c == 0


def partition(value: str) -> str | None:
    """``concept``, ``description`` or ``relationship`` from the partition digits."""
    if len(value) < 3:
        return None
    return _PARTITIONS.get(value[-2])


def make_sctid(item: int, partition_digits: str = "00") -> str:
    """An SCTID for ``item`` in a partition (for fixtures and generators)."""
    body = f"{item}{partition_digits}"
    return body + verhoeff_check_digit(body)
