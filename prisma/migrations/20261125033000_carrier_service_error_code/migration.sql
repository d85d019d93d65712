-- Codes, not Shopify's sentences (issue 22): the carrier service registration and adding our rates
-- to checkout record what went wrong as a code (app/shopify/admin/problem.ts), worded by the pages
-- in the merchant's language. Shopify's own text goes to the logs only.
-- Rows written before hold Shopify's English text and are converted once here. A plan refusal
-- becomes not_allowed_by_plan, any other registration text unknown, a refused addition of our
-- rates refused (the only outcome that was stored), and the readiness checklist's carrier item
-- loses the text it kept in its parameters (the next check writes the code).

UPDATE "Shop"
   SET "carrierServiceError" = CASE WHEN "carrierServiceState" = 'not_allowed_by_plan' THEN 'not_allowed_by_plan'
                                    ELSE 'unknown' END
 WHERE "carrierServiceError" IS NOT NULL
   AND "carrierServiceError" NOT IN ('throttled', 'access_denied', 'not_allowed_by_plan', 'not_found', 'refused', 'network', 'unknown');

UPDATE "CheckoutReadiness"
   SET "addRatesError" = 'refused'
 WHERE "addRatesError" IS NOT NULL
   AND "addRatesError" NOT IN ('throttled', 'access_denied', 'not_allowed_by_plan', 'not_found', 'refused', 'network', 'unknown');

UPDATE "CheckoutReadiness"
   SET items = (SELECT jsonb_agg(CASE WHEN jsonb_typeof(e->'params') = 'object' AND (e->'params') ? 'message'
                                      THEN jsonb_set(e, '{params}', ((e->'params') - 'message') || '{"problem": "unknown"}'::jsonb)
                                      ELSE e END ORDER BY n)
                  FROM jsonb_array_elements(items) WITH ORDINALITY AS t(e, n))
 WHERE jsonb_typeof(items) = 'array'
   AND EXISTS (SELECT 1 FROM jsonb_array_elements(items) e WHERE jsonb_typeof(e->'params') = 'object' AND (e->'params') ? 'message');
