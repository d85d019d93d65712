// The bare baseline of the cached rate answer (issue 34), in its own process: a plain node:http
// server that reads each request's body, as any server answering a POST must, and answers it with
// one fixed JSON body (BARE_BODY, the app's own answer to the hit cart, so both send the same bytes).
// No routing, no signature, no logging: what Node itself serves on this machine. Prints one JSON
// line {"url": …, "serverPid": …} once listening (its own pid: tsx runs the script in a child of
// the process the bench started).
import http from "node:http";
import type { AddressInfo } from "node:net";

const body = Buffer.from(process.env.BARE_BODY ?? '{"rates":[]}');
const server = http.createServer((req, res) => {
  req.on("data", () => {});
  req.on("end", () => {
    res.writeHead(200, { "content-type": "application/json", "content-length": body.byteLength });
    res.end(body);
  });
});
server.listen(0, "127.0.0.1", () => {
  console.log(
    JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, serverPid: process.pid }),
  );
});
