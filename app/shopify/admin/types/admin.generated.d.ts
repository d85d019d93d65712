/* eslint-disable eslint-comments/disable-enable-pair */
/* eslint-disable eslint-comments/no-unlimited-disable */
/* eslint-disable */
import type * as AdminTypes from './admin.types.js';

export type BulkOperationStateFragment = Pick<AdminTypes.BulkOperation, 'id' | 'status' | 'errorCode' | 'objectCount' | 'url' | 'partialDataUrl' | 'query'>;

export type CatalogBulkReadMutationVariables = AdminTypes.Exact<{
  query: AdminTypes.Scalars['String']['input'];
}>;


export type CatalogBulkReadMutation = { bulkOperationRunQuery?: AdminTypes.Maybe<{ bulkOperation?: AdminTypes.Maybe<Pick<AdminTypes.BulkOperation, 'id'>>, userErrors: Array<Pick<AdminTypes.BulkOperationUserError, 'field' | 'message' | 'code'>> }> };

export type CatalogBulkStatusQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
}>;


export type CatalogBulkStatusQuery = { bulkOperation?: AdminTypes.Maybe<Pick<AdminTypes.BulkOperation, 'id' | 'status' | 'errorCode' | 'objectCount' | 'url' | 'partialDataUrl' | 'query'>> };

export type CatalogBulkRunningQueryVariables = AdminTypes.Exact<{
  filter: AdminTypes.Scalars['String']['input'];
}>;


export type CatalogBulkRunningQuery = { bulkOperations: { nodes: Array<Pick<AdminTypes.BulkOperation, 'id' | 'status' | 'errorCode' | 'objectCount' | 'url' | 'partialDataUrl' | 'query'>> } };

export type CarrierServiceStateFragment = Pick<AdminTypes.DeliveryCarrierService, 'id' | 'name' | 'callbackUrl' | 'active'>;

export type CarrierServicesQueryVariables = AdminTypes.Exact<{ [key: string]: never; }>;


export type CarrierServicesQuery = { carrierServices: { nodes: Array<Pick<AdminTypes.DeliveryCarrierService, 'id' | 'name' | 'callbackUrl' | 'active'>> } };

export type CarrierServiceCreateMutationVariables = AdminTypes.Exact<{
  input: AdminTypes.DeliveryCarrierServiceCreateInput;
}>;


export type CarrierServiceCreateMutation = { carrierServiceCreate?: AdminTypes.Maybe<{ carrierService?: AdminTypes.Maybe<Pick<AdminTypes.DeliveryCarrierService, 'id' | 'name' | 'callbackUrl' | 'active'>>, userErrors: Array<Pick<AdminTypes.CarrierServiceCreateUserError, 'field' | 'message'>> }> };

export type CarrierServiceUpdateMutationVariables = AdminTypes.Exact<{
  input: AdminTypes.DeliveryCarrierServiceUpdateInput;
}>;


export type CarrierServiceUpdateMutation = { carrierServiceUpdate?: AdminTypes.Maybe<{ carrierService?: AdminTypes.Maybe<Pick<AdminTypes.DeliveryCarrierService, 'id' | 'name' | 'callbackUrl' | 'active'>>, userErrors: Array<Pick<AdminTypes.CarrierServiceUpdateUserError, 'field' | 'message'>> }> };

export type ShopShippingModelQueryVariables = AdminTypes.Exact<{ [key: string]: never; }>;


export type ShopShippingModelQuery = { shop: { features: Pick<AdminTypes.ShopFeatures, 'marketDrivenShipping'> } };

export type DeliveryProfilesQueryVariables = AdminTypes.Exact<{
  first: AdminTypes.Scalars['Int']['input'];
  after?: AdminTypes.InputMaybe<AdminTypes.Scalars['String']['input']>;
  merchantOwnedOnly?: AdminTypes.InputMaybe<AdminTypes.Scalars['Boolean']['input']>;
  sampleProducts: AdminTypes.Scalars['Int']['input'];
}>;


