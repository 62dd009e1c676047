from maintext.textutil import cjk_ratio, collapse_ws, nonspace_len, text_weight, token_count, tokens


def test_collapse_ws():
    assert collapse_ws("  a \n\t b\u00a0 c ") == "a b c"


def test_nonspace_len_counts_cjk_and_latin_alike():
    assert nonspace_len("a b\tc\n") == 3
    assert nonspace_len("中 文\u3000字") == 3


def test_tokens_split_cjk_per_character_like_the_scorer():
    assert tokens("Hello, 世界 again") == ["Hello", "世", "界", "again"]
    assert token_count("한국어 text") == 4


def test_text_weight_makes_scripts_comparable():
    en = "the quick brown fox jumps over the lazy dog"  # 9 words
    zh = "敏捷的棕色狐狸跳过了那只懒狗的背上"  # 17 characters
    assert 8 <= text_weight(en) <= 10
    assert 8 <= text_weight(zh) <= 11
    assert cjk_ratio(zh) == 1.0 and cjk_ratio(en) == 0.0


def test_fast_path_gives_the_same_tokens_as_the_cjk_tokenizer():
    from maintext.textutil import _TOKEN

    for text in ["Grüße aus Köln – 3,5 % mehr", "naïve café_bar x2", "plain ascii, words.",
                 "日本語のテキスト and English", "한국어 text", "Ελληνικά και русский"]:
        assert tokens(text) == _TOKEN.findall(text), text


def test_tokens_agree_with_the_official_scorer():
    import importlib.util

    from tests.conftest import SHARED

    scorer_path = SHARED / "bench" / "score.py"
    if not scorer_path.is_file():
        import pytest

        pytest.skip("shared scorer not present")
    spec = importlib.util.spec_from_file_location("shared_score", scorer_path)
    scorer = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(scorer)
    for text in ["Hello, 世界・ターン 𠀀x 한국어 ｶﾀ", "中文（括号）、顿号。", "日本語のテキスト and English",
                 "Grüße aus Köln – 3,5 %", "ㄱㄴ ᄀ ꥠ 〆〇"]:
        assert tokens(text) == scorer.tokenize(text, True), text


def test_has_cjk_agrees_with_the_cjk_table_at_every_block_edge():
    from maintext.textutil import _CJK, _CJK_RANGES, has_cjk

    chars = [chr(c) for a, b in _CJK_RANGES for c in (a - 1, a, b, b + 1)]
    chars += ["é", "“", "—", "€", "🙂", "\ufeff", "\ufffd", "ä"]
    for ch in chars:
        for text in (ch, f"Latin text “{ch}” more", f"naïve {ch}"):
            assert has_cjk(text) == (_CJK.search(text) is not None), hex(ord(ch))


def test_word_finder_gives_the_tokens_of_each_part():
    from maintext.textutil import tokens, word_finder

    parts = ["Hello world", "naïve café", "中文新闻 report", "x"]
    findall = word_finder("".join(parts))
    assert [findall(p) for p in parts] == [tokens(p) for p in parts]
    findall = word_finder("".join(parts[:2]))
    assert [findall(p) for p in parts[:2]] == [tokens(p) for p in parts[:2]]


def test_collapse_ws_is_the_regex_collapse_on_every_space_character():
    import random
    import re
    import sys

    spaces = [chr(c) for c in range(sys.maxunicode + 1) if re.match(r"\s", chr(c))]
    rng = random.Random(97)
    pieces = spaces + ["a", "\u4e2d", "", "bc", "\U0001f600", "\x00"]
    for _ in range(20000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 12)))
        assert collapse_ws(text) == re.sub(r"\s+", " ", text).strip(), repr(text)
