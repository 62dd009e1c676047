"""Calls to action and advertising notices that close (or open) an article: newsletter and
subscription pitches, "follow us", app downloads, donation appeals, author boxes, licence
notes, blog engine footers, affiliate disclosures (English, German, French, Spanish,
Portuguese, Polish, Chinese).

Takes one paragraph's text, gives True/False, like :mod:`.lines`; ``auto``'s edge trimming
asks them about the first and last paragraphs of an extracted article.
"""

from __future__ import annotations

import re

from .wordset import WordSet


# Advertising and affiliate disclosures ("This post contains affiliate links", "Anzeige,
# enthält Werbung"): notices that open or close an article.
_DISCLOSURE = (r"\baffiliate[- ]?links?\b|\bprovision vom händler\b|\bfrom one or more of our advertisers\b|"
               r"\benthält werbung\b|\bwerbung für\b")
# The calls-to-action patterns are all lower case and are searched in lower-cased text:
# about five times faster than re.IGNORECASE over their many alternatives.
_DISCLOSURE_RE = re.compile(_DISCLOSURE)

# Calls to action and site furniture that close an article: newsletter and subscription
# pitches, "follow us", app downloads, donation appeals, author boxes, licence
# notes, blog post footers, advertising disclosures. Searched inside a paragraph, so only
# used on the last few paragraphs of an extracted article (see ``auto.trim_edges``),
# never in its middle.
# The first letters of _PROMO's alternatives (tests/html/test_lines.py derives them from the
# pattern): a lookahead on them at a word start lets the search pass a position in one test
# instead of trying every alternative there (the same matches, ~2x faster). Before a letter,
# a word start is "no word character before" (cheaper to test than \b, the same positions).
_PROMO_FIRST = "abcdefghijklnpstuvwzúü"
_PROMO = re.compile(
    r"(?<!\w)(?=[" + _PROMO_FIRST + r"])(?:" + r"|".join((
        # subscriptions and newsletters (en, de, es, pt, fr, pl)
        r"\bsubscribe\b|\bnewsletter|\bsign(?:ing)? up\b|\babonnier|\babonnez\b",
        r"\bsuscr[ií]b|\bassine\b|\binscreva|\bsubskrypcj|\bjetzt (?:kostenlos )?(?:registrieren|anmelden)\b",
        r"\bnicht eingeloggt\b|\bnot logged in\b|\bpour lire la suite\b|\bto view the full story\b",
        # social networks and apps: "Follow us on Twitter", "Síguenos", "download our app"
        r"\bfollow (?:us\b|(?:\S+ ){1,3}on (?:twitter|facebook|instagram|linkedin|tiktok|youtube))",
        r"\bfolg(?:en sie|e) uns\b|\bsíguenos\b|\bsuivez-nous\b|\bsiga-nos\b|\búnete\b",
        r"\bcanal de (?:youtube|telegram|whatsapp)\b|\bdownload (?:the|our) (?:\S+ )?apps?\b",
        r"\bwith the \S+(?: \S+)? app\b",
        # appeals for support and feedback
        r"\bconsider supporting\b|\bsupport (?:our|us)\b|\bunterstütze?n? (?:uns|unsere)\b|\bapóyanos\b",
        r"\bhazte (?:miembro|socio)\b|\bletter to the editor\b|\bgefällt (?:dir|ihnen) unser",
        # author boxes and licence notes (copyright lines are kept: some annotators keep them)
        r"\babout the author\b|\büber (?:den autor|die autorin)\b",
        r"\b(?:der|dieser) (?:beitrag|eintrag|text|artikel) wurde\b.{0,60}\bveröffentlicht\b",
        r"\bcreative commons\b|\bcc[- ]by\b|\bsuggested citation\b|\bzitiervorschlag\b",
        r"\b(?:artikel|beitrag|seite) teilen\b|\bkeine kommentare\b|\babgelegt unter\b",
        # blog engine footers and like/rating widgets
        r"\bthis (?:entry|post) was posted\b|\bbookmark the permalink\b|\bverschlagwortet\b",
        r"\bloading\.\.\.|\bwird geladen\b",
        _DISCLOSURE,
    )) + ")",
)
# Chinese: disclaimers, source and editor credits, "scan the QR code / follow our WeChat
# account" prompts that close an article. A separate pattern, searched only in text with
# non-ASCII characters: inside the one above, these literals made every search ~20x slower.
_PROMO_CJK = re.compile(r"免责声明|特别声明|^声明[:：]|本文来源|责任编辑|扫描下方二维码|扫码关注|关注.{0,12}(?:微信|公众号)")
# The first characters of _PROMO_CJK's alternatives (derived from it in the tests): a text
# without any is not searched (the "^" alternative keeps the search from skipping ahead to them).
_PROMO_CJK_FIRST = re.compile("[免特声本责扫关]")
# Longer paragraphs are article text even when they mention a newsletter.
PROMO_MAX_CHARS = 400
# Words of _PROMO's alternatives: every alternative holds one of them in the text it must
# match (tests/html/test_promo.py checks each against the parsed pattern, spelling out its
# optional parts: "sign up" and "signing up" for "sign(?:ing)? up"). Text holding none is not
# searched: a search tries the pattern at every position (~5x the cost of these tests). Whole
# phrases, not their first word alone ("sign", "cc", "support" sent ~8x more texts to a search
# that found nothing).
_PROMO_NEEDS = (
    "subscribe", "newsletter", "sign up", "signing up", "abonn", "suscr", "assine", "inscreva", "subskrypcj",
    "jetzt ", "eingeloggt", "logged in", "lire la suite", "full story", "follow ", "folge", "síguenos",
    "suivez-nous", "siga-nos", "únete", "canal de ", "download ", "consider supporting", "support our",
    "support us", "unterstütz", "apóyanos", "hazte ", "to the editor", "gefällt ", "the author", "über d",
    "veröffentlicht", "creative commons", "cc-by", "cc by", "citation", "zitiervorschlag", " teilen",
    "keine kommentare", "abgelegt unter", " was posted", "the permalink", "verschlagwortet", "loading...",
    "wird geladen", "affiliate", "provision", "advertisers", "werbung",
)
# Alternatives that hold no word of _PROMO_NEEDS but both words of a pair: "with the BBC News
# app" needs "with the " and " app" (either alone is common English).
_PROMO_NEED_PAIRS = (("with the ", " app"),)


