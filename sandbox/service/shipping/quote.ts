import { conflict } from "../http/sandbox-error";
import type { ClientState, DimensionRecord, ProductRecord } from "../state/types";
import { billableKg } from "./billable-weight";
import type { LineItem } from "./request-schema";
import { priceService, SERVICE_CODES, SERVICE_TABLE, type PricedService, type ServiceCode } from "./service-table";
import { locate, type Destination } from "./zones";

interface ResolvedLine {
  line: LineItem;
  product: ProductRecord & { dimension: DimensionRecord };
}

/** First 409 case: every product must exist (by SKU, else UPC) and have dimensions. */
function resolveLines(client: ClientState, lines: readonly LineItem[]): ResolvedLine[] {
  return lines.map((line) => {
    const product = client.bySku.get(line.identificador) ?? client.byUpc.get(line.identificador);
    if (!product) {
      throw conflict(`Product "${line.identificador}" was not found in the catalogue; it cannot be quoted`);
    }
    if (!product.dimension) {
      throw conflict(
        `Product "${line.identificador}" (SKU ${product.sku}) has no dimensions registered; it cannot be quoted`,
      );
    }
    return { line, product: product as ResolvedLine["product"] };
  });
}

/** Second 409 case: the carrier integrations answer with their business error SHP-003. */
function requireServed(postalCode: string): Destination {
  const destination = locate(postalCode);
  if (destination) return destination;
  const carrierError = JSON.stringify({
    code: "SHP-003",
    type: "BusinessError",
    message: `Destination postal code ${postalCode} is not covered by any carrier`,
  });
  throw conflict(`Error quoting with carrier integrations: ${carrierError}`);
}

/** Third 409 case: units asked for, summed per product, against what is still available. */
function requireStock(resolved: readonly ResolvedLine[]): void {
  const demand = new Map<ProductRecord, { units: number; identifier: string }>();
  for (const { line, product } of resolved) {
    const entry = demand.get(product) ?? { units: 0, identifier: line.identificador };
    entry.units += line.cantidad;
    demand.set(product, entry);
  }
  for (const [product, { units, identifier }] of demand) {
    if (units > product.available) {
      throw conflict(
        `Insufficient stock for product "${identifier}" (SKU ${product.sku}): requested ${units}, available ${product.available}. Inventory reception must be requested`,
      );
    }
  }
}

export interface Quote {
  resolved: ResolvedLine[];
  destination: Destination;
  billableKg: number;
  products: Array<{ identifier: string; inStock: number }>;
  /** Every service available at the destination, NACIONAL first. */
  services: PricedService[];
}

/** The checks and pricing shared by the quotation and order creation, 409s in contract order. */
export function quote(client: ClientState, lines: readonly LineItem[], postalCode: string): Quote {
  const resolved = resolveLines(client, lines);
  const destination = requireServed(postalCode);
  requireStock(resolved);
  const kg = billableKg(
    resolved.map(({ line, product }) => ({ dimension: product.dimension, cantidad: line.cantidad })),
  );
  const services = SERVICE_CODES.filter(
    (code) => destination.metroCovered || !SERVICE_TABLE[code].needsMetroCoverage,
  ).map((code: ServiceCode) => priceService(code, destination.zone, kg));
  return {
    resolved,
    destination,
    billableKg: kg,
    products: resolved.map(({ line, product }) => ({ identifier: line.identificador, inStock: product.available })),
    services,
  };
}
