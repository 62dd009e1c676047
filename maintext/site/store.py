"""The site template store: what was learned about a site's template, kept in SQLite.

Takes a page's URL pattern (:func:`maintext.site.siblings.url_pattern`) and gives the
stored template of that pattern, or of its site; keeps new ones. One row per (site,
pattern) holds:

* ``signatures``: the template's node signatures learned by the seed-000 walk (dompath's
  step, :func:`maintext.site.template.split_text_nodes` against the fetched siblings): for
  each text node found to be template, a hash of its tag path (tag#id.class from ``body``
  down) and its whitespace-collapsed text. The same signature on another page means the
  same template text at the same place;
* ``pages``: the sibling pages themselves (URL, HTML; zlib), so that ``dompath``, ``lcs``
  and ``auto`` compare a later page of the site with the same evidence, without fetching;
* when it was learned and used, and how often.

**Staleness.** A stored template is used for a new page only while it still matches:
the share of its signatures found among the new page's own text-node signatures must
reach ``min_match_share`` (a redesign changes paths or texts: the share drops towards 0;
a page of the same template finds nearly all of them), and it must be younger than
``max_age_days``. Otherwise siblings are fetched afresh, learned again, and the row is
replaced.

Several processes may share one file (batch workers): WAL journal, a busy timeout, one
short transaction per read or write, a connection per call (fork-safe). The same file books
request slots per host (:meth:`TemplateStore.reserve`), so workers fetching siblings of one
site keep the site's delay between them.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import time
import zlib
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

from lxml import etree

_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS templates(site TEXT NOT NULL, pattern TEXT NOT NULL, learned REAL NOT NULL,"
    " used REAL NOT NULL, uses INTEGER NOT NULL DEFAULT 0, signatures BLOB NOT NULL, pages BLOB NOT NULL,"
    " PRIMARY KEY (site, pattern))"
)
_HOSTS = "CREATE TABLE IF NOT EXISTS hosts(host TEXT PRIMARY KEY, next REAL NOT NULL)"
MAX_STORED_PAGE = 2 * 1024 * 1024  # characters of one sibling page kept at most


@dataclass
class StoredTemplate:
    site: str
    pattern: str
    learned: float
    uses: int
    signatures: frozenset[str]
    pages: list[tuple[str, str]]  # (url, html)


def node_signature(el: etree._Element, text: str) -> str:
    """Hash of a text node's tag path (``tag#id.class`` steps from body) and its text."""
    steps: list[str] = []
    node = el
    while node is not None and isinstance(node.tag, str) and node.tag.lower() not in ("body", "html"):
        step = node.tag.lower()
        if node.get("id"):
            step += "#" + node.get("id")
        if node.get("class"):
            step += "." + ".".join(sorted(node.get("class").split()))
        steps.append(step)
        node = node.getparent()
    key = "/".join(reversed(steps)) + "|" + " ".join(text.split())
    return hashlib.blake2b(key.encode("utf-8", "replace"), digest_size=8).hexdigest()


def slot_signatures(slots) -> frozenset[str]:
    """Signatures of text nodes given as (index, element, is_tail) slots."""
    out = set()
    for _, el, is_tail in slots:
        text = (el.tail if is_tail else el.text) or ""
        owner = el.getparent() if is_tail and el.getparent() is not None else el
        out.add(node_signature(owner, text))
    return frozenset(out)


def match_share(stored: frozenset[str], page: frozenset[str]) -> float:
    """Share of the stored template signatures found on the page."""
    return len(stored & page) / len(stored) if stored else 0.0


class TemplateStore:
    """A SQLite file of site templates (see the module docstring)."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        with closing(self._connect()) as conn, conn:
            conn.execute(_SCHEMA)
            conn.execute(_HOSTS)

    def _connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, timeout=30)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA busy_timeout=30000")
        return conn

    def lookup(self, site: str, pattern: str) -> StoredTemplate | None:
        """The template stored for ``pattern``, else the site's most recently used one."""
        with closing(self._connect()) as conn:
            row = conn.execute("SELECT site, pattern, learned, uses, signatures, pages FROM templates"
                               " WHERE site=? ORDER BY pattern=? DESC, used DESC LIMIT 1", (site, pattern)).fetchone()
        if row is None:
            return None
        signatures = frozenset(json.loads(zlib.decompress(row[4])))
        pages = [tuple(p) for p in json.loads(zlib.decompress(row[5]))]
        return StoredTemplate(row[0], row[1], row[2], row[3], signatures, pages)  # type: ignore[arg-type]

    def save(self, site: str, pattern: str, signatures: frozenset[str], pages: list[tuple[str, str]]) -> None:
        now = time.time()
        sig_blob = zlib.compress(json.dumps(sorted(signatures)).encode())
        page_blob = zlib.compress(json.dumps([[u, h[:MAX_STORED_PAGE]] for u, h in pages]).encode())
        with closing(self._connect()) as conn, conn:
            conn.execute("INSERT OR REPLACE INTO templates(site, pattern, learned, used, uses, signatures, pages)"
                         " VALUES (?,?,?,?,0,?,?)", (site, pattern, now, now, sig_blob, page_blob))

    def touch(self, site: str, pattern: str) -> None:
        with closing(self._connect()) as conn, conn:
            conn.execute("UPDATE templates SET used=?, uses=uses+1 WHERE site=? AND pattern=?",
                         (time.time(), site, pattern))

    def reserve(self, host: str, delay: float) -> float:
        """Book the next request slot to ``host`` for every process sharing this file:
        returns the seconds to wait before sending (slots are ``delay`` apart)."""
        now = time.time()
        with closing(self._connect()) as conn:
            conn.execute("BEGIN IMMEDIATE")
            row = conn.execute("SELECT next FROM hosts WHERE host=?", (host,)).fetchone()
            slot = max(now, row[0] if row else now)
            conn.execute("INSERT OR REPLACE INTO hosts(host, next) VALUES (?,?)", (host, slot + delay))
            conn.commit()
        return slot - now

    def count(self) -> int:
        with closing(self._connect()) as conn:
            return conn.execute("SELECT COUNT(*) FROM templates").fetchone()[0]