export type DeliveryProfilesQuery = { deliveryProfiles: { nodes: Array<(
      Pick<AdminTypes.DeliveryProfile, 'id' | 'name' | 'default' | 'coversAllItems'>
      & { productVariantsCount?: AdminTypes.Maybe<Pick<AdminTypes.Count, 'count'>>, profileItems: { nodes: Array<{ product: Pick<AdminTypes.Product, 'title'> }> } }
    )>, pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'> } };

export type DeliveryProfileZonesQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
  locationGroupId?: AdminTypes.InputMaybe<AdminTypes.Scalars['ID']['input']>;
  first: AdminTypes.Scalars['Int']['input'];
  after?: AdminTypes.InputMaybe<AdminTypes.Scalars['String']['input']>;
}>;


export type DeliveryProfileZonesQuery = { deliveryProfile?: AdminTypes.Maybe<{ profileLocationGroups: Array<{ locationGroup: (
        Pick<AdminTypes.DeliveryLocationGroup, 'id'>
        & { locations: { nodes: Array<Pick<AdminTypes.Location, 'id'>> } }
      ), locationGroupZones: { nodes: Array<{ zone: (
            Pick<AdminTypes.DeliveryZone, 'id' | 'name'>
            & { countries: Array<{ code: Pick<AdminTypes.DeliveryCountryCodeOrRestOfWorld, 'countryCode' | 'restOfWorld'>, provinces: Array<Pick<AdminTypes.DeliveryProvince, 'code'>> }> }
          ), methodDefinitions: { nodes: Array<(
              Pick<AdminTypes.DeliveryMethodDefinition, 'active'>
              & { rateProvider: (
                { __typename: 'DeliveryParticipant' }
                & { carrierService: Pick<AdminTypes.DeliveryCarrierService, 'id'> }
              ) | { __typename: 'DeliveryRateDefinition' } }
            )> } }>, pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'> } }> }> };

export type DeliveryProfileUpdateMutationVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
  profile: AdminTypes.DeliveryProfileInput;
}>;


export type DeliveryProfileUpdateMutation = { deliveryProfileUpdate?: AdminTypes.Maybe<{ profile?: AdminTypes.Maybe<Pick<AdminTypes.DeliveryProfile, 'id'>>, userErrors: Array<Pick<AdminTypes.UserError, 'field' | 'message'>> }> };

export type CarrierServiceActiveQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
}>;


export type CarrierServiceActiveQuery = { carrierService?: AdminTypes.Maybe<Pick<AdminTypes.DeliveryCarrierService, 'id' | 'active'>> };

export type LatestOrderAddressQueryVariables = AdminTypes.Exact<{ [key: string]: never; }>;


export type LatestOrderAddressQuery = { orders: { nodes: Array<{ shippingAddress?: AdminTypes.Maybe<Pick<AdminTypes.MailingAddress, 'address1'>> }> } };

export type FlowTriggerReceiveMutationVariables = AdminTypes.Exact<{
  handle: AdminTypes.Scalars['String']['input'];
  payload: AdminTypes.Scalars['JSON']['input'];
}>;


export type FlowTriggerReceiveMutation = { flowTriggerReceive?: AdminTypes.Maybe<{ userErrors: Array<Pick<AdminTypes.UserError, 'field' | 'message'>> }> };

export type HoldForAddressMutationVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
  hold: AdminTypes.FulfillmentOrderHoldInput;
}>;


export type HoldForAddressMutation = { fulfillmentOrderHold?: AdminTypes.Maybe<{ fulfillmentHold?: AdminTypes.Maybe<Pick<AdminTypes.FulfillmentHold, 'id'>>, userErrors: Array<Pick<AdminTypes.FulfillmentOrderHoldUserError, 'field' | 'message' | 'code'>> }> };

export type ReleaseAppHoldMutationVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
  holdIds?: AdminTypes.InputMaybe<Array<AdminTypes.Scalars['ID']['input']> | AdminTypes.Scalars['ID']['input']>;
}>;


export type ReleaseAppHoldMutation = { fulfillmentOrderReleaseHold?: AdminTypes.Maybe<{ fulfillmentOrder?: AdminTypes.Maybe<Pick<AdminTypes.FulfillmentOrder, 'id' | 'status'>>, userErrors: Array<Pick<AdminTypes.FulfillmentOrderReleaseHoldUserError, 'field' | 'message' | 'code'>> }> };

export type FoLineFragment = (
  Pick<AdminTypes.FulfillmentOrderLineItem, 'id' | 'sku' | 'totalQuantity' | 'remainingQuantity' | 'requiresShipping'>
  & { lineItem: (
    Pick<AdminTypes.LineItem, 'id' | 'name' | 'sku'>
    & { variant?: AdminTypes.Maybe<Pick<AdminTypes.ProductVariant, 'sku'>> }
  ), shippingLine?: AdminTypes.Maybe<Pick<AdminTypes.ShippingLine, 'title' | 'code' | 'source'>> }
);

export type FoStateFragment = (
  Pick<AdminTypes.FulfillmentOrder, 'id' | 'status' | 'requestStatus' | 'fulfillAt'>
  & { assignedLocation: (
    Pick<AdminTypes.FulfillmentOrderAssignedLocation, 'name'>
    & { location?: AdminTypes.Maybe<Pick<AdminTypes.Location, 'id'>> }
  ), deliveryMethod?: AdminTypes.Maybe<Pick<AdminTypes.DeliveryMethod, 'methodType'>>, fulfillmentHolds: Array<Pick<AdminTypes.FulfillmentHold, 'id' | 'handle' | 'reason' | 'heldByRequestingApp'>>, lineItems: { nodes: Array<(
      Pick<AdminTypes.FulfillmentOrderLineItem, 'id' | 'sku' | 'totalQuantity' | 'remainingQuantity' | 'requiresShipping'>
      & { lineItem: (
        Pick<AdminTypes.LineItem, 'id' | 'name' | 'sku'>
        & { variant?: AdminTypes.Maybe<Pick<AdminTypes.ProductVariant, 'sku'>> }
      ), shippingLine?: AdminTypes.Maybe<Pick<AdminTypes.ShippingLine, 'title' | 'code' | 'source'>> }
    )>, pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'> } }
);

export type FulfilmentOrderStateQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
  first: AdminTypes.Scalars['Int']['input'];
  after?: AdminTypes.InputMaybe<AdminTypes.Scalars['String']['input']>;
  lines: AdminTypes.Scalars['Int']['input'];
  withOrder: AdminTypes.Scalars['Boolean']['input'];
}>;


export type FulfilmentOrderStateQuery = { order?: AdminTypes.Maybe<(
    Pick<AdminTypes.Order, 'id' | 'legacyResourceId' | 'name' | 'cancelledAt' | 'test' | 'updatedAt'>
    & { shippingAddress?: AdminTypes.Maybe<Pick<AdminTypes.MailingAddress, 'firstName' | 'lastName' | 'name' | 'company' | 'address1' | 'address2' | 'city' | 'province' | 'provinceCode' | 'zip' | 'country' | 'countryCodeV2' | 'phone'>>, shippingLines?: { nodes: Array<Pick<AdminTypes.ShippingLine, 'title' | 'code' | 'source'>>, pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'> }, fulfillmentOrders: { nodes: Array<(
        Pick<AdminTypes.FulfillmentOrder, 'id' | 'status' | 'requestStatus' | 'fulfillAt'>
        & { assignedLocation: (
          Pick<AdminTypes.FulfillmentOrderAssignedLocation, 'name'>
          & { location?: AdminTypes.Maybe<Pick<AdminTypes.Location, 'id'>> }
        ), deliveryMethod?: AdminTypes.Maybe<Pick<AdminTypes.DeliveryMethod, 'methodType'>>, fulfillmentHolds: Array<Pick<AdminTypes.FulfillmentHold, 'id' | 'handle' | 'reason' | 'heldByRequestingApp'>>, lineItems: { nodes: Array<(
            Pick<AdminTypes.FulfillmentOrderLineItem, 'id' | 'sku' | 'totalQuantity' | 'remainingQuantity' | 'requiresShipping'>
            & { lineItem: (
              Pick<AdminTypes.LineItem, 'id' | 'name' | 'sku'>
              & { variant?: AdminTypes.Maybe<Pick<AdminTypes.ProductVariant, 'sku'>> }
            ), shippingLine?: AdminTypes.Maybe<Pick<AdminTypes.ShippingLine, 'title' | 'code' | 'source'>> }
          )>, pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'> } }
      )>, pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'> } }
  )> };

export type MoreShippingLinesQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
  first: AdminTypes.Scalars['Int']['input'];
  after?: AdminTypes.InputMaybe<AdminTypes.Scalars['String']['input']>;
}>;


export type MoreShippingLinesQuery = { order?: AdminTypes.Maybe<{ shippingLines: { nodes: Array<Pick<AdminTypes.ShippingLine, 'title' | 'code' | 'source'>>, pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'> } }> };

export type MoreFulfilmentOrderLinesQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
  first: AdminTypes.Scalars['Int']['input'];
  after?: AdminTypes.InputMaybe<AdminTypes.Scalars['String']['input']>;
}>;


export type MoreFulfilmentOrderLinesQuery = { fulfillmentOrder?: AdminTypes.Maybe<{ lineItems: { nodes: Array<(
        Pick<AdminTypes.FulfillmentOrderLineItem, 'id' | 'sku' | 'totalQuantity' | 'remainingQuantity' | 'requiresShipping'>
        & { lineItem: (
          Pick<AdminTypes.LineItem, 'id' | 'name' | 'sku'>
          & { variant?: AdminTypes.Maybe<Pick<AdminTypes.ProductVariant, 'sku'>> }
        ), shippingLine?: AdminTypes.Maybe<Pick<AdminTypes.ShippingLine, 'title' | 'code' | 'source'>> }
      )>, pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'> } }> };

export type FulfilmentOrderFulfilmentStateQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
  first: AdminTypes.Scalars['Int']['input'];
  after?: AdminTypes.InputMaybe<AdminTypes.Scalars['String']['input']>;
  withFulfilments: AdminTypes.Scalars['Boolean']['input'];
}>;


export type FulfilmentOrderFulfilmentStateQuery = { fulfillmentOrder?: AdminTypes.Maybe<(
    Pick<AdminTypes.FulfillmentOrder, 'id' | 'status'>
    & { lineItems: { nodes: Array<(
        Pick<AdminTypes.FulfillmentOrderLineItem, 'id' | 'sku' | 'totalQuantity' | 'remainingQuantity'>
        & { lineItem: (
          Pick<AdminTypes.LineItem, 'sku'>
          & { variant?: AdminTypes.Maybe<Pick<AdminTypes.ProductVariant, 'sku'>> }
        ) }
      )>, pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'> }, fulfillments?: { nodes: Array<Pick<AdminTypes.Fulfillment, 'id' | 'status' | 'createdAt'>> } }
  )> };

export type FulfilmentOrderOrderQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
}>;


export type FulfilmentOrderOrderQuery = { fulfillmentOrder?: AdminTypes.Maybe<(
    Pick<AdminTypes.FulfillmentOrder, 'id'>
    & { order: Pick<AdminTypes.Order, 'id' | 'legacyResourceId' | 'name'> }
  )> };

export type FulfilmentOrdersExpectedQueryVariables = AdminTypes.Exact<{
  ids: Array<AdminTypes.Scalars['ID']['input']> | AdminTypes.Scalars['ID']['input'];
  lines: AdminTypes.Scalars['Int']['input'];
}>;


export type FulfilmentOrdersExpectedQuery = { nodes: Array<AdminTypes.Maybe<(
    Pick<AdminTypes.FulfillmentOrder, 'id' | 'status'>
    & { assignedLocation: { location?: AdminTypes.Maybe<Pick<AdminTypes.Location, 'id'>> }, lineItems: { nodes: Array<(
        Pick<AdminTypes.FulfillmentOrderLineItem, 'id' | 'sku' | 'totalQuantity' | 'remainingQuantity' | 'requiresShipping'>
        & { lineItem: (
          Pick<AdminTypes.LineItem, 'id' | 'name' | 'sku'>
          & { variant?: AdminTypes.Maybe<Pick<AdminTypes.ProductVariant, 'sku'>> }
        ), shippingLine?: AdminTypes.Maybe<Pick<AdminTypes.ShippingLine, 'title' | 'code' | 'source'>> }
      )>, pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'> } }
  )>> };

export type FulfilledUnitsQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
  fulfilments: AdminTypes.Scalars['Int']['input'];
  lines: AdminTypes.Scalars['Int']['input'];
}>;


export type FulfilledUnitsQuery = { fulfillmentOrder?: AdminTypes.Maybe<(
    Pick<AdminTypes.FulfillmentOrder, 'id'>
    & { fulfillments: { nodes: Array<(
        Pick<AdminTypes.Fulfillment, 'status'>
        & { fulfillmentLineItems: { nodes: Array<(
            Pick<AdminTypes.FulfillmentLineItem, 'quantity'>
            & { lineItem: (
              Pick<AdminTypes.LineItem, 'sku'>
              & { variant?: AdminTypes.Maybe<Pick<AdminTypes.ProductVariant, 'sku'>> }
            ) }
          )> } }
      )> } }
  )> };

export type ReportWarehouseProgressMutationVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
  notes?: AdminTypes.InputMaybe<AdminTypes.Scalars['String']['input']>;
}>;


export type ReportWarehouseProgressMutation = { fulfillmentOrderReportProgress?: AdminTypes.Maybe<{ fulfillmentOrder?: AdminTypes.Maybe<Pick<AdminTypes.FulfillmentOrder, 'id' | 'status'>>, userErrors: Array<Pick<AdminTypes.FulfillmentOrderReportProgressUserError, 'field' | 'message' | 'code'>> }> };

export type RegisterFulfilmentServiceMutationVariables = AdminTypes.Exact<{
  name: AdminTypes.Scalars['String']['input'];
  callbackUrl: AdminTypes.Scalars['URL']['input'];
}>;


export type RegisterFulfilmentServiceMutation = { fulfillmentServiceCreate?: AdminTypes.Maybe<{ fulfillmentService?: AdminTypes.Maybe<(
      Pick<AdminTypes.FulfillmentService, 'id'>
      & { location?: AdminTypes.Maybe<Pick<AdminTypes.Location, 'id'>> }
    )>, userErrors: Array<Pick<AdminTypes.UserError, 'field' | 'message'>> }> };

export type FulfilmentServiceByIdQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
}>;


export type FulfilmentServiceByIdQuery = { fulfillmentService?: AdminTypes.Maybe<(
    Pick<AdminTypes.FulfillmentService, 'id'>
    & { location?: AdminTypes.Maybe<Pick<AdminTypes.Location, 'id'>> }
  )> };

export type RemoveFulfilmentServiceMutationVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
}>;


export type RemoveFulfilmentServiceMutation = { fulfillmentServiceDelete?: AdminTypes.Maybe<(
    Pick<AdminTypes.FulfillmentServiceDeletePayload, 'deletedId'>
    & { userErrors: Array<Pick<AdminTypes.UserError, 'field' | 'message'>> }
  )> };

export type AssignedFulfilmentOrdersQueryVariables = AdminTypes.Exact<{
  status: AdminTypes.FulfillmentOrderAssignmentStatus;
  after?: AdminTypes.InputMaybe<AdminTypes.Scalars['String']['input']>;
}>;


export type AssignedFulfilmentOrdersQuery = { assignedFulfillmentOrders: { nodes: Array<(
      Pick<AdminTypes.FulfillmentOrder, 'id'>
      & { order: Pick<AdminTypes.Order, 'id' | 'legacyResourceId' | 'name' | 'updatedAt'> }
    )>, pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'> } };

export type AcceptFulfilmentRequestMutationVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
  message?: AdminTypes.InputMaybe<AdminTypes.Scalars['String']['input']>;
  estimatedShippedAt?: AdminTypes.InputMaybe<AdminTypes.Scalars['DateTime']['input']>;
}>;


export type AcceptFulfilmentRequestMutation = { fulfillmentOrderAcceptFulfillmentRequest?: AdminTypes.Maybe<{ fulfillmentOrder?: AdminTypes.Maybe<Pick<AdminTypes.FulfillmentOrder, 'id'>>, userErrors: Array<Pick<AdminTypes.UserError, 'field' | 'message'>> }> };

export type RejectFulfilmentRequestMutationVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
  message?: AdminTypes.InputMaybe<AdminTypes.Scalars['String']['input']>;
  reason?: AdminTypes.InputMaybe<AdminTypes.FulfillmentOrderRejectionReason>;
}>;


export type RejectFulfilmentRequestMutation = { fulfillmentOrderRejectFulfillmentRequest?: AdminTypes.Maybe<{ fulfillmentOrder?: AdminTypes.Maybe<Pick<AdminTypes.FulfillmentOrder, 'id'>>, userErrors: Array<Pick<AdminTypes.UserError, 'field' | 'message'>> }> };

export type AcceptCancellationRequestMutationVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
  message?: AdminTypes.InputMaybe<AdminTypes.Scalars['String']['input']>;
}>;


export type AcceptCancellationRequestMutation = { fulfillmentOrderAcceptCancellationRequest?: AdminTypes.Maybe<{ fulfillmentOrder?: AdminTypes.Maybe<Pick<AdminTypes.FulfillmentOrder, 'id'>>, userErrors: Array<Pick<AdminTypes.UserError, 'field' | 'message'>> }> };

export type RejectCancellationRequestMutationVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
  message?: AdminTypes.InputMaybe<AdminTypes.Scalars['String']['input']>;
}>;


export type RejectCancellationRequestMutation = { fulfillmentOrderRejectCancellationRequest?: AdminTypes.Maybe<{ fulfillmentOrder?: AdminTypes.Maybe<Pick<AdminTypes.FulfillmentOrder, 'id'>>, userErrors: Array<Pick<AdminTypes.UserError, 'field' | 'message'>> }> };

export type CreateFulfilmentMutationVariables = AdminTypes.Exact<{
  fulfillment: AdminTypes.FulfillmentInput;
}>;


export type CreateFulfilmentMutation = { fulfillmentCreate?: AdminTypes.Maybe<{ fulfillment?: AdminTypes.Maybe<Pick<AdminTypes.Fulfillment, 'id'>>, userErrors: Array<Pick<AdminTypes.UserError, 'field' | 'message'>> }> };

export type UpdateTrackingMutationVariables = AdminTypes.Exact<{
  fulfillmentId: AdminTypes.Scalars['ID']['input'];
  trackingInfoInput: AdminTypes.FulfillmentTrackingInput;
  notifyCustomer?: AdminTypes.InputMaybe<AdminTypes.Scalars['Boolean']['input']>;
}>;


export type UpdateTrackingMutation = { fulfillmentTrackingInfoUpdate?: AdminTypes.Maybe<{ fulfillment?: AdminTypes.Maybe<Pick<AdminTypes.Fulfillment, 'id'>>, userErrors: Array<Pick<AdminTypes.UserError, 'field' | 'message'>> }> };

export type StockLevelsQueryVariables = AdminTypes.Exact<{
  ids: Array<AdminTypes.Scalars['ID']['input']> | AdminTypes.Scalars['ID']['input'];
  locationId: AdminTypes.Scalars['ID']['input'];
}>;


export type StockLevelsQuery = { nodes: Array<AdminTypes.Maybe<(
    Pick<AdminTypes.InventoryItem, 'id'>
    & { inventoryLevel?: AdminTypes.Maybe<{ quantities: Array<Pick<AdminTypes.InventoryQuantity, 'name' | 'quantity'>> }> }
  )>> };

export type SetStockLevelsMutationVariables = AdminTypes.Exact<{
  input: AdminTypes.InventorySetQuantitiesInput;
  idempotencyKey: AdminTypes.Scalars['String']['input'];
}>;


export type SetStockLevelsMutation = { inventorySetQuantities?: AdminTypes.Maybe<{ userErrors: Array<Pick<AdminTypes.InventorySetQuantitiesUserError, 'code' | 'field' | 'message'>> }> };

export type StockAtWarehouseMutationVariables = AdminTypes.Exact<{
  inventoryItemId: AdminTypes.Scalars['ID']['input'];
  locationId: AdminTypes.Scalars['ID']['input'];
  available?: AdminTypes.InputMaybe<AdminTypes.Scalars['Int']['input']>;
  idempotencyKey: AdminTypes.Scalars['String']['input'];
}>;


export type StockAtWarehouseMutation = { inventoryActivate?: AdminTypes.Maybe<{ inventoryLevel?: AdminTypes.Maybe<Pick<AdminTypes.InventoryLevel, 'id'>>, userErrors: Array<Pick<AdminTypes.UserError, 'field' | 'message'>> }> };

export type SettingsLocationsQueryVariables = AdminTypes.Exact<{ [key: string]: never; }>;


export type SettingsLocationsQuery = { locations: { nodes: Array<Pick<AdminTypes.Location, 'id' | 'name'>> } };

export type MexicoMarketShippingQueryVariables = AdminTypes.Exact<{ [key: string]: never; }>;


export type MexicoMarketShippingQuery = { markets: { nodes: Array<(
      Pick<AdminTypes.Market, 'id' | 'name'>
      & { conditions?: AdminTypes.Maybe<{ regionsCondition?: AdminTypes.Maybe<{ regions: { nodes: Array<Pick<AdminTypes.MarketRegionCountry, 'code'>> } }> }>, delivery: { shipping?: AdminTypes.Maybe<(
          Pick<AdminTypes.ShippingConfiguration, 'isEnabled'>
          & { optionDefinitions: { nodes: Array<(
              Pick<AdminTypes.DeliveryCarrierCalculatedOptionDefinition, 'id'>
              & { rateGroups?: AdminTypes.Maybe<{ nodes: Array<{ carrierService: Pick<AdminTypes.DeliveryCarrierService, 'id'> }> }> }
            ) | Pick<AdminTypes.DeliveryFlatRateOptionDefinition, 'id'> | Pick<AdminTypes.DeliveryValueBasedOptionDefinition, 'id'> | Pick<AdminTypes.DeliveryWeightBasedOptionDefinition, 'id'>> } }
        )> } }
    )> } };

export type AddMarketCarrierOptionMutationVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
  input: AdminTypes.MarketUpdateInput;
}>;


export type AddMarketCarrierOptionMutation = { marketUpdate?: AdminTypes.Maybe<{ market?: AdminTypes.Maybe<Pick<AdminTypes.Market, 'id'>>, userErrors: Array<Pick<AdminTypes.MarketUserError, 'field' | 'message' | 'code'>> }> };

export type OrderAddressFragment = Pick<AdminTypes.MailingAddress, 'firstName' | 'lastName' | 'name' | 'company' | 'address1' | 'address2' | 'city' | 'province' | 'provinceCode' | 'zip' | 'country' | 'countryCodeV2' | 'phone'>;

export type PaidOrderAgainQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
}>;


export type PaidOrderAgainQuery = { order?: AdminTypes.Maybe<(
    Pick<AdminTypes.Order, 'id' | 'legacyResourceId' | 'name' | 'cancelledAt' | 'displayFinancialStatus' | 'test'>
    & { lineItems: { nodes: Array<(
        Pick<AdminTypes.LineItem, 'id' | 'name' | 'sku' | 'quantity' | 'requiresShipping'>
        & { variant?: AdminTypes.Maybe<Pick<AdminTypes.ProductVariant, 'sku'>> }
      )> }, shippingLines: { nodes: Array<Pick<AdminTypes.ShippingLine, 'title' | 'code' | 'source'>> }, shippingAddress?: AdminTypes.Maybe<Pick<AdminTypes.MailingAddress, 'firstName' | 'lastName' | 'name' | 'company' | 'address1' | 'address2' | 'city' | 'province' | 'provinceCode' | 'zip' | 'country' | 'countryCodeV2' | 'phone'>> }
  )> };

export type OrderNameQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
}>;


export type OrderNameQuery = { order?: AdminTypes.Maybe<Pick<AdminTypes.Order, 'name'>> };

export type ReconcileOrdersQueryVariables = AdminTypes.Exact<{
  first: AdminTypes.Scalars['Int']['input'];
  after?: AdminTypes.InputMaybe<AdminTypes.Scalars['String']['input']>;
  query: AdminTypes.Scalars['String']['input'];
}>;


export type ReconcileOrdersQuery = { orders: { nodes: Array<Pick<AdminTypes.Order, 'id' | 'legacyResourceId' | 'name' | 'updatedAt' | 'cancelledAt' | 'displayFinancialStatus' | 'displayFulfillmentStatus'>>, pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'> } };

export type WriteFulfilmentNoteMutationVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
  remove: Array<AdminTypes.Scalars['String']['input']> | AdminTypes.Scalars['String']['input'];
  add: Array<AdminTypes.Scalars['String']['input']> | AdminTypes.Scalars['String']['input'];
  metafields: Array<AdminTypes.MetafieldsSetInput> | AdminTypes.MetafieldsSetInput;
}>;


export type WriteFulfilmentNoteMutation = { tagsRemove?: AdminTypes.Maybe<{ userErrors: Array<Pick<AdminTypes.UserError, 'field' | 'message'>> }>, tagsAdd?: AdminTypes.Maybe<{ userErrors: Array<Pick<AdminTypes.UserError, 'field' | 'message'>> }>, metafieldsSet?: AdminTypes.Maybe<{ userErrors: Array<Pick<AdminTypes.MetafieldsSetUserError, 'field' | 'message'>> }> };

export type CatalogVariantFragment = (
  Pick<AdminTypes.ProductVariant, 'id' | 'title' | 'sku' | 'barcode'>
  & { media: { nodes: Array<{ preview?: AdminTypes.Maybe<{ image?: AdminTypes.Maybe<Pick<AdminTypes.Image, 'url'>> }> }> }, inventoryItem: (
    Pick<AdminTypes.InventoryItem, 'id' | 'requiresShipping'>
    & { measurement: { weight?: AdminTypes.Maybe<Pick<AdminTypes.Weight, 'unit' | 'value'>> } }
  ), length?: AdminTypes.Maybe<Pick<AdminTypes.Metafield, 'type' | 'value'>>, width?: AdminTypes.Maybe<Pick<AdminTypes.Metafield, 'type' | 'value'>>, height?: AdminTypes.Maybe<Pick<AdminTypes.Metafield, 'type' | 'value'>>, product: Pick<AdminTypes.Product, 'id'> }
);

export type CatalogProductFragment = (
  Pick<AdminTypes.Product, 'id' | 'title' | 'hasOnlyDefaultVariant'>
  & { featuredMedia?: AdminTypes.Maybe<{ preview?: AdminTypes.Maybe<{ image?: AdminTypes.Maybe<Pick<AdminTypes.Image, 'url'>> }> }>, length?: AdminTypes.Maybe<Pick<AdminTypes.Metafield, 'type' | 'value'>>, width?: AdminTypes.Maybe<Pick<AdminTypes.Metafield, 'type' | 'value'>>, height?: AdminTypes.Maybe<Pick<AdminTypes.Metafield, 'type' | 'value'>> }
);

export type CatalogProductVariantsQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
  first: AdminTypes.Scalars['Int']['input'];
  after?: AdminTypes.InputMaybe<AdminTypes.Scalars['String']['input']>;
  namespace: AdminTypes.Scalars['String']['input'];
  lengthKey: AdminTypes.Scalars['String']['input'];
  widthKey: AdminTypes.Scalars['String']['input'];
  heightKey: AdminTypes.Scalars['String']['input'];
}>;


export type CatalogProductVariantsQuery = { product?: AdminTypes.Maybe<(
    Pick<AdminTypes.Product, 'id' | 'title' | 'hasOnlyDefaultVariant'>
    & { variants: { nodes: Array<(
        Pick<AdminTypes.ProductVariant, 'id' | 'title' | 'sku' | 'barcode'>
        & { media: { nodes: Array<{ preview?: AdminTypes.Maybe<{ image?: AdminTypes.Maybe<Pick<AdminTypes.Image, 'url'>> }> }> }, inventoryItem: (
          Pick<AdminTypes.InventoryItem, 'id' | 'requiresShipping'>
          & { measurement: { weight?: AdminTypes.Maybe<Pick<AdminTypes.Weight, 'unit' | 'value'>> } }
        ), length?: AdminTypes.Maybe<Pick<AdminTypes.Metafield, 'type' | 'value'>>, width?: AdminTypes.Maybe<Pick<AdminTypes.Metafield, 'type' | 'value'>>, height?: AdminTypes.Maybe<Pick<AdminTypes.Metafield, 'type' | 'value'>>, product: Pick<AdminTypes.Product, 'id'> }
      )>, pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'> }, featuredMedia?: AdminTypes.Maybe<{ preview?: AdminTypes.Maybe<{ image?: AdminTypes.Maybe<Pick<AdminTypes.Image, 'url'>> }> }>, length?: AdminTypes.Maybe<Pick<AdminTypes.Metafield, 'type' | 'value'>>, width?: AdminTypes.Maybe<Pick<AdminTypes.Metafield, 'type' | 'value'>>, height?: AdminTypes.Maybe<Pick<AdminTypes.Metafield, 'type' | 'value'>> }
  )> };

export type CatalogVariantsPageQueryVariables = AdminTypes.Exact<{
  first: AdminTypes.Scalars['Int']['input'];
  after?: AdminTypes.InputMaybe<AdminTypes.Scalars['String']['input']>;
  namespace: AdminTypes.Scalars['String']['input'];
  lengthKey: AdminTypes.Scalars['String']['input'];
  widthKey: AdminTypes.Scalars['String']['input'];
  heightKey: AdminTypes.Scalars['String']['input'];
}>;


export type CatalogVariantsPageQuery = { productVariants: { nodes: Array<(
      Pick<AdminTypes.ProductVariant, 'id' | 'title' | 'sku' | 'barcode'>
      & { product: (
        Pick<AdminTypes.Product, 'id' | 'title' | 'hasOnlyDefaultVariant'>
        & { featuredMedia?: AdminTypes.Maybe<{ preview?: AdminTypes.Maybe<{ image?: AdminTypes.Maybe<Pick<AdminTypes.Image, 'url'>> }> }>, length?: AdminTypes.Maybe<Pick<AdminTypes.Metafield, 'type' | 'value'>>, width?: AdminTypes.Maybe<Pick<AdminTypes.Metafield, 'type' | 'value'>>, height?: AdminTypes.Maybe<Pick<AdminTypes.Metafield, 'type' | 'value'>> }
      ), media: { nodes: Array<{ preview?: AdminTypes.Maybe<{ image?: AdminTypes.Maybe<Pick<AdminTypes.Image, 'url'>> }> }> }, inventoryItem: (
        Pick<AdminTypes.InventoryItem, 'id' | 'requiresShipping'>
        & { measurement: { weight?: AdminTypes.Maybe<Pick<AdminTypes.Weight, 'unit' | 'value'>> } }
      ), length?: AdminTypes.Maybe<Pick<AdminTypes.Metafield, 'type' | 'value'>>, width?: AdminTypes.Maybe<Pick<AdminTypes.Metafield, 'type' | 'value'>>, height?: AdminTypes.Maybe<Pick<AdminTypes.Metafield, 'type' | 'value'>> }
    )>, pageInfo: Pick<AdminTypes.PageInfo, 'hasNextPage' | 'endCursor'> } };

export type CatalogVariantsCountQueryVariables = AdminTypes.Exact<{ [key: string]: never; }>;


export type CatalogVariantsCountQuery = { productVariantsCount?: AdminTypes.Maybe<Pick<AdminTypes.Count, 'count'>> };

export type CatalogInventoryItemQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars['ID']['input'];
}>;


export type CatalogInventoryItemQuery = { inventoryItem?: AdminTypes.Maybe<(
    Pick<AdminTypes.InventoryItem, 'id'>
    & { variants?: AdminTypes.Maybe<{ nodes: Array<(
        Pick<AdminTypes.ProductVariant, 'id'>
        & { product: Pick<AdminTypes.Product, 'id'> }
      )> }> }
  )> };

interface GeneratedQueryTypes {
  "#graphql\n  query CatalogBulkStatus($id: ID!) {\n    bulkOperation(id: $id) { ...BulkOperationState }\n  }\n  #graphql\n  fragment BulkOperationState on BulkOperation {\n    id\n    status\n    errorCode\n    objectCount\n    url\n    partialDataUrl\n    query\n  }\n\n": {return: CatalogBulkStatusQuery, variables: CatalogBulkStatusQueryVariables},
  "#graphql\n  query CatalogBulkRunning($filter: String!) {\n    bulkOperations(first: 5, query: $filter, sortKey: CREATED_AT, reverse: true) {\n      nodes { ...BulkOperationState }\n    }\n  }\n  #graphql\n  fragment BulkOperationState on BulkOperation {\n    id\n    status\n    errorCode\n    objectCount\n    url\n    partialDataUrl\n    query\n  }\n\n": {return: CatalogBulkRunningQuery, variables: CatalogBulkRunningQueryVariables},
  "#graphql\n  query CarrierServices {\n    carrierServices(first: 50) { nodes { ...CarrierServiceState } }\n  }\n  #graphql\n  fragment CarrierServiceState on DeliveryCarrierService {\n    id\n    name\n    callbackUrl\n    active\n  }\n\n": {return: CarrierServicesQuery, variables: CarrierServicesQueryVariables},
  "#graphql\n  query ShopShippingModel {\n    shop { features { marketDrivenShipping } }\n  }": {return: ShopShippingModelQuery, variables: ShopShippingModelQueryVariables},
  "#graphql\n  query DeliveryProfiles($first: Int!, $after: String, $merchantOwnedOnly: Boolean, $sampleProducts: Int!) {\n    deliveryProfiles(first: $first, after: $after, merchantOwnedOnly: $merchantOwnedOnly) {\n      nodes {\n        id\n        name\n        default\n        coversAllItems\n        productVariantsCount { count }\n        profileItems(first: $sampleProducts) { nodes { product { title } } }\n      }\n      pageInfo { hasNextPage endCursor }\n    }\n  }": {return: DeliveryProfilesQuery, variables: DeliveryProfilesQueryVariables},
  "#graphql\n  query DeliveryProfileZones($id: ID!, $locationGroupId: ID, $first: Int!, $after: String) {\n    deliveryProfile(id: $id) {\n      profileLocationGroups(locationGroupId: $locationGroupId) {\n        locationGroup { id locations(first: 25) { nodes { id } } }\n        locationGroupZones(first: $first, after: $after) {\n          nodes {\n            zone { id name countries { code { countryCode restOfWorld } provinces { code } } }\n            methodDefinitions(first: 10, type: PARTICIPANT) {\n              nodes {\n                active\n                rateProvider { __typename ... on DeliveryParticipant { carrierService { id } } }\n              }\n            }\n          }\n          pageInfo { hasNextPage endCursor }\n        }\n      }\n    }\n  }": {return: DeliveryProfileZonesQuery, variables: DeliveryProfileZonesQueryVariables},
  "#graphql\n  query CarrierServiceActive($id: ID!) {\n    carrierService(id: $id) { id active }\n  }": {return: CarrierServiceActiveQuery, variables: CarrierServiceActiveQueryVariables},
  "#graphql\n  query LatestOrderAddress {\n    orders(first: 1, sortKey: CREATED_AT, reverse: true) {\n      nodes { shippingAddress { address1 } }\n    }\n  }": {return: LatestOrderAddressQuery, variables: LatestOrderAddressQueryVariables},
  "#graphql\n  query FulfilmentOrderState($id: ID!, $first: Int!, $after: String, $lines: Int!, $withOrder: Boolean!) {\n    order(id: $id) {\n      id\n      legacyResourceId\n      name\n      cancelledAt\n      test\n      updatedAt\n      shippingAddress @include(if: $withOrder) { ...OrderAddress }\n      shippingLines(first: $first) @include(if: $withOrder) {\n        nodes { title code source }\n        pageInfo { hasNextPage endCursor }\n      }\n      fulfillmentOrders(first: $first, after: $after) {\n        nodes { ...FoState }\n        pageInfo { hasNextPage endCursor }\n      }\n    }\n  }\n  #graphql\n  fragment FoState on FulfillmentOrder {\n    id\n    status\n    requestStatus\n    fulfillAt\n    assignedLocation { name location { id } }\n    deliveryMethod { methodType }\n    fulfillmentHolds { id handle reason heldByRequestingApp }\n    lineItems(first: $lines) {\n      nodes { ...FoLine }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n\n  #graphql\n  fragment FoLine on FulfillmentOrderLineItem {\n    id\n    sku\n    totalQuantity\n    remainingQuantity\n    requiresShipping\n    lineItem { id name sku variant { sku } }\n    shippingLine { title code source }\n  }\n\n  #graphql\n  fragment OrderAddress on MailingAddress {\n    firstName\n    lastName\n    name\n    company\n    address1\n    address2\n    city\n    province\n    provinceCode\n    zip\n    country\n    countryCodeV2\n    phone\n  }\n\n": {return: FulfilmentOrderStateQuery, variables: FulfilmentOrderStateQueryVariables},
  "#graphql\n  query MoreShippingLines($id: ID!, $first: Int!, $after: String) {\n    order(id: $id) {\n      shippingLines(first: $first, after: $after) {\n        nodes { title code source }\n        pageInfo { hasNextPage endCursor }\n      }\n    }\n  }\n": {return: MoreShippingLinesQuery, variables: MoreShippingLinesQueryVariables},
  "#graphql\n  query MoreFulfilmentOrderLines($id: ID!, $first: Int!, $after: String) {\n    fulfillmentOrder(id: $id) {\n      lineItems(first: $first, after: $after) {\n        nodes { ...FoLine }\n        pageInfo { hasNextPage endCursor }\n      }\n    }\n  }\n  #graphql\n  fragment FoLine on FulfillmentOrderLineItem {\n    id\n    sku\n    totalQuantity\n    remainingQuantity\n    requiresShipping\n    lineItem { id name sku variant { sku } }\n    shippingLine { title code source }\n  }\n\n": {return: MoreFulfilmentOrderLinesQuery, variables: MoreFulfilmentOrderLinesQueryVariables},
  "#graphql\n  query FulfilmentOrderFulfilmentState($id: ID!, $first: Int!, $after: String, $withFulfilments: Boolean!) {\n    fulfillmentOrder(id: $id) {\n      id\n      status\n      lineItems(first: $first, after: $after) {\n        nodes { id sku totalQuantity remainingQuantity lineItem { sku variant { sku } } }\n        pageInfo { hasNextPage endCursor }\n      }\n      fulfillments(first: $first, reverse: true) @include(if: $withFulfilments) {\n        nodes { id status createdAt }\n      }\n    }\n  }\n": {return: FulfilmentOrderFulfilmentStateQuery, variables: FulfilmentOrderFulfilmentStateQueryVariables},
  "#graphql\n  query FulfilmentOrderOrder($id: ID!) {\n    fulfillmentOrder(id: $id) {\n      id\n      order { id legacyResourceId name }\n    }\n  }\n": {return: FulfilmentOrderOrderQuery, variables: FulfilmentOrderOrderQueryVariables},
  "#graphql\n  query FulfilmentOrdersExpected($ids: [ID!]!, $lines: Int!) {\n    nodes(ids: $ids) {\n      ... on FulfillmentOrder {\n        id\n        status\n        assignedLocation { location { id } }\n        lineItems(first: $lines) {\n          nodes { ...FoLine }\n          pageInfo { hasNextPage endCursor }\n        }\n      }\n    }\n  }\n  #graphql\n  fragment FoLine on FulfillmentOrderLineItem {\n    id\n    sku\n    totalQuantity\n    remainingQuantity\n    requiresShipping\n    lineItem { id name sku variant { sku } }\n    shippingLine { title code source }\n  }\n\n": {return: FulfilmentOrdersExpectedQuery, variables: FulfilmentOrdersExpectedQueryVariables},
  "#graphql\n  query FulfilledUnits($id: ID!, $fulfilments: Int!, $lines: Int!) {\n    fulfillmentOrder(id: $id) {\n      id\n      fulfillments(first: $fulfilments) {\n        nodes {\n          status\n          fulfillmentLineItems(first: $lines) {\n            nodes { quantity lineItem { sku variant { sku } } }\n          }\n        }\n      }\n    }\n  }\n": {return: FulfilledUnitsQuery, variables: FulfilledUnitsQueryVariables},
  "#graphql\n  query FulfilmentServiceById($id: ID!) {\n    fulfillmentService(id: $id) { id location { id } }\n  }\n": {return: FulfilmentServiceByIdQuery, variables: FulfilmentServiceByIdQueryVariables},
  "#graphql\n  query AssignedFulfilmentOrders($status: FulfillmentOrderAssignmentStatus!, $after: String) {\n    assignedFulfillmentOrders(first: 50, after: $after, assignmentStatus: $status) {\n      nodes { id order { id legacyResourceId name updatedAt } }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n": {return: AssignedFulfilmentOrdersQuery, variables: AssignedFulfilmentOrdersQueryVariables},
  "#graphql\n  query StockLevels($ids: [ID!]!, $locationId: ID!) {\n    nodes(ids: $ids) {\n      ... on InventoryItem {\n        id\n        inventoryLevel(locationId: $locationId) {\n          quantities(names: [\"available\", \"committed\"]) { name quantity }\n        }\n      }\n    }\n  }\n": {return: StockLevelsQuery, variables: StockLevelsQueryVariables},
  "#graphql\n  query SettingsLocations {\n    locations(first: 50) { nodes { id name } }\n  }\n": {return: SettingsLocationsQuery, variables: SettingsLocationsQueryVariables},
  "#graphql\n  query MexicoMarketShipping {\n    markets(first: 5) {\n      nodes {\n      id\n      name\n      conditions { regionsCondition { regions(first: 50) { nodes { ... on MarketRegionCountry { code } } } } }\n      delivery {\n        shipping {\n          isEnabled\n          optionDefinitions(first: 10, active: true) {\n            nodes {\n              id\n              ... on DeliveryCarrierCalculatedOptionDefinition {\n                rateGroups(first: 1) { nodes { carrierService { id } } }\n              }\n            }\n          }\n        }\n      }\n      }\n    }\n  }\n": {return: MexicoMarketShippingQuery, variables: MexicoMarketShippingQueryVariables},
  "#graphql\n  query PaidOrderAgain($id: ID!) {\n    order(id: $id) {\n      id\n      legacyResourceId\n      name\n      cancelledAt\n      displayFinancialStatus\n      test\n      lineItems(first: 100) { nodes { id name sku quantity requiresShipping variant { sku } } }\n      shippingLines(first: 10) { nodes { title code source } }\n      shippingAddress { ...OrderAddress }\n    }\n  }\n  #graphql\n  fragment OrderAddress on MailingAddress {\n    firstName\n    lastName\n    name\n    company\n    address1\n    address2\n    city\n    province\n    provinceCode\n    zip\n    country\n    countryCodeV2\n    phone\n  }\n\n": {return: PaidOrderAgainQuery, variables: PaidOrderAgainQueryVariables},
  "#graphql\n  query OrderName($id: ID!) {\n    order(id: $id) { name }\n  }\n": {return: OrderNameQuery, variables: OrderNameQueryVariables},
  "#graphql\n  query ReconcileOrders($first: Int!, $after: String, $query: String!) {\n    orders(first: $first, after: $after, sortKey: UPDATED_AT, query: $query) {\n      nodes {\n        id\n        legacyResourceId\n        name\n        updatedAt\n        cancelledAt\n        displayFinancialStatus\n        displayFulfillmentStatus\n      }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n": {return: ReconcileOrdersQuery, variables: ReconcileOrdersQueryVariables},
  "#graphql\n  query CatalogProductVariants(\n    $id: ID!\n    $first: Int!\n    $after: String\n    $namespace: String!\n    $lengthKey: String!\n    $widthKey: String!\n    $heightKey: String!\n  ) {\n    product(id: $id) {\n      ...CatalogProduct\n      variants(first: $first, after: $after) {\n        nodes { ...CatalogVariant }\n        pageInfo { hasNextPage endCursor }\n      }\n    }\n  }\n  #graphql\n  fragment CatalogVariant on ProductVariant {\n    id\n    title\n    sku\n    barcode\n    media(first: 1) { nodes { preview { image { url } } } }\n    inventoryItem { id requiresShipping measurement { weight { unit value } } }\n    length: metafield(namespace: $namespace, key: $lengthKey) { type value }\n    width: metafield(namespace: $namespace, key: $widthKey) { type value }\n    height: metafield(namespace: $namespace, key: $heightKey) { type value }\n    product { id }\n  }\n\n  #graphql\n  fragment CatalogProduct on Product {\n    id\n    title\n    hasOnlyDefaultVariant\n    featuredMedia { preview { image { url } } }\n    length: metafield(namespace: $namespace, key: $lengthKey) { type value }\n    width: metafield(namespace: $namespace, key: $widthKey) { type value }\n    height: metafield(namespace: $namespace, key: $heightKey) { type value }\n  }\n\n": {return: CatalogProductVariantsQuery, variables: CatalogProductVariantsQueryVariables},
  "#graphql\n  query CatalogVariantsPage(\n    $first: Int!\n    $after: String\n    $namespace: String!\n    $lengthKey: String!\n    $widthKey: String!\n    $heightKey: String!\n  ) {\n    productVariants(first: $first, after: $after) {\n      nodes {\n        ...CatalogVariant\n        product { ...CatalogProduct }\n      }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n  #graphql\n  fragment CatalogVariant on ProductVariant {\n    id\n    title\n    sku\n    barcode\n    media(first: 1) { nodes { preview { image { url } } } }\n    inventoryItem { id requiresShipping measurement { weight { unit value } } }\n    length: metafield(namespace: $namespace, key: $lengthKey) { type value }\n    width: metafield(namespace: $namespace, key: $widthKey) { type value }\n    height: metafield(namespace: $namespace, key: $heightKey) { type value }\n    product { id }\n  }\n\n  #graphql\n  fragment CatalogProduct on Product {\n    id\n    title\n    hasOnlyDefaultVariant\n    featuredMedia { preview { image { url } } }\n    length: metafield(namespace: $namespace, key: $lengthKey) { type value }\n    width: metafield(namespace: $namespace, key: $widthKey) { type value }\n    height: metafield(namespace: $namespace, key: $heightKey) { type value }\n  }\n\n": {return: CatalogVariantsPageQuery, variables: CatalogVariantsPageQueryVariables},
  "#graphql\n  query CatalogVariantsCount {\n    productVariantsCount(limit: null) { count }\n  }\n": {return: CatalogVariantsCountQuery, variables: CatalogVariantsCountQueryVariables},
  "#graphql\n  query CatalogInventoryItem($id: ID!) {\n    inventoryItem(id: $id) {\n      id\n      variants(first: 1) { nodes { id product { id } } }\n    }\n  }\n": {return: CatalogInventoryItemQuery, variables: CatalogInventoryItemQueryVariables},
}

interface GeneratedMutationTypes {
  "#graphql\n  mutation CatalogBulkRead($query: String!) {\n    bulkOperationRunQuery(query: $query) {\n      bulkOperation { id }\n      userErrors { field message code }\n    }\n  }\n": {return: CatalogBulkReadMutation, variables: CatalogBulkReadMutationVariables},
  "#graphql\n  mutation CarrierServiceCreate($input: DeliveryCarrierServiceCreateInput!) {\n    carrierServiceCreate(input: $input) {\n      carrierService { ...CarrierServiceState }\n      userErrors { field message }\n    }\n  }\n  #graphql\n  fragment CarrierServiceState on DeliveryCarrierService {\n    id\n    name\n    callbackUrl\n    active\n  }\n\n": {return: CarrierServiceCreateMutation, variables: CarrierServiceCreateMutationVariables},
  "#graphql\n  mutation CarrierServiceUpdate($input: DeliveryCarrierServiceUpdateInput!) {\n    carrierServiceUpdate(input: $input) {\n      carrierService { ...CarrierServiceState }\n      userErrors { field message }\n    }\n  }\n  #graphql\n  fragment CarrierServiceState on DeliveryCarrierService {\n    id\n    name\n    callbackUrl\n    active\n  }\n\n": {return: CarrierServiceUpdateMutation, variables: CarrierServiceUpdateMutationVariables},
  "#graphql\n  mutation DeliveryProfileUpdate($id: ID!, $profile: DeliveryProfileInput!) {\n    deliveryProfileUpdate(id: $id, profile: $profile) {\n      profile { id }\n      userErrors { field message }\n    }\n  }": {return: DeliveryProfileUpdateMutation, variables: DeliveryProfileUpdateMutationVariables},
  "#graphql\n  mutation FlowTriggerReceive($handle: String!, $payload: JSON!) {\n    flowTriggerReceive(handle: $handle, payload: $payload) {\n      userErrors {\n        field\n        message\n      }\n    }\n  }\n": {return: FlowTriggerReceiveMutation, variables: FlowTriggerReceiveMutationVariables},
  "#graphql\n  mutation HoldForAddress($id: ID!, $hold: FulfillmentOrderHoldInput!) {\n    fulfillmentOrderHold(id: $id, fulfillmentHold: $hold) {\n      fulfillmentHold {\n        id\n      }\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n": {return: HoldForAddressMutation, variables: HoldForAddressMutationVariables},
  "#graphql\n  mutation ReleaseAppHold($id: ID!, $holdIds: [ID!]) {\n    fulfillmentOrderReleaseHold(id: $id, holdIds: $holdIds) {\n      fulfillmentOrder {\n        id\n        status\n      }\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n": {return: ReleaseAppHoldMutation, variables: ReleaseAppHoldMutationVariables},
  "#graphql\n  mutation ReportWarehouseProgress($id: ID!, $notes: String) {\n    fulfillmentOrderReportProgress(id: $id, progressReport: { reasonNotes: $notes }) {\n      fulfillmentOrder { id status }\n      userErrors { field message code }\n    }\n  }\n": {return: ReportWarehouseProgressMutation, variables: ReportWarehouseProgressMutationVariables},
  "#graphql\n  mutation RegisterFulfilmentService($name: String!, $callbackUrl: URL!) {\n    fulfillmentServiceCreate(name: $name, callbackUrl: $callbackUrl, trackingSupport: true, inventoryManagement: true) {\n      fulfillmentService { id location { id } }\n      userErrors { field message }\n    }\n  }\n": {return: RegisterFulfilmentServiceMutation, variables: RegisterFulfilmentServiceMutationVariables},
  "#graphql\n  mutation RemoveFulfilmentService($id: ID!) {\n    fulfillmentServiceDelete(id: $id) {\n      deletedId\n      userErrors { field message }\n    }\n  }\n": {return: RemoveFulfilmentServiceMutation, variables: RemoveFulfilmentServiceMutationVariables},
  "#graphql\n  mutation AcceptFulfilmentRequest($id: ID!, $message: String, $estimatedShippedAt: DateTime) {\n    fulfillmentOrderAcceptFulfillmentRequest(id: $id, message: $message, estimatedShippedAt: $estimatedShippedAt) {\n      fulfillmentOrder { id }\n      userErrors { field message }\n    }\n  }\n": {return: AcceptFulfilmentRequestMutation, variables: AcceptFulfilmentRequestMutationVariables},
  "#graphql\n  mutation RejectFulfilmentRequest($id: ID!, $message: String, $reason: FulfillmentOrderRejectionReason) {\n    fulfillmentOrderRejectFulfillmentRequest(id: $id, message: $message, reason: $reason) {\n      fulfillmentOrder { id }\n      userErrors { field message }\n    }\n  }\n": {return: RejectFulfilmentRequestMutation, variables: RejectFulfilmentRequestMutationVariables},
  "#graphql\n  mutation AcceptCancellationRequest($id: ID!, $message: String) {\n    fulfillmentOrderAcceptCancellationRequest(id: $id, message: $message) {\n      fulfillmentOrder { id }\n      userErrors { field message }\n    }\n  }\n": {return: AcceptCancellationRequestMutation, variables: AcceptCancellationRequestMutationVariables},
  "#graphql\n  mutation RejectCancellationRequest($id: ID!, $message: String) {\n    fulfillmentOrderRejectCancellationRequest(id: $id, message: $message) {\n      fulfillmentOrder { id }\n      userErrors { field message }\n    }\n  }\n": {return: RejectCancellationRequestMutation, variables: RejectCancellationRequestMutationVariables},
  "#graphql\n  mutation CreateFulfilment($fulfillment: FulfillmentInput!) {\n    fulfillmentCreate(fulfillment: $fulfillment) {\n      fulfillment { id }\n      userErrors { field message }\n    }\n  }\n": {return: CreateFulfilmentMutation, variables: CreateFulfilmentMutationVariables},
  "#graphql\n  mutation UpdateTracking($fulfillmentId: ID!, $trackingInfoInput: FulfillmentTrackingInput!, $notifyCustomer: Boolean) {\n    fulfillmentTrackingInfoUpdate(\n      fulfillmentId: $fulfillmentId\n      trackingInfoInput: $trackingInfoInput\n      notifyCustomer: $notifyCustomer\n    ) {\n      fulfillment { id }\n      userErrors { field message }\n    }\n  }\n": {return: UpdateTrackingMutation, variables: UpdateTrackingMutationVariables},
  "#graphql\n  mutation SetStockLevels($input: InventorySetQuantitiesInput!, $idempotencyKey: String!) {\n    inventorySetQuantities(input: $input) @idempotent(key: $idempotencyKey) {\n      userErrors { code field message }\n    }\n  }\n": {return: SetStockLevelsMutation, variables: SetStockLevelsMutationVariables},
  "#graphql\n  mutation StockAtWarehouse($inventoryItemId: ID!, $locationId: ID!, $available: Int, $idempotencyKey: String!) {\n    inventoryActivate(inventoryItemId: $inventoryItemId, locationId: $locationId, available: $available)\n      @idempotent(key: $idempotencyKey) {\n      inventoryLevel { id }\n      userErrors { field message }\n    }\n  }\n": {return: StockAtWarehouseMutation, variables: StockAtWarehouseMutationVariables},
  "#graphql\n  mutation AddMarketCarrierOption($id: ID!, $input: MarketUpdateInput!) {\n    marketUpdate(id: $id, input: $input) {\n      market { id }\n      userErrors { field message code }\n    }\n  }\n": {return: AddMarketCarrierOptionMutation, variables: AddMarketCarrierOptionMutationVariables},
  "#graphql\n  mutation WriteFulfilmentNote($id: ID!, $remove: [String!]!, $add: [String!]!, $metafields: [MetafieldsSetInput!]!) {\n    tagsRemove(id: $id, tags: $remove) { userErrors { field message } }\n    tagsAdd(id: $id, tags: $add) { userErrors { field message } }\n    metafieldsSet(metafields: $metafields) { userErrors { field message } }\n  }\n": {return: WriteFulfilmentNoteMutation, variables: WriteFulfilmentNoteMutationVariables},
}
declare module '@shopify/admin-api-client' {
  type InputMaybe<T> = AdminTypes.InputMaybe<T>;
  interface AdminQueries extends GeneratedQueryTypes {}
  interface AdminMutations extends GeneratedMutationTypes {}
}
