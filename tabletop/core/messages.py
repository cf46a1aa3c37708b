"""Translatable messages as plain data; the one Message type lives in :mod:`tabletop.i18n`.

Re-exported here so the rules core reads as depending on the core only.
"""

from tabletop.i18n import Message, msg

__all__ = ["Message", "msg"]
