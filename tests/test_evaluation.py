"""maintext.evaluation must give the numbers of the project's scorer (shared/bench/score.py).

Every agreement test runs both on the same predictions and compares to 1e-9: made-up
datasets covering the edge cases (CJK, texts shorter than a shingle, empty gold or output,
missing predictions, snippet gold, no gold), and real sets with simple baselines computed
here (whole body text, text of <p> elements).
"""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from pathlib import Path

import lxml.html
import pytest

from maintext import evaluation as ev
from maintext import registry
from maintext.options import Options
from maintext.result import Page

try:
    from .conftest import SHARED, dataset_dir, read_gold
except ImportError:  # tests/ run as plain directory (no __init__.py)
    from conftest import SHARED, dataset_dir, read_gold

SCORER = SHARED / "bench" / "score.py"
TOL = 1e-9


def official(dataset: Path, predictions: dict[str, str], tmp_path: Path, *flags: str) -> dict:
    """Scores from score.py --json for ``predictions``."""
    if not SCORER.is_file():
        pytest.skip(f"shared scorer not present at {SCORER}")
    pred_file = tmp_path / f"pred_{len(list(tmp_path.iterdir()))}.jsonl"
    ev.write_predictions(pred_file, predictions)
    out = pred_file.with_suffix(".json")
    subprocess.run([sys.executable, str(SCORER), str(dataset), str(pred_file), "--json", str(out), *flags],
                   check=True, capture_output=True, text=True)
    return json.loads(out.read_text(encoding="utf-8"))


def assert_agree(ours: dict, theirs: dict) -> None:
    for section, keys in (("text", ("precision", "recall", "f1", "accuracy")),
                          ("with_without", ("precision", "recall", "f1", "accuracy")),
                          ("no_gold", ("coverage",))):
        assert (section in ours) == (section in theirs), section
        if section not in ours:
            continue
        for key in keys:
            assert ours[section][key] == pytest.approx(theirs[section][key], abs=TOL), (section, key)
        assert ours[section]["pages"] == theirs[section]["pages"]
    if "with_without" in ours:
        for key in ("tp", "fp", "fn", "tn"):
            assert ours["with_without"][key] == theirs["with_without"][key]
    if "text" in ours:  # per-page values agree too, not only the means
        theirs_pp = {r["id"]: r for r in theirs["text"]["per_page"]}
        for row in ours["text"]["per_page"]:
            other = theirs_pp[row["id"]]
            for key in ("precision", "recall"):
                if other[key] is None:
                    assert row[key] is None
                else:
                    assert row[key] == pytest.approx(other[key], abs=TOL)
            assert row["gold_tokens"] == other["gold_tokens"]
            assert row["pred_tokens"] == other["pred_tokens"]


def write_gold(folder: Path, records: list[dict]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / "gold.jsonl", "w", encoding="utf-8") as fh:
        for rec in records:
            fh.write(json.dumps(rec, ensure_ascii=False) + "\n")
    return folder


# ----------------------------------------------------------------------------- unit checks


def test_tokens_split_cjk_but_not_punctuation():
    assert ev.word_tokens("Hello, 世界！ foo_bar 2024年") == ["Hello", "世", "界", "foo_bar", "2024", "年"]
    assert ev.word_tokens("한국어 テスト・です", cjk=True) == ["한", "국", "어", "テ", "ス", "ト", "で", "す"]
    assert ev.word_tokens("世界 abc", cjk=False) == ["世界", "abc"]
    assert ev.word_tokens(None) == []


def test_shingles_of_short_text_is_one_window():
    assert ev.shingles(["a", "b"]) == {("a", "b"): 1}
    assert sum(ev.shingles(list("abcdef")).values()) == 3
    assert ev.shingles([]) == {}


def test_perfect_and_empty_output():
    gold = [{"id": "1", "text": "one two three four five six"}]
    assert ev.score_gold(gold, {"1": "one two three four five six"})["text"]["f1"] == 1.0
    empty = ev.score_gold(gold, {})["text"]
    assert (empty["precision"], empty["recall"], empty["f1"], empty["accuracy"]) == (0.0, 0.0, 0.0, 0.0)


def test_snippet_counts():
    assert ev.snippet_counts(["a  b", "zz"], ["c"], "x a b\nc") == (1, 1, 1, 0)


# ----------------------------------------------------------------------------- agreement: made-up sets


MADE_UP_TEXT = [
    {"id": "en", "lang": "en", "text": "The quick brown fox jumps over the lazy dog. The dog sleeps."},
    {"id": "short", "text": "Two words"},
    {"id": "zh", "lang": "zh", "text": "北京时间今天上午，国家统计局发布了最新数据。经济稳定增长。"},
    {"id": "ko", "text": "한국어 문장은 이렇게 씁니다. テスト文章です。"},
    {"id": "empty_gold", "text": ""},
    {"id": "dup", "text": "a b c d a b c d a b c d e"},
    {"id": 7, "text": "numeric id page with some words in it for shingles"},
    {"id": "missing", "text": "this page gets no prediction at all from the system"},
]

