"""The site template store: what was learned about a site's template, kept in SQLite.

Takes a page's URL pattern (:func:`maintext.site.siblings.url_pattern`) and gives the
stored template of that pattern, or of its site; keeps new ones. One row per (site,
pattern) holds:

* ``signatures``: the template's node signatures learned by the seed-000 walk (dompath's
  step, :func:`maintext.site.template.split_text_nodes` against the fetched siblings): for
  each text node found to be template, a hash of its tag path (tag#id.class from ``body``
  down) and its whitespace-collapsed text. The same signature on another page means the
  same template text at the same place;
* ``learned_keys``: what each template method learned from those pages
  (:class:`maintext.site.learned.LearnedTemplate`): dompath's node signatures (as above),
  lcs's matched feature-tree nodes, auto's repeated blocks. A later page of the site gets
  them (``doc.site_template``) and the method uses them directly: no sibling fetched, parsed
  or aligned;
* ``pages``: the sibling pages themselves (URL, HTML; zlib, at most 2 MB each): the
  evidence for a row written by an older version (no ``learned_keys``), which the methods
  then compare with as with fetched pages;
* when it was learned and used, and how often.

**Staleness.** A stored template is used for a new page only while it still matches:
the share of the method's stored keys found among the page's own keys of that kind
(:func:`maintext.site.learn.page_keys`: text-node signatures for dompath, feature-tree
node keys for lcs, text-node texts for auto) must reach ``min_match_share``. A page of
the same template finds nearly all of them; a redesign changes tag paths, classes and
boilerplate texts, and the share drops towards 0. The row must also be younger than
``max_age_days``. Otherwise siblings are fetched afresh, all three methods learn again, and
the row is replaced.

Several processes may share one file (batch workers): WAL journal, a busy timeout, one
short transaction per read or write, a connection per call (fork-safe). The same file books
request slots per host (:meth:`TemplateStore.reserve`), so workers fetching siblings of one
site keep the site's delay between them.
"""

from __future__ import annotations

import json
import sqlite3
import time
import zlib
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

from .learned import LearnedTemplate, match_share, node_signature, slot_signatures  # noqa: F401 - API

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
    learned_template: LearnedTemplate | None = None  # per-method keys (None: a row of an older store)


class TemplateStore:
    """A SQLite file of site templates (see the module docstring)."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        with closing(self._connect()) as conn, conn:
            conn.execute(_SCHEMA)
            conn.execute(_HOSTS)
            columns = {row[1] for row in conn.execute("PRAGMA table_info(templates)")}
            if "learned_keys" not in columns:  # a store file of an older version
                try:
                    conn.execute("ALTER TABLE templates ADD COLUMN learned_keys BLOB")
                except sqlite3.OperationalError as exc:  # another process added it first
                    if "duplicate column" not in str(exc):
                        raise

    def _connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, timeout=30)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA busy_timeout=30000")
        return conn

    def lookup(self, site: str, pattern: str) -> StoredTemplate | None:
        """The template stored for ``pattern``, else the site's most recently used one."""
        with closing(self._connect()) as conn:
            row = conn.execute("SELECT site, pattern, learned, uses, signatures, pages, learned_keys FROM templates"
                               " WHERE site=? ORDER BY pattern=? DESC, used DESC LIMIT 1", (site, pattern)).fetchone()
        if row is None:
            return None
        signatures = frozenset(json.loads(zlib.decompress(row[4])))
        pages = [tuple(p) for p in json.loads(zlib.decompress(row[5]))]
        learned = None
        if row[6] is not None:
            data = json.loads(zlib.decompress(row[6]))
            learned = LearnedTemplate({m: frozenset(keys) for m, keys in data["keys"].items()}, data["pages"])
        return StoredTemplate(row[0], row[1], row[2], row[3], signatures, pages, learned)  # type: ignore[arg-type]

    def save(self, site: str, pattern: str, signatures: frozenset[str], pages: list[tuple[str, str]],
             learned: LearnedTemplate | None = None) -> None:
        now = time.time()
        sig_blob = zlib.compress(json.dumps(sorted(signatures)).encode())
        page_blob = zlib.compress(json.dumps([[u, h[:MAX_STORED_PAGE]] for u, h in pages]).encode())
        keys_blob = None if learned is None else zlib.compress(json.dumps(
            {"pages": learned.pages, "keys": {m: sorted(k) for m, k in learned.keys.items()}}).encode())
        with closing(self._connect()) as conn, conn:
            conn.execute("INSERT OR REPLACE INTO templates(site, pattern, learned, used, uses, signatures, pages,"
                         " learned_keys) VALUES (?,?,?,?,0,?,?,?)",
                         (site, pattern, now, now, sig_blob, page_blob, keys_blob))

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
