-- Shopify Flow (docs/decisions/025-shopify-flow.md): the triggers owed to each shop, one row per real
-- event so a job that runs again sends nothing twice, and the action runs performed, by Flow's
-- action_run_id, so a repeated request does nothing more.
CREATE TABLE "FlowTrigger" (
    "id" BIGSERIAL NOT NULL,
    "shop" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "handle" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "sentAt" TIMESTAMP(3),
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FlowTrigger_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "FlowActionRun" (
    "id" BIGSERIAL NOT NULL,
    "shop" TEXT NOT NULL,
    "actionRunId" TEXT NOT NULL,
    "handle" TEXT NOT NULL,
    "status" INTEGER NOT NULL,
    "result" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FlowActionRun_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "FlowTrigger_shop_key_key" ON "FlowTrigger"("shop", "key");

CREATE UNIQUE INDEX "FlowActionRun_shop_actionRunId_key" ON "FlowActionRun"("shop", "actionRunId");

ALTER TABLE "FlowTrigger" ADD CONSTRAINT "FlowTrigger_shop_fkey" FOREIGN KEY ("shop") REFERENCES "Shop"("domain") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "FlowActionRun" ADD CONSTRAINT "FlowActionRun_shop_fkey" FOREIGN KEY ("shop") REFERENCES "Shop"("domain") ON DELETE CASCADE ON UPDATE CASCADE;
