import { describe, expect, it } from "vitest";
import { postOrderAction, type ActionAnswer } from "../../../extensions/shared/app-api";
import { outcomeMessage } from "../../../extensions/shared/warehouse-status";

const answering = (status: number, body: unknown): typeof fetch =>
  (async () => new Response(JSON.stringify(body), { status })) as typeof fetch;

describe("the order-page block's actions to the app", () => {
  it("keeps a refusal's code and text parameters, for the block to word it in the merchant's language", async () => {
    const answer = await postOrderAction(
      "gid://shopify/Order/1003",
      { action: "confirm", recordId: "0b7e3f0e-2d1c-4a55-9a0e-6c0f6f7d1a01", exists: true, svcOrderId: "x" },
      answering(409, { ok: false, code: "serviceHasNoOrder", params: { svcOrderId: "x", count: 3 } }),
    );
    expect(answer).toEqual({ ok: false, code: "serviceHasNoOrder", params: { svcOrderId: "x" } });
  });

  it("answers a refusal without a code (a request refused before acting, an older app) with none", async () => {
    const answer = await postOrderAction(
      "gid://shopify/Order/1003",
      { action: "retry", recordId: "0b7e3f0e-2d1c-4a55-9a0e-6c0f6f7d1a01" },
      answering(409, { ok: false, error: "not retryable" }),
    );
    expect(answer).toEqual({ ok: false, params: {} });
  });

  it("keeps a done action's code, and reads an answer that is not a success as a refusal", async () => {
    const request = { action: "push" } as const;
    expect(
      await postOrderAction(
        "gid://shopify/Order/1003",
        request,
        answering(200, { ok: true, code: "readAgain", params: { order: "#1003" } }),
      ),
    ).toEqual({ ok: true, code: "readAgain", params: { order: "#1003" } });
    expect(await postOrderAction("gid://shopify/Order/1003", request, answering(500, { ok: true }))).toEqual({
      ok: false,
      params: {},
    });
  });
});

describe("the block's actions to an older app (the extensions are released first)", () => {
  it("reads its answers, which carried English beside the code, by their code alone", async () => {
    const request = { action: "push" } as const;
    const older = (status: number, body: unknown) =>
      postOrderAction("gid://shopify/Order/1003", request, answering(status, body));
    expect(
      await older(200, {
        ok: true,
        message: "#1003 is read from Shopify again",
        code: "readAgain",
        params: { order: "#1003" },
      }),
    ).toEqual({
      ok: true,
      code: "readAgain",
      params: { order: "#1003" },
    });
    expect(await older(409, { ok: false, error: "no such order", code: "notFound", params: {} })).toEqual({
      ok: false,
      code: "notFound",
      params: {},
    });
  });
});

describe("the block's words for what came of an action", () => {
  it("words a refusal from its outcome's code and params, and a done action as done", () => {
    expect(outcomeMessage({ ok: false, code: "serviceHasNoOrder", params: { svcOrderId: "x" } })).toEqual({
      key: "outcomes.serviceHasNoOrder",
      params: { svcOrderId: "x" },
    });
    expect(outcomeMessage({ ok: true, code: "willSend", params: { order: "#1003" } })).toEqual({ key: "actions.done" });
  });

  it("reads a code it does not know (a newer app) or no code as the general sentence, never the code itself", () => {
    const answers: ActionAnswer[] = [
      { ok: false, code: "somethingNewer", params: { order: "#1003" } },
      { ok: false, code: "toString", params: {} },
      { ok: false, params: {} },
    ];
    for (const answer of answers) expect(outcomeMessage(answer)).toEqual({ key: "actions.failed" });
  });
});
