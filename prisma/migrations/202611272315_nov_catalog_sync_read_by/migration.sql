-- How the full catalogue sync reads Shopify (issue 31): "bulk" (one bulk query operation, the
-- default) or "pages" (productVariants page by page, when Shopify refuses the app bulk operations:
-- access not enabled, or lapsed after 31 days without a bulk query). A paged read resumes from
-- "cursor", the end cursor of the last page recorded. Additive: rows before it read by bulk.

ALTER TABLE "CatalogSync" ADD COLUMN "readBy" TEXT NOT NULL DEFAULT 'bulk';
