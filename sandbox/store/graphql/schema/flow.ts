/** Shopify Flow's trigger intake, as in the Admin API 2026-10 (the deprecated `body` included). */
export const flowSdl = /* GraphQL */ `
  type FlowTriggerReceivePayload {
    userErrors: [UserError!]!
  }

  extend type Mutation {
    flowTriggerReceive(
      body: String @deprecated(reason: "Use \`payload\` and \`handle\` to execute your Flow trigger.")
      handle: String
      payload: JSON
    ): FlowTriggerReceivePayload
  }
`;
