// The loader of a route that is only POSTed to (a form's action, a callback Shopify POSTs): a GET —
// a person or a probe trying the URL — is a clean 405 naming POST, not Remix's "no loader" error
// (a 400 "Unexpected Server Error" with a stack trace in the log).
export const postOnlyLoader = () => Response.json({ error: "use POST" }, { status: 405, headers: { Allow: "POST" } });
