// One cap on request bodies for every route Shopify posts to (the rate callback, every webhook,
// the fulfilment-service callback), shared so a fast path beside Remix applies the same rule.
// A declared Content-Length over the cap is refused before any byte is read; a chunked body is
// read chunk by chunk and abandoned the moment it passes the cap, never buffered whole.

export type CappedBody = { ok: true; body: Uint8Array<ArrayBuffer> } | { ok: false; status: 413; message: string };

function tooLarge(limit: number): CappedBody {
  return { ok: false, status: 413, message: `body too large: the limit is ${limit} bytes` };
}

/** Reads `request`'s body up to `limit` bytes; over it, stops reading and answers 413. */
export async function readBodyCapped(request: Request, limit: number): Promise<CappedBody> {
  const declared = request.headers.get("content-length");
  // Never cancel the body: on Node that destroys the socket before the 413 is written. Left
  // unread, the server answers and then closes the connection (no keep-alive after an unread body).
  if (declared !== null && Number(declared) > limit) return tooLarge(limit);
  if (!request.body) return { ok: true, body: new Uint8Array(0) };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      reader.releaseLock();
      return tooLarge(limit);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, body };
}

/**
 * The same request with its body read under the cap (so a library can read it again), or a
 * thrown 413 Response naming the limit.
 */
export async function withCappedBody(request: Request, limit: number): Promise<Request> {
  const read = await readBodyCapped(request, limit);
  if (!read.ok) throw Response.json({ error: read.message }, { status: read.status });
  return new Request(request.url, { method: request.method, headers: request.headers, body: read.body });
}
