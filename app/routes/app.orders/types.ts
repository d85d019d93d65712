// What the orders page's loader and action answer (the tests and the components read them): the
// page's server side declares them (app/orchestration/orders-page.server.ts).
export type { OrdersActionData, OrdersPageData } from "~/orchestration/orders-page.server";
