"""Metadata: a parsed document in; title, headline, dates, authors, keywords, JSON-LD and links out."""
