"""Pages of the same site: grouping pages by site and finding the site's template."""