MADE_UP_PRED = {
    "en": "Menu Home The quick brown fox jumps over the lazy dog. Copyright",
    "short": "Two words",
    "zh": "导航 北京时间今天上午，国家统计局发布了最新数据。",
    "ko": "한국어 문장은 이렇게 씁니다.",
    "empty_gold": "some output where the gold is empty",
    "dup": "a b c d a b c d e",
    "7": "",
}


def test_agrees_on_made_up_text_set(tmp_path):
    folder = write_gold(tmp_path / "madeup", MADE_UP_TEXT)
    ours = ev.score_predictions(folder, MADE_UP_PRED)
    assert_agree(ours, official(folder, MADE_UP_PRED, tmp_path))
    plain = ev.score_predictions(folder, MADE_UP_PRED, cjk=False)
    assert_agree(plain, official(folder, MADE_UP_PRED, tmp_path, "--aeb-compat"))
    assert ours["text"]["f1"] != plain["text"]["f1"]  # the CJK pages score differently


def test_agrees_on_made_up_mixed_set(tmp_path):
    records = [
        {"id": "w1", "with": ["Die GEMA  dreht", "zweiter Satz"], "without": ["Impressum", "31. Mai"]},
        {"id": "w2", "with": ["only with"]},
        {"id": "w3", "without": ["nav"]},
        {"id": "t1", "text": "a text page among snippet pages with enough words"},
        {"id": "n1"},
        {"id": "n2"},
        {"id": "null", "text": None},
    ]
    preds = {"w1": "Die GEMA\ndreht völlig Impressum", "w2": "", "w3": "nav bar", "t1": "a text page among",
             "n1": "something", "n2": "   "}
    folder = write_gold(tmp_path / "mixed", records)
    assert_agree(ev.score_predictions(folder, preds), official(folder, preds, tmp_path))


def test_agrees_when_nothing_is_predicted(tmp_path):
    folder = write_gold(tmp_path / "none", MADE_UP_TEXT[:3])
    assert_agree(ev.score_predictions(folder, {}), official(folder, {}, tmp_path))


# ----------------------------------------------------------------------------- agreement: real sets


def body_text(raw: bytes) -> str:
    """Whole-page baseline: all text of <body>."""
    root = lxml.html.document_fromstring(raw)
    for bad in root.xpath("//script|//style|//noscript"):
        bad.drop_tree()
    body = root.find("body")
    return (body if body is not None else root).text_content()


def paragraph_text(raw: bytes) -> str:
    """A sharper baseline: the text of <p> elements only."""
    root = lxml.html.document_fromstring(raw)
    return "\n".join(p.text_content() for p in root.iter("p"))


def baseline_predictions(name: str, limit: int | None, func) -> tuple[Path, dict[str, str]]:
    folder = dataset_dir(name)
    gold, pages = ev.load_pages(folder, limit)
    preds = {}
    for page in pages:
        try:
            preds[page.id] = func(page.raw)
        except Exception:  # an unparsable page is empty output for the baseline
            preds[page.id] = ""
    return folder, preds


@pytest.mark.parametrize("name,limit", [("cleaneval-dev", None), ("gne-cn", 30), ("aeb", 40)])
@pytest.mark.parametrize("func", [body_text, paragraph_text])
def test_agrees_on_real_text_sets(name, limit, func, tmp_path):
    folder, preds = baseline_predictions(name, limit, func)
    # score the slice we predicted: a sliced gold file, as score.py accepts a gold path
    gold = read_gold(name)[: limit or None]
    sliced = write_gold(tmp_path / name, gold)
    ours = ev.score_predictions(sliced, preds)
    assert_agree(ours, official(sliced, preds, tmp_path))
    assert 0.0 < ours["text"]["f1"] < 1.0
    if name == "aeb":
        assert_agree(ev.score_predictions(sliced, preds, cjk=False),
                     official(sliced, preds, tmp_path, "--aeb-compat"))


def test_agrees_on_trafilatura_slice(tmp_path):
    folder, preds = baseline_predictions("trafilatura", 60, paragraph_text)
    sliced = write_gold(tmp_path / "trafilatura", read_gold("trafilatura")[:60])
    ours = ev.score_predictions(sliced, preds)
    assert_agree(ours, official(sliced, preds, tmp_path))
    assert 0.0 < ours["with_without"]["f1"] < 1.0


