import { numericId } from "../ids";
import type { OrderRecord, ProductRecord, VariantRecord } from "../state/records";
import { paginate, type ConnectionArgs, type SortValue } from "./connection";
import type { StoreContext } from "./context";
import { matchesSearch, parseSearchQuery, type FieldValue } from "./search-query";
import { carrierServiceView } from "./views/carrier-service-views";
import { deliveryProfileView } from "./views/delivery-profile-views";
import { fulfillmentOrderView, fulfillmentView } from "./views/fulfillment-views";
import { availableTotal, inventoryItemView, locationView } from "./views/inventory-views";
import { nodeById, requireGid } from "./views/node";
import { displayFulfillmentStatus, orderView } from "./views/order-views";
import { productView, variantView } from "./views/product-views";
import { shopView } from "./views/shop-view";

type SearchArgs = ConnectionArgs & { query?: string | null; sortKey?: string | null };

// Records keep their gid for life, so each one's number is parsed once, not on every page.
const numericIds = new WeakMap<{ id: string }, number>();
const id = (record: { id: string }): number => {
  let value = numericIds.get(record);
  if (value === undefined) {
    value = numericId(record.id);
    numericIds.set(record, value);
  }
  return value;
};

function byKind<T extends { id: string }>(
  sortKey: string | null | undefined,
  keys: Record<string, (record: T) => SortValue>,
): (record: T) => [SortValue, number] {
  const read = (sortKey && keys[sortKey]) || id;
  return (record) => [read(record), id(record)];
}

/** Looks a record up by gid; a malformed gid is an error, an unknown one answers null. */
function lookup<R, V>(ctx: StoreContext, map: Map<string, R>, gid: string, view: (ctx: StoreContext, r: R) => V) {
  requireGid(gid);
  const record = map.get(gid);
  return record === undefined ? null : view(ctx, record);
}

