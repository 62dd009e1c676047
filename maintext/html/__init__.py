"""Parse, clean, segment: decoded HTML in; a tree, a cleaned tree and the typed block segmentation out."""
