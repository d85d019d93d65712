/** The shop's locations (where stock can be kept). */
import type { AdminGraphql } from "./client";
import { dataOf } from "./errors";
import type { SettingsLocationsQuery } from "./types/admin.generated";

export interface Location {
  id: string;
  name: string;
}

const LOCATIONS = `#graphql
  query SettingsLocations {
    locations(first: 50) { nodes { id name } }
  }
`;

/** The shop's first 50 locations. */
export async function listLocations(admin: AdminGraphql): Promise<Location[]> {
  return dataOf(await admin<SettingsLocationsQuery>(LOCATIONS), "locations").locations.nodes.map(({ id, name }) => ({
    id,
    name,
  }));
}
