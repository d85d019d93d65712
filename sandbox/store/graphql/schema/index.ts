import { buildSchema, GraphQLError, Kind, type GraphQLScalarType, type GraphQLSchema } from "graphql";
import { bulkOperationsSdl } from "./bulk-operations";
import { carrierServicesSdl } from "./carrier-services";
import { commonSdl } from "./common";
import { deliveryProfilesSdl } from "./delivery-profiles";
import { fulfillmentOrderChangesSdl } from "./fulfillment-order-changes";
import { fulfillmentOrderProgressSdl } from "./fulfillment-order-progress";
import { flowSdl } from "./flow";
import { fulfillmentsSdl } from "./fulfillments";
import { fulfillmentServicesSdl } from "./fulfillment-services";
import { inventorySdl } from "./inventory";
import { metafieldsSdl } from "./metafields";
import { ordersSdl } from "./orders";
import { productsSdl } from "./products";

/** The SDL of the Admin API subset the store serves, one string per domain. */
export const adminSdl = [
  commonSdl,
  metafieldsSdl,
  productsSdl,
  inventorySdl,
  ordersSdl,
  fulfillmentsSdl,
  fulfillmentServicesSdl,
  fulfillmentOrderChangesSdl,
  fulfillmentOrderProgressSdl,
  carrierServicesSdl,
  deliveryProfilesSdl,
  bulkOperationsSdl,
  flowSdl,
].join("\n");

let built: GraphQLSchema | undefined;

/** Built once per process: the schema is immutable and building it is the slow part. */
export function adminSchema(): GraphQLSchema {
  built ??= withStrictUrls(buildSchema(adminSdl));
  return built;
}

/** Shopify's URL scalar rejects values without a scheme; SDL-built scalars accept anything. */
function withStrictUrls(schema: GraphQLSchema): GraphQLSchema {
  const url = schema.getType("URL") as GraphQLScalarType;
  const parse = (value: unknown): string => {
    if (typeof value !== "string") throw new GraphQLError(`Invalid url '${String(value)}'`);
    if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) throw new GraphQLError(`Invalid url '${value}', missing scheme`);
    return value;
  };
  // buildSchema offers no hook for scalar parsing, so the built scalar is patched once here.
  Object.assign(url, {
    parseValue: parse,
    parseLiteral: (node: { kind: string; value?: string }) => {
      if (node.kind !== Kind.STRING) throw new GraphQLError("Invalid url: expected a string");
      return parse(node.value);
    },
  });
  return schema;
}
