-- Codes, not sentences (issue 22): the fulfilment engine records each record's reason, each
-- timeline entry and each address warning as a code with parameters (app/fulfillment/reason-codes.ts,
-- app/address/warning-codes.ts), the English
-- sentence stays beside it for support. Rows written before are converted once here: each
-- stored sentence is matched against the patterns that decoded it until now (the last version of
-- app/fulfillment/reason-codes.ts that had them), in order, and the first match gives the code
-- and its parameters (positional groups, named in `names`). A sentence no pattern knows keeps a
-- null code: the pages then show the status alone. Idempotent: only rows without a code change.
-- Prisma's driver adapter splits the script at every semicolon, so none may stand inside a
-- statement or a comment: a pattern writes it \u003b (the regular expression's escape for it).
-- PostgreSQL decides a pattern's greediness as a whole, so a lazy group followed by an optional
-- one is written with a lookahead (shopifyFulfilment).

ALTER TABLE "Fulfillment" ADD COLUMN "reasonCode" TEXT, ADD COLUMN "reasonParams" JSONB NOT NULL DEFAULT '{}';
ALTER TABLE "FulfillmentEvent" ADD COLUMN "detailCode" TEXT, ADD COLUMN "detailParams" JSONB NOT NULL DEFAULT '{}';

CREATE TABLE "_CodedReasonPattern" (ord INT PRIMARY KEY, code TEXT NOT NULL, pattern TEXT NOT NULL, names TEXT[] NOT NULL);
INSERT INTO "_CodedReasonPattern" (ord, code, pattern, names) VALUES
  (1, 'cancelledInShopify', '^the order was cancelled(?: in Shopify| \(([^)]*)\))$', ARRAY['at']::text[]),
  (2, 'partCancelled', '^this part of the order was cancelled in Shopify$', ARRAY[]::text[]),
  (3, 'alreadyFulfilled', '^this part of the order is already fulfilled or closed in Shopify$', ARRAY[]::text[]),
  (4, 'incomplete', '^Shopify could not complete this part of the order$', ARRAY[]::text[]),
  (5, 'testOrder', '^test order, and the shop''s settings skip test orders$', ARRAY[]::text[]),
  (6, 'pickUp', '^the buyer picks it up in store\u003b the warehouse only ships parcels$', ARRAY[]::text[]),
  (7, 'pickupPoint', '^it goes to a pickup point\u003b the warehouse only ships parcels$', ARRAY[]::text[]),
  (8, 'localDelivery', '^it is a local delivery by the shop\u003b the warehouse only ships parcels$', ARRAY[]::text[]),
  (9, 'retail', '^it was sold in person \(point of sale\)\u003b the warehouse only ships parcels$', ARRAY[]::text[]),
  (10, 'noDelivery', '^it needs no delivery\u003b the warehouse only ships parcels$', ARRAY[]::text[]),
  (11, 'notShipped', '^its delivery method is (.+)\u003b the warehouse only ships parcels$', ARRAY['method']::text[]),
  (12, 'otherLocation', '^it is assigned to (?:the location "(.*)"|another location), which the warehouse does not fulfil$', ARRAY['location']::text[]),
  (13, 'addressHeldNoNumber', '^held in Shopify: the shipping address has no exterior number\u003b it goes to the warehouse once the buyer''s address is corrected in Shopify$', ARRAY[]::text[]),
  (14, 'addressHeldPostalCode', '^held in Shopify: postal code (.+?) is in (.+), not (.+?)\u003b it goes to the warehouse once the buyer''s address is corrected in Shopify$', ARRAY['cp', 'byCp', 'state']::text[]),
  (15, 'addressHeldNotServed', '^held in Shopify: the service serves no destination at postal code (.+?)\u003b it goes to the warehouse once the buyer''s address is corrected in Shopify$', ARRAY['cp']::text[]),
  (16, 'onHold', '^on hold in Shopify(?: \((.*)\))?\u003b it goes to the warehouse when the hold is released$', ARRAY['holds']::text[]),
  (17, 'scheduled', '^scheduled in Shopify for a later date\u003b it goes to the warehouse then(?: \(until ([^)]*)\))?$', ARRAY['until']::text[]),
  (18, 'heldBack', '^held back (\d+) minutes after payment, so changes and cancellations never reach the warehouse(?: \(until ([^)]*)\))?$', ARRAY['minutes', 'until']::text[]),
  (19, 'nothingLeft', '^(?:nothing in this part of the order is left to ship|no line requires shipping from the warehouse)$', ARRAY[]::text[]),
  (20, 'noSku', '^line (.+) has no SKU\u003b the warehouse identifies products by SKU', ARRAY['lines']::text[]),
  (21, 'noAddress', '^the order has no shipping address', ARRAY[]::text[]),
  (22, 'customerDataWithheld', '^Shopify withheld the buyer''s name, address and phone \(protected customer data\)\u003b request protected customer data access in the Partner Dashboard, then retry$', ARRAY[]::text[]),
  (23, 'outsideMexico', '^destination country (.+) is outside Mexico, the only country the service ships to$', ARRAY['country']::text[]),
  (24, 'notConnected', '^the shop is not connected to the service$', ARRAY[]::text[]),
  (25, 'noDimensions', '^product (.+?) has no dimensions at the service\u003b register them, then retry\. The service said: (.*)$', ARRAY['product', 'said']::text[]),
  (26, 'destinationNotServed', '^no carrier serves the destination\u003b correct the shipping address, then retry\. The service said: (.*)$', ARRAY['said']::text[]),
  (27, 'insufficientStock', '^not enough stock of (.+?) at the warehouse\u003b request an inventory reception, then retry\. The service said: (.*)$', ARRAY['product', 'said']::text[]),
  (28, 'invalidOrder', '^the order is not valid for the service(?: \(([^)]*)\))?: (.*)$', ARRAY['field', 'said']::text[]),
  (29, 'serviceRefused', '^the service refused the order: (.*)$', ARRAY['said']::text[]),
  (30, 'apiKeyRefused', '^the service refused the shop''s API key\u003b reconnect the account, then retry \((.*)\)$', ARRAY['said']::text[]),
  (31, 'attemptsExhausted', '^the service could not take the order after (\d+) attempts\u003b last error: (.*)$', ARRAY['attempts', 'said']::text[]),
  (32, 'attemptFailed', '^attempt (\d+) did not reach the service \((.*)\)\u003b next attempt at (\S+)$', ARRAY['attempt', 'said', 'at']::text[]),
  (33, 'interrupted', '^a submission started at (.+?) was interrupted before its result was saved', ARRAY['at']::text[]),
  (34, 'unexpectedFailure', '^unexpected failure while sending the order \((.*)\)\u003b it may have reached the service$', ARRAY['said']::text[]),
  (35, 'mayExist', '^(.*)\u003b the order may exist at the service$', ARRAY['said']::text[]),
  (36, 'contested', '^created in Shopify from a part of the order the warehouse already has', ARRAY[]::text[]),
  (37, 'waitingForRequest', '^waiting for Shopify to request fulfilment from the warehouse$', ARRAY[]::text[]),
  (38, 'cancelRequestedBefore', '^the merchant asked to cancel it before it reached the warehouse\u003b cancelled$', ARRAY[]::text[]),
  (39, 'cancelRequestedAfter', '^the merchant asked to cancel it after it reached the warehouse — stop it with the service \(service order ([^)]*)\)$', ARRAY['order']::text[]),
  (40, 'cancelledAfterWarehouse', '^cancelled in Shopify after it reached the warehouse — stop it with the service(?: \(service order ([^)]*)\))?$', ARRAY['order']::text[]),
  (41, 'beforeFulfilmentOrders', '^recorded before fulfilment orders were followed: fulfil it in Shopify by hand$', ARRAY[]::text[]),
  (42, 'writeBackFailed', '^writing the shipment to Shopify failed, will retry: (.*)$', ARRAY['said']::text[]),
  (43, 'fulfilmentOrderGone', '^the Shopify fulfilment order (\S+) no longer exists$', ARRAY['gid']::text[]),
  (44, 'nothingShipped', '^the service reports the order (.+?) but lists nothing shipped, so nothing was fulfilled in Shopify\u003b check it with the service, then retry$', ARRAY['status']::text[]),
  (45, 'shippedShort', '^shipped short: the warehouse did not ship (.+?)\u003b what shipped is fulfilled in Shopify — send the rest to the warehouse as a new order, or leave it for a refund$', ARRAY['missing']::text[]),
  (46, 'received', '^orders\/paid received$', ARRAY[]::text[]),
  (47, 'sending', '^attempt (\d+): sending to the service \(([A-Z]+): (.*)\)$', ARRAY['attempt', 'service', 'products']::text[]),
  (48, 'serviceOrder', '^service order (\S+)$', ARRAY['order']::text[]),
  (49, 'lateAnswer', '^the service''s late answer confirmed order (\S+)$', ARRAY['order']::text[]),
  (50, 'serviceStatus', '^service status (.+)$', ARRAY['status']::text[]),
  (51, 'trackingChanged', '^tracking changed to (.+)$', ARRAY['tracking']::text[]),
  (52, 'shopifyFulfilment', '^Shopify fulfilment (\w+) \(([^)]*)\)(?: of ((?:(?! with ).)+))?(?: with (.+))?$', ARRAY['kind', 'id', 'lines', 'tracking']::text[]),
  (53, 'readyToSend', '^ready to send$', ARRAY[]::text[]),
  (54, 'merchantSentAsItStands', '^the merchant sends it with the address as it stands$', ARRAY[]::text[]),
  (55, 'merchantConfirmedExists', '^confirmed by the merchant: service order (.+)$', ARRAY['order']::text[]),
  (56, 'merchantConfirmedAbsent', '^the merchant confirmed the service has no such order: submitting it$', ARRAY[]::text[]),
  (57, 'merchantRetriedFollow', '^retried by the merchant: following the service order again$', ARRAY[]::text[]),
  (58, 'merchantRetriedRead', '^retried by the merchant: reading the order from Shopify again$', ARRAY[]::text[]),
  (59, 'merchantRetried', '^retried by the merchant(?: \((.*)\))?$', ARRAY['note']::text[]),
  (60, 'merchantSentMissing', '^the merchant sends the rest \((.+?)\) to the warehouse as a new order\u003b the first shipment was service order (\S+), Shopify fulfilment (\S+)$', ARRAY['missing', 'order', 'fulfilment']::text[]),
  (61, 'merchantLeftMissing', '^the merchant leaves the units the warehouse did not ship \((.+)\) for a refund$', ARRAY['missing']::text[]),
  (101, 'splitAfterWarehouse', '^this part of the order was split, merged or removed in Shopify after it reached the warehouse — check it with the service(?: \(service order ([^)]*)\))?$', ARRAY['order']::text[]),
  (102, 'heldAfterWarehouse', '^placed on hold in Shopify after it reached the warehouse — hold it with the service(?: \(service order ([^)]*)\))?$', ARRAY['order']::text[]),
  (103, 'changedAfterWarehouse', '^changed in Shopify after it reached the warehouse \(now (.*)\u003b the warehouse has (.*)\) — change it with the service(?: \(service order ([^)]*)\))?$', ARRAY['now', 'sent', 'order']::text[]),
  (104, 'addressHeldNotServed', '^held in Shopify: the service serves no destination at postal code (.+?)\u003b it goes to the warehouse once the buyer''s address is corrected in Shopify \(the service said: (.*)\)$', ARRAY['cp', 'said']::text[]),
  (105, 'scheduled', '^scheduled in Shopify for a later date\u003b it goes to the warehouse then \(until ([^)]*)\)$', ARRAY['until']::text[]),
  (106, 'heldBack', '^held back (\d+) minutes after payment, so changes and cancellations never reach the warehouse \(until ([^)]*)\)$', ARRAY['minutes', 'until']::text[]);

-- The code and parameters of one stored sentence, or null.
CREATE FUNCTION "_coded_reason"(sentence TEXT) RETURNS JSONB LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
           'code', p.code,
           'params', COALESCE((SELECT jsonb_strip_nulls(jsonb_object_agg(u.name, m[u.i]))
                                 FROM unnest(p.names) WITH ORDINALITY AS u(name, i)), '{}'::jsonb))
    FROM "_CodedReasonPattern" p, LATERAL regexp_match(sentence, p.pattern) AS m
   WHERE m IS NOT NULL
   ORDER BY CASE WHEN p.ord > 100 THEN 0 ELSE 1 END, p.ord
   LIMIT 1