export function queryRoot(ctx: StoreContext) {
  const { shop } = ctx;
  const productFields = (p: ProductRecord): Record<string, () => FieldValue> => ({
    id: () => id(p),
    title: () => p.title,
    handle: () => p.handle,
    status: () => p.status,
    vendor: () => p.vendor,
    product_type: () => p.productType,
    tag: () => p.tags,
    sku: () => p.variantIds.map((v) => shop.variants.get(v)!.sku),
    barcode: () => p.variantIds.map((v) => shop.variants.get(v)!.barcode),
    created_at: () => new Date(p.createdAt).toISOString(),
    updated_at: () => new Date(p.updatedAt).toISOString(),
  });
  const variantFields = (v: VariantRecord): Record<string, () => FieldValue> => {
    const product = shop.products.get(v.productId)!;
    return {
      id: () => id(v),
      sku: () => v.sku,
      barcode: () => v.barcode,
      title: () => v.title,
      product_id: () => id(product),
      product_status: () => product.status,
      product_type: () => product.productType,
      vendor: () => product.vendor,
      taxable: () => String(v.taxable),
      inventory_quantity: () => availableTotal(ctx, v.inventoryItemId),
      created_at: () => new Date(v.createdAt).toISOString(),
      updated_at: () => new Date(v.updatedAt).toISOString(),
    };
  };
  const orderFields = (o: OrderRecord): Record<string, () => FieldValue> => ({
    id: () => id(o),
    name: () => o.name,
    email: () => o.email,
    tag: () => o.tags,
    test: () => String(o.test),
    financial_status: () => o.financialStatus,
    fulfillment_status: () =>
      ({ FULFILLED: "shipped", PARTIALLY_FULFILLED: "partial", UNFULFILLED: "unshipped" })[
        displayFulfillmentStatus(o)
      ] ?? null,
    status: () => (o.cancelledAt === null ? "open" : "cancelled"),
    created_at: () => new Date(o.createdAt).toISOString(),
    updated_at: () => new Date(o.updatedAt).toISOString(),
  });
  // Without a query every record matches: skip building each one's search fields.
  const searchProducts = (query?: string | null) => {
    const terms = parseSearchQuery(query);
    if (terms.length === 0) return [...shop.products.values()];
    return [...shop.products.values()].filter((p) => matchesSearch(terms, productFields(p), () => p.title));
  };
  const searchVariants = (query?: string | null) => {
    const terms = parseSearchQuery(query);
    if (terms.length === 0) return [...shop.variants.values()];
    return [...shop.variants.values()].filter((v) =>
      matchesSearch(
        terms,
        variantFields(v),
        () => `${shop.products.get(v.productId)!.title} ${v.title} ${v.sku ?? ""}`,
      ),
    );
  };

  return {
    shop: () => shopView(ctx),
    node: (args: { id: string }) => nodeById(ctx, args.id),
    nodes: (args: { ids: string[] }) => args.ids.map((one) => nodeById(ctx, one)),
    product: (args: { id: string }) => lookup(ctx, shop.products, args.id, productView),
    productByHandle: (args: { handle: string }) => {
      const found = [...shop.products.values()].find((p) => p.handle === args.handle);
      return found ? productView(ctx, found) : null;
    },
    products: (args: SearchArgs) =>
      paginate(
        searchProducts(args.query),
        args,
        "products",
        byKind<ProductRecord>(args.sortKey, {
          TITLE: (p) => p.title,
          VENDOR: (p) => p.vendor,
          PRODUCT_TYPE: (p) => p.productType,
          CREATED_AT: (p) => p.createdAt,
          UPDATED_AT: (p) => p.updatedAt,
        }),
        (p) => productView(ctx, p),
      ),
    productsCount: (args: { query?: string | null }) => ({
      count: searchProducts(args.query).length,
      precision: "EXACT",
    }),
    productVariant: (args: { id: string }) => lookup(ctx, shop.variants, args.id, variantView),
    productVariants: (args: SearchArgs) =>
      paginate(
        searchVariants(args.query),
        args,
        "productVariants",
        byKind<VariantRecord>(args.sortKey, {
          SKU: (v) => v.sku ?? "",
          TITLE: (v) => v.title,
          POSITION: (v) => v.position,
          FULL_TITLE: (v) => `${shop.products.get(v.productId)!.title} ${v.title}`,
          NAME: (v) => `${shop.products.get(v.productId)!.title} ${v.title}`,
          INVENTORY_QUANTITY: (v) => availableTotal(ctx, v.inventoryItemId),
        }),
        (v) => variantView(ctx, v),
      ),
    productVariantsCount: (args: { query?: string | null }) => ({
      count: searchVariants(args.query).length,
      precision: "EXACT",
    }),
    inventoryItem: (args: { id: string }) => lookup(ctx, shop.inventoryItems, args.id, inventoryItemView),
    inventoryItems: (args: SearchArgs) => {
      const terms = parseSearchQuery(args.query);
      const items = [...shop.inventoryItems.values()].filter((item) =>
        matchesSearch(terms, { id: () => id(item), sku: () => shop.variants.get(item.variantId)?.sku }, () => ""),
      );
      return paginate(items, args, "inventoryItems", byKind(null, {}), (item) => inventoryItemView(ctx, item));
    },
    inventoryLevel: (args: { id: string }) => (args.id.includes("/InventoryLevel/") ? nodeById(ctx, args.id) : null),
    location: (args: { id?: string | null }) =>
      args.id
        ? lookup(ctx, shop.locations, args.id, locationView)
        : locationView(ctx, shop.locations.values().next().value!),
    locations: (args: ConnectionArgs & { includeInactive?: boolean }) =>
      paginate(
        [...shop.locations.values()].filter((l) => l.isActive || args.includeInactive),
        args,
        "locations",
        byKind(null, {}),
        (l) => locationView(ctx, l),
      ),
    order: (args: { id: string }) => lookup(ctx, shop.orders, args.id, orderView),
    orders: (args: SearchArgs) => {
      const terms = parseSearchQuery(args.query);
      const orders = [...shop.orders.values()].filter((o) => matchesSearch(terms, orderFields(o), () => o.name));
      return paginate(
        orders,
        args,
        "orders",
        byKind<OrderRecord>(args.sortKey, {
          CREATED_AT: (o) => o.createdAt,
          PROCESSED_AT: (o) => o.createdAt,
          UPDATED_AT: (o) => o.updatedAt,
          ORDER_NUMBER: (o) => o.number,
          TOTAL_PRICE: (o) => Number(o.totalPrice),
        }),
        (o) => orderView(ctx, o),
      );
    },
    fulfillment: (args: { id: string }) => lookup(ctx, shop.fulfillments, args.id, fulfillmentView),
    fulfillmentOrder: (args: { id: string }) => lookup(ctx, shop.fulfillmentOrders, args.id, fulfillmentOrderView),
    carrierService: (args: { id: string }) =>
      lookup(ctx, shop.carrierServices, args.id, (_, r) => carrierServiceView(r)),
    deliveryProfile: (args: { id: string }) => lookup(ctx, shop.deliveryProfiles, args.id, deliveryProfileView),
    deliveryProfiles: (args: ConnectionArgs & { merchantOwnedOnly?: boolean | null }) =>
      paginate(
        // General first, as Shopify lists it; then by id.
        [...shop.deliveryProfiles.values()].filter((p) => !(args.merchantOwnedOnly && p.appOwned)),
        args,
        "deliveryProfiles",
        (p) => [p.isDefault ? 0 : 1, id(p)],
        (p) => deliveryProfileView(ctx, p),
      ),
    carrierServices: (args: SearchArgs) => {
      const terms = parseSearchQuery(args.query);
      const services = [...shop.carrierServices.values()].filter((s) =>
        matchesSearch(terms, { id: () => id(s), active: () => String(s.active) }, () => s.name),
      );
      return paginate(
        services,
        args,
        "carrierServices",
        byKind(args.sortKey, { CREATED_AT: (s) => s.createdAt, UPDATED_AT: (s) => s.updatedAt }),
        carrierServiceView,
      );
    },
  };
}
