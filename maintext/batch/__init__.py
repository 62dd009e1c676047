"""Batch: many inputs in (folders, URL lists, WARC); one record per page out, resumable."""
