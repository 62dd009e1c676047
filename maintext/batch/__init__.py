"""Batch: many inputs in (folders, URL lists, WARC); one record per page out, resumable.

:mod:`.run` drives the stages: :mod:`.inputs` (tasks), :mod:`.sitepages` and
:mod:`.fetching` (site pages, online pages), an engine (:mod:`.pool` with :mod:`.work` per
page, or :mod:`.dask_engine`), the outputs (:mod:`.sinks`, :mod:`.parquet`), then
:mod:`.finalize` (:mod:`.anchors`, :mod:`.hygiene`). :mod:`.tasks` holds the shared types.
"""
