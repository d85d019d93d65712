// The statements that moved off Prisma's client (ADR 036) read the very rows Prisma read: a claimed
// job is the Job row Prisma's client reads back, the shop's settings and key are its Shop row's,
// and a session the library's storage loads through app/shop's prepared read is the Session the
// library's own Prisma storage loads — an online one with every user field set, and an offline one
// with an expiring token pair. PostgreSQL is real; both sides read the same rows.
import { Session } from "@shopify/shopify-api";
import { PrismaSessionStorage } from "@shopify/shopify-app-session-storage-prisma";
import { afterAll, describe, expect, it } from "vitest";
import { claimJobs, enqueueJob, finishJobState } from "~/jobs/queue.server";
import { storedSessionById } from "~/shop/offline-token.server";
import { getShopSettings, updateShopSettings } from "~/shop/shop-settings.server";
import { createSvcClientResolver } from "~/shop/svc-connection.server";
import { encryptSecret } from "~/crypto.server";
import { OfflineRefreshingSessionStorage } from "~/shopify/offline-session-storage.server";
import prisma from "../../helpers/prisma";
import { sandboxConnection } from "../../helpers/app-context";

const SHOP = "tienda-filas.myshopify.com";
afterAll(() => prisma.$disconnect());

describe("the prepared statements read what Prisma reads", () => {
  it("claims and finishes a job as the same Job row Prisma's client reads", async () => {
    const runAt = new Date("2026-11-28T05:00:00.123Z");
    await enqueueJob(prisma, { queue: "same.rows", key: "k1", shop: SHOP, payload: { a: [1, "dos"] }, runAt } as never);
    const [claimed] = await claimJobs(prisma, {
      queues: ["same.rows"],
      owner: "w1",
      leaseMs: 60_000,
      limit: 1,
      now: new Date("2026-11-28T05:00:01Z"),
    });
    expect(claimed).toEqual(await prisma.job.findUnique({ where: { id: claimed!.id } }));
    expect(claimed).toMatchObject({ runAt, attempts: 1, leaseOwner: "w1", payload: { a: [1, "dos"] } });
    const at = new Date("2026-11-28T06:30:00.456Z");
    expect(await finishJobState(prisma, claimed!, { kind: "retry", at, error: "falló", errorCode: "svcDown" })).toBe(
      "queued",
    );
    expect(await prisma.job.findUnique({ where: { id: claimed!.id } })).toMatchObject({
      state: "queued",
      runAt: at,
      lastError: "falló",
      lastErrorCode: "svcDown",
      leaseOwner: null,
    });
  });

  it("reads the shop's settings and its service key from its Shop row", async () => {
    const key = encryptSecret("sk_filas", process.env.ENCRYPTION_KEY!);
    await prisma.shop.create({ data: { domain: SHOP, svcApiKeyCiphertext: key, svcEnvironment: "production" } });
    const saved = await updateShopSettings({ db: prisma, shop: SHOP, patch: { rates: { markupBasisPoints: 1_250 } } });
    const row = await prisma.shop.findUniqueOrThrow({ where: { domain: SHOP } });
    expect(await getShopSettings({ db: prisma, shop: SHOP })).toEqual({
      settings: saved,
      version: row.settingsVersion,
    });
    expect(await getShopSettings({ db: prisma, shop: "ninguna.myshopify.com" })).toMatchObject({ version: 0 });
    const resolve = createSvcClientResolver(prisma, sandboxConnection("http://127.0.0.1:9"));
    expect(await resolve(SHOP)).not.toBeNull();
    await prisma.shop.update({ where: { domain: SHOP }, data: { uninstalledAt: new Date() } });
    expect(await resolve(SHOP)).toBeNull();
  });

  it("loads a session as the library's own storage loads it, online or offline", async () => {
    const library = new PrismaSessionStorage(prisma);
    const ours = new OfflineRefreshingSessionStorage(
      prisma,
      { accessToken: () => Promise.reject(new Error("unused")) },
      (id) => storedSessionById(prisma, id),
    );
    const online = new Session({
      id: `${SHOP}_42`,
      shop: SHOP,
      state: "estado",
      isOnline: true,
      scope: "read_orders",
      expires: new Date("2026-12-01T00:00:00Z"),
      accessToken: "shpua_en_linea",
      onlineAccessInfo: {
        expires_in: 3600,
        associated_user_scope: "read_orders",
        associated_user: {
          id: 4_242_424_242,
          first_name: "Ana",
          last_name: "Pérez",
          email: "ana@example.com",
          email_verified: true,
          account_owner: true,
          locale: "es",
          collaborator: false,
        },
      } as never,
    });
    const offline = new Session({
      id: `offline_${SHOP}`,
      shop: SHOP,
      state: "",
      isOnline: false,
      scope: "read_orders,write_fulfillments",
      expires: new Date("2099-11-28T07:00:00Z"),
      accessToken: "shpat_fuera",
      refreshToken: "shprt_fuera",
      refreshTokenExpires: new Date("2100-02-28T07:00:00Z"),
    });
    await library.storeSession(online);
    await library.storeSession(offline);
    for (const id of [online.id, offline.id, "no-existe"]) {
      expect(await ours.loadSession(id)).toEqual(await library.loadSession(id));
    }
    expect((await ours.loadSession(offline.id))?.refreshToken).toBe("shprt_fuera");
  });
});
