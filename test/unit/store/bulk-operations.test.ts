import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createSimulatedStore, verifyBody, type SimulatedStore } from "../../../sandbox/store";

const DOMAIN = "bulk.myshopify.com";
const SECRET = "app-secret";
const NESTED = `{ products { edges { node { id title variants { edges { node { id sku } } } } } } }`;

const closers: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** A store on a real port holding `products` products of `variantsEach` variants each. */
async function bulkStore(products: number, variantsEach: number, apiVersion?: string) {
  const store = createSimulatedStore({ apiVersion });
  store.addShop({ domain: DOMAIN });
  for (let p = 0; p < products; p++) {
    store.products.create(DOMAIN, {
      title: `Producto ${p}`,
      options: ["Talla"],
      variants: Array.from({ length: variantsEach }, (_, v) => ({
        options: [`T${v}`],
        sku: `SKU-${p}-${v}`,
        price: "10.00",
      })),
    });
  }
  const server = await store.listen(0);
  closers.push(
    () => store.close(),
    () => server.close(),
  );
  const graphql = async (query: string, variables: Record<string, unknown> = {}) => {
    const response = await fetch(server.graphqlUrl(DOMAIN), {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": store.accessToken(DOMAIN) },
      body: JSON.stringify({ query, variables }),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as { data: Record<string, any>; errors?: unknown[]; extensions?: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  return { store, server, graphql };
}

const RUN = `mutation Run($query: String!) {
  bulkOperationRunQuery(query: $query) { bulkOperation { id status } userErrors { field message code } }
}`;
const POLL = `query Poll($id: ID!) {
  node(id: $id) { ... on BulkOperation { id status errorCode objectCount rootObjectCount fileSize url partialDataUrl } }
}`;

async function until(store: SimulatedStore, graphql: Awaited<ReturnType<typeof bulkStore>>["graphql"], id: string) {
  await store.bulkOperationsIdle();
  return (await graphql(POLL, { id })).data.node;
}

async function lines(url: string): Promise<Record<string, unknown>[]> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return (await response.text())
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe("bulk query operations over HTTP", () => {
  it("pages through the whole connection and writes JSONL with nested connections as __parentId lines", async () => {
    const { store, graphql } = await bulkStore(260, 2);
    const started = await graphql(RUN, { query: NESTED });
    const op = started.data.bulkOperationRunQuery;
    expect(op.userErrors).toEqual([]);
    expect(op.bulkOperation).toEqual({
      id: expect.stringMatching(/^gid:\/\/shopify\/BulkOperation\/\d+$/),
      status: "CREATED",
    });

    const done = await until(store, graphql, op.bulkOperation.id);
    expect(done).toMatchObject({ status: "COMPLETED", errorCode: null, objectCount: "780", rootObjectCount: "260" });
    expect(Number(done.fileSize)).toBeGreaterThan(0);
    const rows = await lines(done.url);
    expect(rows).toHaveLength(780);
    const products = rows.filter((r) => !("__parentId" in r));
    expect(products).toHaveLength(260);
    expect(products[0]).toEqual({ id: expect.stringContaining("/Product/"), title: "Producto 0" });
    const seen = new Set<string>();
    for (const row of rows) {
      if ("__parentId" in row) {
        // A child comes after its parent, and names it.
        expect(seen.has(row.__parentId as string)).toBe(true);
        expect(row).toEqual({
          id: expect.stringContaining("/ProductVariant/"),
          sku: expect.any(String),
          __parentId: row.__parentId,
        });
      } else seen.add(row.id as string);
    }
    expect(rows.filter((r) => r.__parentId === products[259]!.id).map((r) => r.sku)).toEqual([
      "SKU-259-0",
      "SKU-259-1",
    ]);

    const current = await graphql("{ currentBulkOperation { id status url } }");
    expect(current.data.currentBulkOperation).toEqual({ id: op.bulkOperation.id, status: "COMPLETED", url: done.url });
  });

  it("never shows an operation ended without its file: COMPLETED comes with url, FAILED with partialDataUrl", async () => {
    const { store } = await bulkStore(300, 1);
    for (const fault of [null, { afterObjects: 120, errorCode: "TIMEOUT" as const }]) {
      if (fault) store.failNextBulkOperation(DOMAIN, fault);
      const id = (await store.graphql(DOMAIN, RUN, { query: NESTED })).data!.bulkOperationRunQuery.bulkOperation
        .id as string;
      // Polled between every turn of the event loop until the operation has ended and its file is closed.
      let idle = false;
      const ended = store.bulkOperationsIdle().then(() => (idle = true));
      const seen: Array<{ status: string; url: string | null; partialDataUrl: string | null }> = [];
      while (!idle) {
        seen.push((await store.graphql(DOMAIN, POLL, { id })).data!.node);
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      await ended;
      seen.push((await store.graphql(DOMAIN, POLL, { id })).data!.node);
      const final = fault ? "FAILED" : "COMPLETED";
      expect(seen.at(-1)!.status).toBe(final);
      expect(seen.filter((view) => view.status === "RUNNING").length).toBeGreaterThan(0);
      for (const view of seen.filter((v) => v.status === final)) {
        expect(fault ? view.partialDataUrl : view.url).toEqual(expect.stringContaining("/bulk-operations/"));
      }
    }
  });

  it("runs five bulk queries at once per shop from 2026-01, answering OPERATION_IN_PROGRESS beyond", async () => {
    const { store } = await bulkStore(300, 1);
    const run = async () => (await store.graphql(DOMAIN, RUN, { query: NESTED })).data!.bulkOperationRunQuery;
    const five = [await run(), await run(), await run(), await run(), await run()];
    expect(five.map((answer) => answer.userErrors)).toEqual([[], [], [], [], []]);
    const sixth = await run();
    expect(sixth.bulkOperation).toBeNull();
    expect(sixth.userErrors).toEqual([
      {
        field: ["query"],
        message: `5 bulk query operations for this app and shop are already in progress: ${five.map((a) => a.bulkOperation.id).join(", ")}.`,
        code: "OPERATION_IN_PROGRESS",
      },
    ]);
    await store.bulkOperationsIdle();
  });

  it("runs one bulk query at a time per shop before 2026-01, answering OPERATION_IN_PROGRESS as Shopify does", async () => {
    const { store, graphql } = await bulkStore(300, 1, "2025-10");
    // In process, so that nothing of the first operation runs between the two calls.
    const first = (await store.graphql(DOMAIN, RUN, { query: NESTED })).data!.bulkOperationRunQuery.bulkOperation
      .id as string;
    const second = (await store.graphql(DOMAIN, RUN, { query: NESTED })).data!.bulkOperationRunQuery;
    expect(second.bulkOperation).toBeNull();
    expect(second.userErrors).toEqual([
      {
        field: ["query"],
        message: `A bulk query operation for this app and shop is already in progress: ${first}.`,
        code: "OPERATION_IN_PROGRESS",
      },
    ]);
    await store.bulkOperationsIdle();
    expect((await graphql(RUN, { query: NESTED })).data.bulkOperationRunQuery.userErrors).toEqual([]);
  });

  it("charges only the mutation to the shop's throttle, not the objects it reads", async () => {
    const { store, graphql } = await bulkStore(300, 3);
    const started = await graphql(RUN, { query: NESTED });
    expect(started.extensions.cost.requestedQueryCost).toBe(10);
    store.setThrottle(DOMAIN, { restoreRate: 0, currentlyAvailable: 1000 });
    const done = await until(store, graphql, started.data.bulkOperationRunQuery.bulkOperation.id);
    expect(done.objectCount).toBe("1200");
    expect(store.throttleStatus(DOMAIN).currentlyAvailable).toBeGreaterThanOrEqual(1000 - 5);
  });

  it("rejects a query without a connection, with variables or that does not validate", async () => {
    const { graphql } = await bulkStore(1, 1);
    for (const [query, message] of [
      ["{ shop { name } }", "Bulk queries must contain at least one connection."],
      ["query($n: Int) { products(first: $n) { edges { node { id } } } }", "Bulk queries cannot have variables."],
      ["{ products { edges { node { nope } } } }", "Invalid bulk query: Cannot query field"],
    ] as const) {
      const answer = (await graphql(RUN, { query })).data.bulkOperationRunQuery;
      expect(answer.bulkOperation).toBeNull();
      expect(answer.userErrors[0]).toMatchObject({ field: ["query"], code: "INVALID" });
      expect(answer.userErrors[0].message).toContain(message);
    }
  });

  it("fails with an errorCode and the lines written so far at partialDataUrl", async () => {
    const { store, graphql } = await bulkStore(50, 1);
    store.failNextBulkOperation(DOMAIN, { afterObjects: 30, errorCode: "INTERNAL_SERVER_ERROR" });
    const id = (await graphql(RUN, { query: NESTED })).data.bulkOperationRunQuery.bulkOperation.id as string;
    const failed = await until(store, graphql, id);
    expect(failed).toMatchObject({
      status: "FAILED",
      errorCode: "INTERNAL_SERVER_ERROR",
      url: null,
      objectCount: "30",
    });
    expect(await lines(failed.partialDataUrl)).toHaveLength(30);
  });

  it("cancels a running operation", async () => {
    const { store, graphql } = await bulkStore(600, 1);
    const id = (await store.graphql(DOMAIN, RUN, { query: NESTED })).data!.bulkOperationRunQuery.bulkOperation
      .id as string;
    const cancel = await store.graphql(
      DOMAIN,
      "mutation C($id: ID!) { bulkOperationCancel(id: $id) { bulkOperation { status } userErrors { message } } }",
      { id },
    );
    expect(cancel.data!.bulkOperationCancel).toEqual({ bulkOperation: { status: "CANCELING" }, userErrors: [] });
    expect((await until(store, graphql, id)).status).toBe("CANCELED");
  });

  it("sends the signed bulk_operations/finish webhook to the app's subscription", async () => {
    const received: Array<{ headers: Record<string, unknown>; body: string }> = [];
    const receiver = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
      req.on("end", () => {
        received.push({ headers: req.headers, body });
        res.end("ok");
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    closers.push(() => new Promise<void>((resolve) => receiver.close(() => resolve())));
    const { store, graphql } = await bulkStore(3, 1);
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/bulk_operations/finish`;
    store.subscribeBulkOperationsFinish(DOMAIN, { url, secret: SECRET });
    const id = (await graphql(RUN, { query: NESTED })).data.bulkOperationRunQuery.bulkOperation.id as string;
    await store.bulkOperationsIdle();
    expect(received).toHaveLength(1);
    const [delivery] = received;
    expect(delivery!.headers["x-shopify-topic"]).toBe("bulk_operations/finish");
    expect(delivery!.headers["x-shopify-shop-domain"]).toBe(DOMAIN);
    expect(verifyBody(delivery!.body, SECRET, String(delivery!.headers["x-shopify-hmac-sha256"]))).toBe(true);
    expect(JSON.parse(delivery!.body)).toEqual({
      admin_graphql_api_id: id,
      completed_at: expect.any(String),
      created_at: expect.any(String),
      error_code: null,
      status: "completed",
      type: "query",
    });
  });
});