$$;

UPDATE "Fulfillment" f
   SET "reasonCode" = c.coded ->> 'code', "reasonParams" = c.coded -> 'params'
  FROM (SELECT id, "_coded_reason"(reason) AS coded FROM "Fulfillment" WHERE "reasonCode" IS NULL AND reason IS NOT NULL) c
 WHERE f.id = c.id AND c.coded IS NOT NULL;

UPDATE "FulfillmentEvent" e
   SET "detailCode" = c.coded ->> 'code', "detailParams" = c.coded -> 'params'
  FROM (SELECT id, "_coded_reason"(detail) AS coded FROM "FulfillmentEvent" WHERE "detailCode" IS NULL AND detail IS NOT NULL) c
 WHERE e.id = c.id AND c.coded IS NOT NULL;

-- The address parser's warnings (Fulfillment.warnings, [{ field, message, original }]) get their
-- code and parameters beside the message the same way (app/address/warning-codes.ts).
CREATE TABLE "_CodedWarningPattern" (ord INT PRIMARY KEY, code TEXT NOT NULL, pattern TEXT NOT NULL, names TEXT[] NOT NULL);
INSERT INTO "_CodedWarningPattern" (ord, code, pattern, names) VALUES
  (1, 'stateMismatch', '^postal code (.+?) is in (.+), not (.+)\u003b check the address$', ARRAY['cp', 'byCp', 'state']::text[]),
  (2, 'unknownState', '^unknown state "(.*)"\u003b sent as given$', ARRAY['given']::text[]),
  (3, 'noState', '^no state given$', ARRAY[]::text[]),
  (4, 'unknownStateFromPostalCode', '^unknown state "(.*)"\u003b sent (.+), the state of postal code (\S+)$', ARRAY['given', 'state', 'cp']::text[]),
  (5, 'noStateFromPostalCode', '^no state given\u003b sent (.+), the state of postal code (\S+)$', ARRAY['state', 'cp']::text[]),
  (6, 'noCountry', '^no country given\u003b assumed Mexico from the state and postal code$', ARRAY[]::text[]),
  (7, 'noCity', '^no city given$', ARRAY[]::text[]),
  (8, 'noPhone', '^no phone number\u003b the service needs one reachable by WhatsApp$', ARRAY[]::text[]),
  (9, 'phoneNot10Digits', '^phone "(.*)" is not a 10-digit Mexican number\u003b sent as given$', ARRAY['phone']::text[]),
  (10, 'noPostalCode', '^no postal code given$', ARRAY[]::text[]),
  (11, 'postalCodeFourDigits', '^postal code "(.*)" has four digits\u003b sent "(.*)"$', ARRAY['given', 'sent']::text[]),
  (12, 'postalCodeInvalid', '^"(.*)" is not a valid Mexican postal code\u003b sent "(.*)"$', ARRAY['given', 'sent']::text[]),
  (13, 'postalCodeFromLine', '^no postal code given\u003b took (.+?) from the address line$', ARRAY['cp']::text[]),
  (14, 'postalCodeInLine', '^an address line mentions postal code (.+?)\u003b sent (.*)$', ARRAY['cp', 'sent']::text[]),
  (15, 'recipientFromCompany', '^no recipient name\u003b sent the company name$', ARRAY[]::text[]),
  (16, 'noRecipient', '^no recipient name given$', ARRAY[]::text[]),
  (17, 'lotAsStreet', '^no street name\u003b sent the block and lot "(.*)" as the street$', ARRAY['lot']::text[]),
  (18, 'noStreet', '^no street name found in the address lines$', ARRAY[]::text[]),
  (19, 'noExteriorNumber', '^no exterior number found\u003b sent "S\/N"$', ARRAY[]::text[]),
  (20, 'noColonia', '^no colonia found\u003b the service requires one$', ARRAY[]::text[]),
  (21, 'buildingAfterNumber', '^took "(.*)" after the house number as a building''s name\u003b sent it in the interior reference$', ARRAY['text']::text[]),
  (22, 'interiorAfterNumber', '^took "(.*)" after the house number as the interior number$', ARRAY['text']::text[]),
  (23, 'interiorWithoutLabel', '^no "Int\." label\u003b took "(.*)" as the interior number$', ARRAY['text']::text[]),
  (24, 'building', '^took "(.*)" as a building''s name\u003b sent it in the interior reference$', ARRAY['text']::text[]),
  (25, 'coloniaWithoutLabel', '^no "Col\." label\u003b took "(.*)" as the colonia$', ARRAY['text']::text[]),
  (26, 'unclearKeptInStreet', '^could not tell what "(.*)" is\u003b kept it in the street$', ARRAY['text']::text[]),
  (27, 'unclearAsInterior', '^could not tell what "(.*)" is\u003b sent it as the interior reference$', ARRAY['text']::text[]);

