/**
 * Shipping in Markets (2026-10 schema; market-driven shipping rolls out from 2026-10-01): a
 * market's shipping is `Market.delivery.shipping` (ShippingConfiguration), whose options are
 * DeliveryOptionDefinitions; a carrier-calculated one names a carrier service through its rate
 * group. `marketUpdate` with `delivery.shipping.optionDefinitionsToCreate` adds one. The store
 * models carrier-calculated options only, on the shop's Mexico market.
 */
export const marketsSdl = /* GraphQL */ `
  type Market implements Node {
    id: ID!
    name: String!
    handle: String!
    conditions: MarketConditions
    delivery: MarketDeliveryConfigurations!
  }

  type MarketEdge {
    cursor: String!
    node: Market!
  }

  type MarketConnection {
    edges: [MarketEdge!]!
    nodes: [Market!]!
    pageInfo: PageInfo!
  }

  type MarketConditions {
    regionsCondition: RegionsCondition
  }

  type RegionsCondition {
    regions(first: Int, after: String, last: Int, before: String, reverse: Boolean): MarketRegionConnection!
  }

  interface MarketRegion {
    id: ID!
    name: String!
  }

  type MarketRegionCountry implements MarketRegion {
    id: ID!
    name: String!
    code: CountryCode!
  }

  type MarketRegionEdge {
    cursor: String!
    node: MarketRegion!
  }

  type MarketRegionConnection {
    edges: [MarketRegionEdge!]!
    nodes: [MarketRegion!]!
    pageInfo: PageInfo!
  }

  type MarketDeliveryConfigurations {
    shipping: ShippingConfiguration
  }

  type ShippingConfiguration {
    isEnabled: Boolean!
    optionDefinitions(first: Int, after: String, last: Int, before: String, reverse: Boolean, active: Boolean): DeliveryOptionDefinitionConnection!
    optionDefinitionsCount(active: Boolean): Count!
  }

  interface DeliveryOptionDefinition {
    id: ID!
    currency: CurrencyCode!
    description: String
    isActive: Boolean!
  }

  type DeliveryCarrierCalculatedOptionDefinition implements DeliveryOptionDefinition {
    id: ID!
    currency: CurrencyCode!
    description: String
    isActive: Boolean!
    rateGroups(first: Int, after: String, last: Int, before: String, reverse: Boolean): DeliveryCarrierCalculatedRateGroupConnection
  }

  type DeliveryOptionDefinitionEdge {
    cursor: String!
    node: DeliveryOptionDefinition!
  }

  type DeliveryOptionDefinitionConnection {
    edges: [DeliveryOptionDefinitionEdge!]!
    nodes: [DeliveryOptionDefinition!]!
    pageInfo: PageInfo!
  }

  type DeliveryCarrierCalculatedRateGroup {
    id: ID!
    carrierService: DeliveryCarrierService!
    autoIncludeNewServices: Boolean!
    percentageAdjustment: Int
  }

  type DeliveryCarrierCalculatedRateGroupEdge {
    cursor: String!
    node: DeliveryCarrierCalculatedRateGroup!
  }

  type DeliveryCarrierCalculatedRateGroupConnection {
    edges: [DeliveryCarrierCalculatedRateGroupEdge!]!
    nodes: [DeliveryCarrierCalculatedRateGroup!]!
    pageInfo: PageInfo!
  }

  input DeliveryCarrierCalculatedRateGroupCreateInput {
    carrierServiceId: ID!
    autoIncludeNewServices: Boolean
    percentageAdjustment: Int
  }

  input DeliveryCarrierCalculatedOptionDefinitionCreateInput {
    currency: CurrencyCode!
    description: String
    isActive: Boolean
    rateGroups: [DeliveryCarrierCalculatedRateGroupCreateInput!]!
  }

  input DeliveryOptionDefinitionCreateInput {
    carrierCalculated: DeliveryCarrierCalculatedOptionDefinitionCreateInput
  }

  input ShippingConfigurationUpdateInput {
    isEnabled: Boolean
    optionDefinitionsToCreate: [DeliveryOptionDefinitionCreateInput!]
    optionDefinitionsToDelete: [ID!]
  }

  input MarketDeliveryConfigurationsUpdateInput {
    shipping: ShippingConfigurationUpdateInput
  }

  input MarketUpdateInput {
    name: String
    delivery: MarketDeliveryConfigurationsUpdateInput
  }

  enum MarketUserErrorCode {
    INVALID
    MARKET_NOT_FOUND
  }

  type MarketUserError {
    field: [String!]
    message: String!
    code: MarketUserErrorCode
  }

  type MarketUpdatePayload {
    market: Market
    userErrors: [MarketUserError!]!
  }

  extend type Query {
    market(id: ID!): Market
    markets(first: Int, after: String, last: Int, before: String, reverse: Boolean): MarketConnection!
    marketByGeography(countryCode: CountryCode!): Market @deprecated(reason: "This \`market_by_geography\` field will be removed in a future version of the API.")
  }

  extend type Mutation {
    marketUpdate(id: ID!, input: MarketUpdateInput!): MarketUpdatePayload
  }
`;
