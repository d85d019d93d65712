-- Codes, not sentences (issue 22): the full catalogue sync records what stopped or holds it back
-- as a code with parameters (app/catalog/sync-errors.ts), as each variant's reason is since
-- 20261125020000_catalog_reason_codes, and Catálogo words it in the merchant's language. Whether
-- the sync tries again by itself is the retrying parameter, no longer a sentence appended to the
-- text. The exception's own text moves to errorDetail, kept for logs and support only, never shown.
-- Rows written before are converted once here. The sentences the sync wrote become their code.
-- The interrupted and disconnected sentences, the busy bulk slot (Shopify's words go to
-- errorDetail), and the failed bulk read (its status and Shopify's error code become why, the
-- status text goes to errorDetail). Anything else (an exception's message) becomes failed, its
-- text kept only in errorDetail. Only a sync still running can be retrying, when its text said so.
-- Prisma's driver adapter splits the script at every semicolon, so none may stand inside a
-- statement or a comment: a pattern writes it \u003b (the regular expression's escape for it).

ALTER TABLE "CatalogSync" ADD COLUMN "errorCode" TEXT, ADD COLUMN "errorParams" JSONB NOT NULL DEFAULT '{}', ADD COLUMN "errorDetail" TEXT;

UPDATE "CatalogSync" s
   SET "errorCode" = c.code,
       "errorParams" = CASE WHEN c.again AND s.state = 'running' THEN c.params || '{"retrying": "true"}'::jsonb ELSE c.params END,
       "errorDetail" = c.detail
  FROM (SELECT id,
               CASE WHEN b.text = 'Se interrumpió sin terminar.' THEN 'interrupted'
                    WHEN b.text = 'La tienda ya no está conectada al servicio.' THEN 'disconnected'
                    WHEN busy IS NOT NULL THEN 'shopifyBusy'
                    WHEN bulk IS NOT NULL THEN 'bulkReadFailed'
                    ELSE 'failed' END AS code,
               CASE WHEN bulk IS NOT NULL THEN jsonb_build_object('why',
                      CASE WHEN bulk[1] LIKE 'canceled%' OR bulk[1] LIKE 'canceling%' THEN 'canceled'
                           WHEN bulk[1] LIKE 'expired%' THEN 'expired'
                           WHEN bulk[1] LIKE '%(ACCESS_DENIED)' THEN 'accessDenied'
                           WHEN bulk[1] LIKE '%(TIMEOUT)' THEN 'timeout'
                           WHEN bulk[1] = 'no longer known to Shopify' THEN 'gone'
                           ELSE 'shopifyError' END)
                    ELSE '{}'::jsonb END AS params,
               CASE WHEN b.text IN ('Se interrumpió sin terminar.', 'La tienda ya no está conectada al servicio.') THEN NULL
                    WHEN busy IS NOT NULL THEN busy[1]
                    WHEN bulk IS NOT NULL THEN bulk[1]
                    ELSE b.text END AS detail,
               busy IS NOT NULL OR b.suffixed AS again
          FROM (SELECT id,
                       error ~ ' Se reintentará automáticamente\.$' AS suffixed,
                       regexp_replace(error, ' Se reintentará automáticamente\.$', '') AS text
                  FROM "CatalogSync"
                 WHERE error IS NOT NULL) b,
               LATERAL regexp_match(b.text, '^Shopify está ocupado con otra lectura masiva\u003b se reintentará\. \((.*)\)$') AS busy,
               LATERAL regexp_match(b.text, '^La lectura masiva del catálogo en Shopify terminó sin resultado: (.*)\.$') AS bulk) c
 WHERE s.id = c.id;

ALTER TABLE "CatalogSync" DROP COLUMN error;