-- One stored warning with its code and parameters added (as it was when it has a code or no pattern knows it).
CREATE FUNCTION "_coded_warning"(w JSONB) RETURNS JSONB LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN w -> 'code' IS NOT NULL OR jsonb_typeof(w -> 'message') IS DISTINCT FROM 'string' THEN w
    ELSE w || COALESCE((
      SELECT jsonb_build_object(
               'code', p.code,
               'params', COALESCE((SELECT jsonb_strip_nulls(jsonb_object_agg(u.name, m[u.i]))
                                     FROM unnest(p.names) WITH ORDINALITY AS u(name, i)), '{}'::jsonb))
        FROM "_CodedWarningPattern" p, LATERAL regexp_match(w ->> 'message', p.pattern) AS m
       WHERE m IS NOT NULL
       ORDER BY p.ord
       LIMIT 1), '{}'::jsonb)
  END
$$;

UPDATE "Fulfillment"
   SET warnings = (SELECT jsonb_agg("_coded_warning"(a.e) ORDER BY a.i) FROM jsonb_array_elements(warnings) WITH ORDINALITY AS a(e, i))
 WHERE jsonb_typeof(warnings) = 'array'
   AND EXISTS (SELECT 1 FROM jsonb_array_elements(warnings) AS x(e) WHERE x.e -> 'code' IS NULL);

DROP FUNCTION "_coded_reason"(TEXT);
DROP TABLE "_CodedReasonPattern";
DROP FUNCTION "_coded_warning"(JSONB);
DROP TABLE "_CodedWarningPattern";
