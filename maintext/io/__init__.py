"""Load: bytes, files, URLs and WARC records in; decoded HTML text (:class:`~maintext.io.loading.Loaded`) out."""
