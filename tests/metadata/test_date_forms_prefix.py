"""The date forms that start with their first digit and look behind after it find what the
forms written with the lookbehind first find (the rewrite only lets re skip positions
faster), and ``_NOT_A_NAME`` with its lookahead what it finds without."""

import random
import re

from maintext.metadata import dateparse as D, names as N

_T = D._TIME
LOOKBEHIND_FIRST = {
    0: re.compile(r"(?<!\d)((?:19|20)\d\d)([-/.])(\d{1,2})\2(\d{1,2})(?!\d)" + _T),
    1: re.compile(r"(?<![\d/.-])((?:19|20)\d\d)(\s+)(\d\d)/(\d\d)(?![\d/])" + _T),
    3: re.compile(r"(?<![\d.])(\d{1,2})([./-])(\d{1,2})\2((?:19|20)\d\d)(?!\d)" + _T),
    4: re.compile(rf"(?<!\d)(\d{{1,2}})(?:\.|er|st|nd|rd|th)?\s*(?:de\s+)?(?={D._LETTERS}\.?,?\s)({D._MONTH_ALT})"
                  rf"\.?,?\s+(?:de\s+)?((?:19|20)\d\d)(?!\d)" + _T, re.IGNORECASE),
}


def _same(a, b, text):
    ma, mb = a.search(text), b.search(text)
    return (ma is None) == (mb is None) and (ma is None or (ma.span(), ma.groups()) == (mb.span(), mb.groups()))


def test_forms_find_the_same():
    alpha = list("0123456789 ./-年月日T:h,٢\u0663\n\t") + ["2019", "2020", "1999", "Aug", "August", "de ",
                                                         "th", "er", "mai", "12", "31", "08", "a", ".1"]
    rng = random.Random(3)
    for _ in range(30000):
        text = "".join(rng.choice(alpha) for _ in range(rng.randint(0, 14)))
        for i, reference in LOOKBEHIND_FIRST.items():
            assert _same(reference, D._DATE_FORMS[i][0], text), (i, text)


def test_not_a_name_lookahead():
    reference = re.compile(r"https?://|www\.|@\w+\.\w|^@|^\d|\d{3,}|[|<>{}*]|\[at\]")
    alpha = list("hw@1234٢|<>{}*[]at.:/ps xX_\n") + ["http://", "https://", "www.", "[at]", "@a.b"]
    rng = random.Random(5)
    for _ in range(30000):
        text = "".join(rng.choice(alpha) for _ in range(rng.randint(0, 10)))
        assert _same(reference, N._NOT_A_NAME, text), text
