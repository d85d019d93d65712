// Shopify's app-template convention: graphql-codegen with Shopify's Admin API preset, here fed the
// published 2026-10 schema from @shopify/dev-mcp (scripts/admin-codegen.ts) instead of the network.
import { adminCodegenProject } from "./scripts/admin-codegen";

export default { projects: { default: adminCodegenProject() } };