def _may_be_promo(lower: str) -> bool:
    """False only when ``_PROMO.search(lower)`` finds nothing (a cheap exact prefilter;
    with the native module, one pass over the text instead of a search per needle)."""
    if _PROMO_WORDS_SET.any_in(lower):
        return True
    for first, second in _PROMO_NEED_PAIRS:
        if first in lower and second in lower:
            return True
    return False


_PROMO_WORDS_SET = WordSet(_PROMO_NEEDS)


def is_promo_line(text: str) -> bool:
    """A short paragraph that is a call to action or site furniture closing an article."""
    if len(text) > PROMO_MAX_CHARS:
        return False
    lower = text.lower()
    if _may_be_promo(lower) and _PROMO.search(lower) is not None:
        return True
    return not text.isascii() and _PROMO_CJK_FIRST.search(text) is not None and _PROMO_CJK.search(text) is not None


# A word every alternative of _DISCLOSURE holds (tests/html/test_lines.py): text without any
# is not searched (a search tries the pattern at every position of the text).
_DISCLOSURE_NEEDS = ("affiliate", "provision", "advertisers", "werbung")


def is_disclosure_line(text: str) -> bool:
    """A short advertising or affiliate notice ("Anzeige, enthält Affiliate Links")."""
    if len(text) > PROMO_MAX_CHARS:
        return False
    lower = text.lower()
    for word in _DISCLOSURE_NEEDS:
        if word in lower:
            return _DISCLOSURE_RE.search(lower) is not None
    return False
