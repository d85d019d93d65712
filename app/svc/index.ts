// The service client is server-only: it holds API keys and tokens. Its exports live in
// index.server.ts, which the Remix build refuses to put in the browser bundle, so importing
// `~/svc` from client code fails the build instead of shipping the client.
export * from "./index.server";
