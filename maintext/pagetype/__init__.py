"""Page type: is this a content (article) page? Features from the segmentation, a small model."""
