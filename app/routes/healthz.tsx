import type { LoaderFunctionArgs } from "@remix-run/node";
import { appContext } from "../context.server";
import { checkHealth } from "../models/health.server";

// GET /healthz: 200 when the app can reach its database, 503 naming the failing part otherwise.
export const loader = async (_args: LoaderFunctionArgs) => {
  const report = await checkHealth({ db: appContext().db });
  return Response.json(report, {
    status: report.status === "ok" ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
};
