-- Flow triggers are sent only while a workflow uses them (issue 34, ADR 037): Flow's trigger
-- lifecycle callback says, per shop and trigger, whether an enabled workflow uses it, and the app
-- enqueues a trigger only while its row says so. A shop installed before the callback existed may
-- have enabled its workflows before Flow had anywhere to say it, so every shop already installed
-- starts with each of the app's triggers in use, since an unknown time (at NULL): the first
-- callback for it, whatever its timestamp, replaces that. A shop installed from now on starts
-- with no row (not in use) until Flow calls back when a workflow is enabled.
CREATE TABLE "FlowTriggerUse" (
    "shop" TEXT NOT NULL,
    "trigger" TEXT NOT NULL,
    "recognized" BOOLEAN NOT NULL DEFAULT true,
    "enabled" BOOLEAN NOT NULL,
    "at" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FlowTriggerUse_pkey" PRIMARY KEY ("shop","trigger")
);

ALTER TABLE "FlowTriggerUse" ADD CONSTRAINT "FlowTriggerUse_shop_fkey" FOREIGN KEY ("shop") REFERENCES "Shop"("domain") ON DELETE CASCADE ON UPDATE CASCADE;

INSERT INTO "FlowTriggerUse" ("shop", "trigger", "recognized", "enabled", "at")
SELECT s."domain", t.handle, true, true, NULL
FROM "Shop" s
CROSS JOIN (VALUES ('order-sent-to-warehouse'), ('order-needs-attention'), ('tracking-received'), ('warehouse-stock-low')) AS t(handle);
