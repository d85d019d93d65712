-- Address warnings name their field in the app's own words (issue 20, item 5, and
-- docs/decisions/032-domain-types-at-the-service-edge.md): "postalCode", not the service's wire
-- name "codigo_postal". Warnings stored before (Fulfillment.warnings, [{ field, code, params,
-- message, original }]) get the new name once here, every other key and the order of the list
-- kept. Idempotent: a list with no old name is left alone, and a name the map does not know stays.
-- Prisma's driver adapter splits the script at every semicolon, so none stands inside the statement
-- or a comment.

UPDATE "Fulfillment" f
   SET warnings = (
     SELECT jsonb_agg(
              CASE WHEN m.english IS NULL THEN a.e ELSE jsonb_set(a.e, '{field}', to_jsonb(m.english)) END
              ORDER BY a.i)
       FROM jsonb_array_elements(f.warnings) WITH ORDINALITY AS a(e, i)
       LEFT JOIN (VALUES
         ('calle', 'street'),
         ('no_exterior', 'exteriorNumber'),
         ('no_interior', 'interiorNumber'),
         ('colonia', 'neighborhood'),
         ('codigo_postal', 'postalCode'),
         ('estado', 'state'),
         ('ciudad', 'city'),
         ('nombre', 'recipient'),
         ('telefono', 'phone'),
         ('pais', 'country')
       ) AS m(spanish, english) ON jsonb_typeof(a.e) = 'object' AND m.spanish = a.e ->> 'field'
   )
 WHERE jsonb_typeof(f.warnings) = 'array'
   AND EXISTS (
     SELECT 1 FROM jsonb_array_elements(f.warnings) AS x(e)
      WHERE jsonb_typeof(x.e) = 'object'
        AND x.e ->> 'field' IN ('calle', 'no_exterior', 'no_interior', 'colonia', 'codigo_postal',
                                'estado', 'ciudad', 'nombre', 'telefono', 'pais')
   )
