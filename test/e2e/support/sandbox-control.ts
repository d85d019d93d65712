// The sandbox service's control routes (/__sandbox/…) for e2e files, with the token of its
// default key ("sandbox-key", the one connectToSandbox stores): stock, receptions, withdrawals.
export async function sandboxControl(sandboxUrl: string, path: string, body?: unknown): Promise<unknown> {
  const auth = await fetch(`${sandboxUrl}/api/rest/auth`, { method: "POST", headers: { "x-api-key": "sandbox-key" } });
  const { AuthWithAPIkey } = (await auth.json()) as { AuthWithAPIkey: { accessToken: string } };
  const response = await fetch(`${sandboxUrl}${path}`, {
    // Without a body: the route is read (GET /__sandbox/orders, say).
    ...(body === undefined
      ? { method: "GET", headers: { authorization: `Bearer ${AuthWithAPIkey.accessToken}` } }
      : {
          method: "POST",
          headers: { authorization: `Bearer ${AuthWithAPIkey.accessToken}`, "content-type": "application/json" },
          body: JSON.stringify(body),
        }),
  });
  const json: unknown = await response.json();
  if (!response.ok) throw new Error(`sandbox ${path} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
}