def test_whole_dataset_unsliced_with_missing_predictions(tmp_path):
    """The full gold file with predictions for only some pages (the rest scored as empty)."""
    folder, preds = baseline_predictions("big9-2005", 25, paragraph_text)
    assert_agree(ev.score_predictions(folder, preds), official(folder, preds, tmp_path))


# ----------------------------------------------------------------------------- run_bench / format_table


def _body_method(doc, options: Options) -> Page:
    page = Page(method="bodytest")
    if "RAISE-ME" in doc.html:
        raise RuntimeError("method failure")
    page.set_paragraphs([body_text(doc.html.encode("utf-8"))])
    return page


@pytest.fixture
def bodytest_method(monkeypatch):
    monkeypatch.setitem(registry._BUILTIN, "bodytest", ("tests.test_evaluation", "test: body text"))
    monkeypatch.setitem(registry._loaded, "bodytest", _body_method)
    return "bodytest"


def write_pages_set(folder: Path, pages: dict[str, tuple[str, dict]]) -> Path:
    (folder / "pages").mkdir(parents=True)
    records = []
    for pid, (html, gold) in pages.items():
        with gzip.open(folder / "pages" / f"{pid}.html.gz", "wb") as fh:
            fh.write(html.encode("utf-8"))
        records.append({"id": pid, "file": f"pages/{pid}.html.gz", "url": f"https://example.org/{pid}", **gold})
    return write_gold(folder, records)


def test_run_bench_scores_times_and_counts_errors(tmp_path, bodytest_method):
    text_set = write_pages_set(tmp_path / "texts", {
        "a": ("<html><body><p>Alpha beta gamma delta epsilon zeta.</p></body></html>",
              {"text": "Alpha beta gamma delta epsilon zeta."}),
        "b": ("<html><body><div>nav</div><p>One two three four five.</p></body></html>",
              {"text": "One two three four five."}),
        "c": ("<html><body><p>RAISE-ME now please</p></body></html>", {"text": "some gold words here"}),
    })
    snippet_set = write_pages_set(tmp_path / "snips", {
        "s": ("<html><body><p>Keep this sentence.</p><footer>Impressum</footer></body></html>",
              {"with": ["Keep this sentence."], "without": ["Impressum"]}),
    })
    rows = ev.run_bench([text_set, snippet_set], [bodytest_method])
    assert [(r.dataset, r.method) for r in rows] == [("texts", "bodytest"), ("snips", "bodytest")]
    texts, snips = rows
    assert texts.pages == 3 and texts.errors == 1 and texts.predictions["c"] == ""
    expected = ev.score_predictions(text_set, texts.predictions)["text"]
    assert texts.f1 == pytest.approx(expected["f1"]) and 0 < texts.f1 < 1
    assert texts.pages_per_s > 0 and texts.metric == "text"
    assert (snips.metric, snips.precision, snips.recall, snips.f1) == ("with_without", 0.5, 1.0, 2 / 3)
    limited = ev.run_bench([text_set], [bodytest_method], limit=2)
    assert limited[0].pages == 2 and limited[0].errors == 0
    table = ev.format_table(rows)
    assert "texts (3 pages" in table and "snips (1 pages" in table
    assert table.count("bodytest") == 2 and "pages/s" in table


def test_run_bench_rejects_unknown_method(tmp_path):
    from maintext.errors import UnknownMethodError

    with pytest.raises(UnknownMethodError):
        ev.run_bench([tmp_path], ["no-such-method"])


def test_run_bench_agrees_with_scorer_on_real_pages(tmp_path, bodytest_method):
    folder = dataset_dir("cleaneval-dev")
    row = ev.run_bench([folder], [bodytest_method], limit=15)[0]
    sliced = write_gold(tmp_path / "cleaneval-dev", read_gold("cleaneval-dev")[:15])
    theirs = official(sliced, row.predictions, tmp_path)["text"]
    assert row.f1 == pytest.approx(theirs["f1"], abs=TOL)
    assert row.precision == pytest.approx(theirs["precision"], abs=TOL)
    assert row.recall == pytest.approx(theirs["recall"], abs=TOL)


def test_run_bench_without_gold_reports_coverage(tmp_path, bodytest_method):
    folder = write_pages_set(tmp_path / "nogold", {
        "x": ("<html><body><p>Some text here.</p></body></html>", {}),
        "y": ("<html><body><p>RAISE-ME</p></body></html>", {}),
    })
    (row,) = ev.run_bench([folder], [bodytest_method])
    assert (row.metric, row.coverage, row.f1, row.errors) == ("no_gold", 0.5, None, 1)
    assert "coverage only" in ev.format_table([row])
    assert ev.score_predictions(folder, row.predictions)["no_gold"]["coverage"] == 0.5
