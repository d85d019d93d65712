// The cause of a quote the service did not price, named with the cart's product where the
// catalogue or the cart knows it (issue 33, finding 6).
import type { RateTestResult } from "./rate-tester.server";

// The catalogue's reasons a variant cannot be quoted: its dimensions are missing or unreadable.
const WITHOUT_DIMENSIONS = new Set(["noDimensions", "invalidDimensions"]);

/**
 * The cause of a quote the service did not price, named with the cart's product where the
 * catalogue or the cart knows it: a refusal the service words only as a conflict is the
 * product the catalogue knows has no dimensions; a shortage without a name, with a one-product
 * cart, is that product's.
 */
export function withCartCause(
  result: RateTestResult,
  cart: { title: string; sku: string | null; reasonCode: string | null }[],
): RateTestResult {
  const problem = result.problem;
  if (result.outcome === "rates" || !problem) return result;
  // The service names a product by its SKU: the merchant reads the product's title with it.
  const named = cart.find((line) => line.sku !== null && line.sku === problem.params.product);
  if (named) return { ...result, problem: { ...problem, params: { product: `${named.title} (${named.sku})` } } };
  const dimensionless = cart.find((line) => line.reasonCode !== null && WITHOUT_DIMENSIONS.has(line.reasonCode));
  if (
    dimensionless &&
    result.reason === "unquotable" &&
    ["conflict", "unexpected", "noDimensionsUnnamed"].includes(problem.code)
  )
    return { ...result, problem: { code: "noDimensions", params: { product: dimensionless.title } } };
  const titles = [...new Set(cart.map((line) => line.title))];
  if (problem.code === "insufficientStockUnnamed" && titles.length === 1)
    return { ...result, problem: { code: "insufficientStock", params: { product: titles[0]! } } };
  return result;
}
