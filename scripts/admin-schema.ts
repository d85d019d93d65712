// Prepares `npm run graphql-codegen`: the published schema, where Shopify's preset reads it.
import { writeAdminSchemaFile } from "./admin-codegen";

console.log(`wrote ${writeAdminSchemaFile()}`);
