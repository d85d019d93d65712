-- Codes, not sentences (issue 22): the catalogue sync records each variant's reason as a code
-- with parameters (app/catalog/reason-codes.ts), as the fulfilment engine does since
-- 20261125015000_coded_reasons, and pages word it from catalog.reasons in the merchant's
-- language. The Spanish sentence column goes: rows written before are converted once here. Each
-- stored sentence is matched against the patterns the page decoded it with until now (the last
-- version of app/catalog/reason-codes.ts that had them) and the sentences the sync wrote without
-- one (a barcode taken, a refusal, an account switch), in order, and the first match gives the
-- code and its parameters (positional groups, named in names). Three reshape their parameters
-- into what the sync records now: invalidDimensions (where as variant or product, and each
-- unreadable side as problemN, metafieldN and detailN), duplicateSku (the other variants as JSON
-- text of name and registered) and the note that a skipped variant stays registered at the
-- service (stillRegistered). A sentence no pattern knows (the service's own refusal text, an
-- older wording) becomes serviceRefused with the sentence as its said parameter, so nothing is
-- lost. A skipped mapping kept in current gets its reason as code and parameters the same way.
-- Prisma's driver adapter splits the script at every semicolon, so none may stand inside a
-- statement or a comment: a pattern writes it \u003b (the regular expression's escape for it).

ALTER TABLE "CatalogVariant" ADD COLUMN "reasonCode" TEXT, ADD COLUMN "reasonParams" JSONB NOT NULL DEFAULT '{}';

CREATE TABLE "_CatalogReasonPattern" (ord INT PRIMARY KEY, code TEXT NOT NULL, pattern TEXT NOT NULL, names TEXT[] NOT NULL);
INSERT INTO "_CatalogReasonPattern" (ord, code, pattern, names) VALUES
  (1, 'notShippable', '^No requiere envío \(p\. ej\. tarjeta de regalo o producto digital\)', ARRAY[]::text[]),
  (2, 'noSku', '^No tiene SKU\. Agrega un SKU único', ARRAY[]::text[]),
  (3, 'noWeight', '^No tiene peso \(o es 0\)', ARRAY[]::text[]),
  (4, 'belowHalfGram', '^Pesa menos de medio gramo', ARRAY[]::text[]),
  (5, 'unknownWeightUnit', '^El peso está en una unidad desconocida\.$', ARRAY[]::text[]),
  (6, 'invalidWeight', '^El peso capturado no es válido\.$', ARRAY[]::text[]),
  (7, 'invalidDimensions', '^Medidas incompletas o no válidas en (la variante|el producto): (.*)\.$', ARRAY['where', 'problems']::text[]),
  (8, 'tooLarge', '^Las medidas son demasiado grandes para el servicio', ARRAY[]::text[]),
  (9, 'noDimensions', '^No tiene medidas: agrega los metafields ([^,\s]+), ([^,\s]+) y (\S+) \(en cm\)', ARRAY['length', 'width', 'height']::text[]),
  (10, 'duplicateSku', '^SKU duplicado: (.*) también lo usa (.*)\. Cada variante necesita un SKU único', ARRAY['sku', 'others']::text[]),
  (11, 'deletedRegistered', '^Eliminada en Shopify\. El servicio no permite borrar ni modificar productos', ARRAY[]::text[]),
  (12, 'deleted', '^Eliminada en Shopify\.$', ARRAY[]::text[]),
  (13, 'pendingNew', '^En cola para registrarse en el servicio\.$', ARRAY[]::text[]),
  (14, 'pendingCheck', '^Cambió en Shopify: en cola para compararse con lo registrado en el servicio\.$', ARRAY[]::text[]),
  (15, 'accountSwitched', '^Cambiaste de cuenta o de entorno del servicio: en cola para registrarse ahí\.$', ARRAY[]::text[]),
  (16, 'noShopifyData', '^Sin datos de Shopify\.$', ARRAY[]::text[]),
  (17, 'existedWithOtherData', '^El SKU ya estaba registrado en el servicio con otros datos\.', ARRAY[]::text[]),
  (18, 'alreadyThere', '^El SKU (.*) ya estaba registrado en el servicio \(id ([^)]*)\)\u003b se vinculó sin volver a enviarlo\.$', ARRAY['sku', 'id']::text[]),
  (19, 'changedAfterRegistering', '^Cambió en Shopify después de registrarse\.', ARRAY[]::text[]),
  (20, 'barcodeTaken', '^El código de barras (.*) ya está registrado en el servicio para el SKU (.*)\. Cada producto necesita un código de barras único\.$', ARRAY['upc', 'sku']::text[]),
  (21, 'serviceRefused', '^El servicio rechazó el registro \([^)]*\): (.*)$', ARRAY['said']::text[]);

-- One unreadable side of the old invalidDimensions sentence (e.g. falta custom.height) as its problem, metafield and detail.
CREATE FUNCTION "_catalog_dimension_problem"(part TEXT) RETURNS JSONB LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_strip_nulls(jsonb_build_object('problem', v.problem, 'metafield', m[1], 'detail', m[2]))
    FROM (VALUES (1, 'missing', '^falta (\S+)$'),
                 (2, 'unreadable', '^(\S+) valor no legible \((.*)\)$'),
                 (3, 'unknownUnit', '^(\S+) unidad desconocida \((.*)\)$'),
                 (4, 'notNumber', '^(\S+) no es un número \((.*)\)$'),
                 (5, 'notPositive', '^(\S+) debe ser mayor que cero$'),
                 (6, 'tooLarge', '^(\S+) es demasiado grande$')) AS v(ord, problem, pattern),
         LATERAL regexp_match(part, v.pattern) AS m
   WHERE m IS NOT NULL
   ORDER BY v.ord
   LIMIT 1
$$;

-- The old sentence's list of problems (parts joined by a semicolon and a space) as problemN, metafieldN and detailN.
CREATE FUNCTION "_catalog_dimension_problems"(problems TEXT) RETURNS JSONB LANGUAGE sql IMMUTABLE AS $$
  SELECT COALESCE(jsonb_object_agg(k.key, k.value), '{}'::jsonb)
    FROM (SELECT row_number() OVER (ORDER BY p.i) AS n, p.d
            FROM (SELECT t.i, "_catalog_dimension_problem"(t.part) AS d
                    FROM regexp_split_to_table(problems, '\u003b ') WITH ORDINALITY AS t(part, i)) p
           WHERE p.d IS NOT NULL) x,
         LATERAL (VALUES ('problem' || x.n, x.d ->> 'problem'),
                         ('metafield' || x.n, x.d ->> 'metafield'),
                         ('detail' || x.n, x.d ->> 'detail')) AS k(key, value)
   WHERE k.value IS NOT NULL
$$;

-- The old duplicateSku list of names (each in guillemets, maybe marked as registered) as JSON text of name and registered.
CREATE FUNCTION "_catalog_duplicate_others"(others TEXT) RETURNS TEXT LANGUAGE sql IMMUTABLE AS $$
  SELECT COALESCE(jsonb_agg(jsonb_build_object('name', t.m[1], 'registered', t.m[2] IS NOT NULL) ORDER BY t.i), '[]'::jsonb)::text
    FROM regexp_matches(others, '«([^»]*)»( \(ya registrada en el servicio\))?', 'g') WITH ORDINALITY AS t(m, i)
$$;

-- The code and parameters of a sentence without the stays-registered note.
CREATE FUNCTION "_catalog_reason_base"(sentence TEXT) RETURNS JSONB LANGUAGE sql STABLE AS $$
  SELECT CASE b ->> 'code'
           WHEN 'invalidDimensions' THEN jsonb_build_object('code', 'invalidDimensions', 'params',
             jsonb_build_object('where', CASE WHEN b #>> '{params,where}' = 'el producto' THEN 'product' ELSE 'variant' END)
               || "_catalog_dimension_problems"(b #>> '{params,problems}'))
           WHEN 'duplicateSku' THEN jsonb_set(b, '{params,others}', to_jsonb("_catalog_duplicate_others"(b #>> '{params,others}')))
           ELSE b
         END
    FROM (SELECT COALESCE(
            (SELECT jsonb_build_object(
                      'code', p.code,
                      'params', COALESCE((SELECT jsonb_strip_nulls(jsonb_object_agg(u.name, m[u.i]))
                                            FROM unnest(p.names) WITH ORDINALITY AS u(name, i)), '{}'::jsonb))
               FROM "_CatalogReasonPattern" p, LATERAL regexp_match(sentence, p.pattern) AS m
              WHERE m IS NOT NULL
              ORDER BY p.ord
              LIMIT 1),
            jsonb_build_object('code', 'serviceRefused', 'params', jsonb_build_object('said', sentence))) AS b) c
$$;

-- The code and parameters of one stored sentence (never null for a sentence).
CREATE FUNCTION "_catalog_reason"(sentence TEXT) RETURNS JSONB LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN s.still THEN jsonb_set("_catalog_reason_base"(s.base), '{params,stillRegistered}', '"true"')
              ELSE "_catalog_reason_base"(s.base) END
    FROM (SELECT sentence ~ ' \(Sigue registrada en el servicio con lo que se envió antes\.\)$' AS still,
                 regexp_replace(sentence, ' \(Sigue registrada en el servicio con lo que se envió antes\.\)$', '') AS base) s
$$;

UPDATE "CatalogVariant" v
   SET "reasonCode" = c.coded ->> 'code', "reasonParams" = c.coded -> 'params'
  FROM (SELECT id, "_catalog_reason"(reason) AS coded FROM "CatalogVariant" WHERE reason IS NOT NULL) c
 WHERE v.id = c.id;

UPDATE "CatalogVariant"
   SET current = jsonb_set(current, '{reason}', "_catalog_reason"(current ->> 'reason'))
 WHERE current ->> 'kind' = 'skipped' AND jsonb_typeof(current -> 'reason') = 'string';

ALTER TABLE "CatalogVariant" DROP COLUMN reason;

DROP FUNCTION "_catalog_reason"(TEXT);
DROP FUNCTION "_catalog_reason_base"(TEXT);
DROP FUNCTION "_catalog_duplicate_others"(TEXT);
DROP FUNCTION "_catalog_dimension_problems"(TEXT);
DROP FUNCTION "_catalog_dimension_problem"(TEXT);
DROP TABLE "_CatalogReasonPattern";

-- The products the app registered are kept per SKU and product, no longer one per SKU: a shop
-- that switched service account or environment and back registers the SKU again in the second
-- account, and the first account's product must still be known as the app's own when a re-sync
-- there finds it (it read «Ya existía en el servicio»).
ALTER TABLE "CatalogRegistration" DROP CONSTRAINT "CatalogRegistration_pkey",
  ADD CONSTRAINT "CatalogRegistration_pkey" PRIMARY KEY ("shop", "sku", "svcProductId");
