"""Structure of the extracted text, scored on the batch output by the shared scorer.

    python benchmarks/structure_eval.py readability-dev webmainbench-sample
    python benchmarks/structure_eval.py readability-dev --per-page
    python benchmarks/structure_eval.py --comments            # dragnet: readers' comments
    python benchmarks/structure_eval.py --comments --trafilatura   # the same for trafilatura
    python benchmarks/structure_eval.py dragnet trafilatura --lossless markdown   # no text lost

For each set: ``maintext batch <set>/pages -o /tmp/maintext-struct/<set>.jsonl --fields
text,markdown`` (the records the issue asks for), then ``score.py <set> <out> --structure``,
whose output is printed as is (text F1 of the same records included).

``--comments``: ``maintext batch dragnet/pages --fields text,comments``, then the scorer's
text metric on the comments: a gold file whose ``text`` is dragnet's ``comments`` field
(empty on pages without comments, so comments found there lower the precision) and
predictions whose ``text`` is the ``comments`` field of the records. Recall is the mean
over the pages with gold comments, precision the mean over the pages where comments were
found. The text F1 of the same run is scored on the dragnet gold as well (comments must not
leak into the text).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

SHARED = Path(os.environ.get("MAINTEXT_SHARED", "/work/shared"))
DATASETS = SHARED / "datasets"
SCORER = SHARED / "bench" / "score.py"
OUT = Path(os.environ.get("MAINTEXT_STRUCT_OUT", "/tmp/maintext-struct"))  # where the batch records go


def run_batch(name: str, fields: str, workers: int, extra: list[str], tag: str = "") -> Path:
    """Batch the set's pages into a fresh JSONL file with the asked fields."""
    OUT.mkdir(parents=True, exist_ok=True)
    out = OUT / f"{name}{tag}.jsonl"
    out.unlink(missing_ok=True)
    cmd = [sys.executable, "-m", "maintext", "batch", str(DATASETS / name / "pages"), "-o", str(out),
           "--fields", fields, "-j", str(workers), "--no-progress", "--no-resume", *extra]
    print("$", " ".join(cmd), flush=True)
    subprocess.run(cmd, check=True)
    return out


def score(dataset: Path, predictions: Path, *args: str) -> None:
    cmd = [sys.executable, str(SCORER), str(dataset), str(predictions), *args]
    print("$", " ".join(cmd), flush=True)
    subprocess.run(cmd, check=True)


def comments_eval(workers: int, extra: list[str], peer: bool = False) -> None:
    name = "dragnet"
    if peer:
        OUT.mkdir(parents=True, exist_ok=True)
        out = OUT / "dragnet-comments-trafilatura.jsonl"
        trafilatura_comments(out)
    else:
        out = run_batch(name, "text,comments", workers, extra, tag="-comments")
    gold_path = OUT / "dragnet-comments-gold.jsonl"
    pred_path = OUT / "dragnet-comments-pred.jsonl"
    with open(DATASETS / name / "gold.jsonl", encoding="utf-8") as src, \
            open(gold_path, "w", encoding="utf-8") as dst:
        for line in src:
            if line.strip():
                rec = json.loads(line)
                dst.write(json.dumps({"id": rec["id"], "text": rec.get("comments") or ""},
                                     ensure_ascii=False) + "\n")
    with open(out, encoding="utf-8") as src, open(pred_path, "w", encoding="utf-8") as dst:
        for line in src:
            rec = json.loads(line)
            dst.write(json.dumps({"id": rec["id"], "text": rec.get("comments") or ""},
                                 ensure_ascii=False) + "\n")
    print("== comments (gold: dragnet's comments field)")
    score(gold_path, pred_path)
    print("== text of the same records (gold: dragnet's text)")
    score(DATASETS / name, out)


def trafilatura_comments(out: Path) -> None:
    """Trafilatura's comments (``include_comments``) of every dragnet page, as the records of
    a batch with a ``comments`` field (a peer row for the comments table)."""
    import gzip

    from trafilatura import bare_extraction

    with open(DATASETS / "dragnet" / "gold.jsonl", encoding="utf-8") as src, \
            open(out, "w", encoding="utf-8") as dst:
        for line in src:
            rec = json.loads(line)
            html = gzip.decompress((DATASETS / "dragnet" / rec["file"]).read_bytes()).decode("utf-8", "replace")
            try:
                doc = bare_extraction(html, include_comments=True, with_metadata=False)
                comments = (doc.comments if doc is not None else "") or ""
                text = (doc.text if doc is not None else "") or ""
            except Exception:  # noqa: BLE001 - a peer's failure is an empty result
                comments = text = ""
            dst.write(json.dumps({"id": rec["id"], "text": text, "comments": comments},
                                 ensure_ascii=False) + "\n")


def lossless(name: str, fmt: str) -> None:
    """Every page's Markdown (or HTML) read back by score.py's reader gives exactly the
    tokens of ``page.text`` (headline kept in both): the renderers lose and add no text."""
    import importlib.util

    import maintext

    spec = importlib.util.spec_from_file_location("score", SCORER)
    scorer = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(scorer)  # type: ignore[union-attr]
    differ = []
    with open(DATASETS / name / "gold.jsonl", encoding="utf-8") as fh:
        golds = [json.loads(line) for line in fh if line.strip()]
    for g in golds:
        page = maintext.extract(DATASETS / name / g["file"], fields=("text", fmt),
                                auto={"include_headline": True})
        blocks = (scorer.markdown_blocks(page.markdown) if fmt == "markdown"
                  else scorer.html_blocks(page.html))
        if scorer.tokenize(page.text, True) != scorer.tokenize(scorer.blocks_to_text(blocks), True):
            differ.append(g["id"])
    print(f"{name}: {len(golds)} pages, {len(differ)} whose {fmt} does not read back as the text"
          + (f": {differ[:10]}" if differ else ""))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("sets", nargs="*", default=["readability-dev", "webmainbench-sample"])
    ap.add_argument("--fields", default="text,markdown")
    ap.add_argument("-j", "--workers", type=int, default=2)
    ap.add_argument("--per-page", action="store_true")
    ap.add_argument("--comments", action="store_true", help="score comments on dragnet instead")
    ap.add_argument("--trafilatura", action="store_true", help="with --comments: trafilatura's comments")
    ap.add_argument("--lossless", choices=("markdown", "html"), default=None,
                    help="check that the rendering reads back as the text (no scoring)")
    ap.add_argument("--extra", default="", help="more batch options, e.g. '--favor-recall'")
    args = ap.parse_args()
    extra = args.extra.split()
    if args.comments:
        comments_eval(args.workers, extra, peer=args.trafilatura)
        return
    if args.lossless:
        for name in args.sets:
            lossless(name, args.lossless)
        return
    for name in args.sets:
        out = run_batch(name, args.fields, args.workers, extra)
        score(DATASETS / name, out, "--structure", *(["--per-page"] if args.per_page else []))


if __name__ == "__main__":
    main()
