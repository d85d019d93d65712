-- A shipment short of its fulfilment order: the units the warehouse did not ship (issue 23).
ALTER TABLE "Fulfillment" ADD COLUMN "missingLines" JSONB;
