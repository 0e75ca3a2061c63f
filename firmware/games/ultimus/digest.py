"""The digest lives in referee.digest (kept here for the 0.1.0 import path)."""

from referee.digest import FNV_OFFSET, FNV_PRIME, canonical, canonical_text, digest, fnv1a  # noqa: F401
