import type {
  DeliveryProfileRecord,
  LocationGroupRecord,
  MethodDefinitionRecord,
  ZoneCountryRecord,
  ZoneRecord,
} from "../../delivery/delivery-records";
import { assignVariants } from "../../delivery/delivery-state";
import type { ShopState } from "../../state/shop-state";
import type { StoreContext } from "../context";
import { deliveryProfileView } from "../views/delivery-profile-views";
import { requireGid } from "../views/node";

interface MoneyInput {
  amount: string;
  currencyCode: string;
}
interface MethodInput {
  id?: string | null;
  name?: string | null;
  description?: string | null;
  active?: boolean | null;
  rateDefinition?: { id?: string | null; price: MoneyInput } | null;
  participant?: {
    id?: string | null;
    carrierServiceId?: string | null;
    adaptToNewServices?: boolean | null;
    fixedFee?: MoneyInput | null;
    percentageOfRateFee?: number | null;
  } | null;
}
interface CountryInput {
  code?: string | null;
  includeAllProvinces?: boolean | null;
  provinces?: { code: string }[] | null;
  restOfWorld?: boolean | null;
}
interface ZoneInput {
  id?: string | null;
  name?: string | null;
  countries?: CountryInput[] | null;
  methodDefinitionsToCreate?: MethodInput[] | null;
  methodDefinitionsToUpdate?: MethodInput[] | null;
}
interface LocationGroupInput {
  id?: string | null;
  locations?: string[] | null;
  locationsToAdd?: string[] | null;
  locationsToRemove?: string[] | null;
  zonesToCreate?: ZoneInput[] | null;
  zonesToUpdate?: ZoneInput[] | null;
}
interface ProfileInput {
  name?: string | null;
  coversAllItems?: boolean | null;
  locationGroupsToCreate?: LocationGroupInput[] | null;
  locationGroupsToUpdate?: LocationGroupInput[] | null;
  locationGroupsToDelete?: string[] | null;
  zonesToDelete?: string[] | null;
  methodDefinitionsToDelete?: string[] | null;
  variantsToAssociate?: string[] | null;
  variantsToDissociate?: string[] | null;
}

interface UserError {
  field: string[] | null;
  message: string;
}

/** A refusal inside a nested input: answered as one user error, nothing applied. */
class Refusal extends Error {
  constructor(
    readonly field: string[],
    message: string,
  ) {
    super(message);
  }
}

export function deliveryProfileMutations(ctx: StoreContext) {
  const { shop } = ctx;
  const answer = (profile: DeliveryProfileRecord | null, userErrors: UserError[]) => ({
    profile: profile && userErrors.length === 0 ? deliveryProfileView(ctx, profile) : null,
    userErrors,
  });
  return {
    deliveryProfileUpdate: ({ id, profile: input }: { id: string; profile: ProfileInput }) => {
      requireGid(id);
      const profile = shop.deliveryProfiles.get(id);
      if (!profile) return answer(null, [{ field: ["id"], message: "Profile could not be updated." }]);
      // Market-driven shipping: writes to a merchant's profiles "succeed without errors but will not
      // update" (changelog "Merchant-owned delivery profile APIs are deprecated for market-driven
      // shipping"); the shipping the buyer sees lives in the market.
      if (shop.shippingModel.marketDriven && !profile.appOwned) return answer(profile, []);
      return applyAtomically(shop, profile, input, answer);
    },
    deliveryProfileCreate: ({ profile: input }: { profile: ProfileInput }) => {
      if (!input.name?.trim()) return answer(null, [{ field: ["profile", "name"], message: "Name can't be blank" }]);
      const profile: DeliveryProfileRecord = {
        id: shop.ids.next("DeliveryProfile"),
        name: input.name,
        isDefault: false,
        // Profiles an app creates are app-owned: merchant shipping settings never show them as their own.
        appOwned: true,
        coversAllItems: false,
        variantIds: new Set(),
        locationGroups: [],
        version: 0,
      };
      const result = applyAtomically(shop, profile, input, answer);
      if (result.userErrors.length === 0) shop.deliveryProfiles.set(profile.id, profile);
      return result;
    },
  };
}

/** Applies the whole input to a copy and keeps it only if nothing was refused, as Shopify does. */
function applyAtomically<T>(
  shop: ShopState,
  profile: DeliveryProfileRecord,
  input: ProfileInput,
  answer: (profile: DeliveryProfileRecord | null, errors: UserError[]) => T,
): T {
  const draft = structuredClone(profile);
  try {
    apply(shop, draft, input);
  } catch (error) {
    if (error instanceof Refusal) return answer(null, [{ field: ["profile", ...error.field], message: error.message }]);
    throw error;
  }
  Object.assign(profile, { ...draft, variantIds: profile.variantIds, version: profile.version + 1 });
  if (input.variantsToAssociate?.length) {
    if (profile.appOwned) for (const v of input.variantsToAssociate) profile.variantIds.add(v);
    else assignVariants(shop, profile, input.variantsToAssociate);
  }
  for (const v of input.variantsToDissociate ?? []) profile.variantIds.delete(v);
  return answer(profile, []);
}

function apply(shop: ShopState, profile: DeliveryProfileRecord, input: ProfileInput): void {
  if (input.name != null) {
    if (!input.name.trim()) throw new Refusal(["name"], "Name can't be blank");
    profile.name = input.name;
  }
  if (input.coversAllItems != null) {
    if (!profile.appOwned)
      throw new Refusal(["coversAllItems"], "coversAllItems is only supported on app-owned profiles");
    if (!shop.shippingModel.coversAllItemsEnabled)
      throw new Refusal(["coversAllItems"], "coversAllItems is not enabled for this shop");
    profile.coversAllItems = input.coversAllItems;
  }
  for (const id of [...(input.variantsToAssociate ?? []), ...(input.variantsToDissociate ?? [])]) {
    requireGid(id);
    if (!shop.variants.has(id)) throw new Refusal(["variantsToAssociate"], `Product variant ${id} does not exist`);
    if (profile.isDefault)
      throw new Refusal(["variantsToAssociate"], "Variants can't be assigned to the default profile");
  }
  for (const id of input.methodDefinitionsToDelete ?? []) {
    const zone = profile.locationGroups.flatMap((g) => g.zones).find((z) => z.methods.some((m) => m.id === id));
    if (!zone) throw new Refusal(["methodDefinitionsToDelete"], `Method definition ${id} does not exist`);
    zone.methods = zone.methods.filter((m) => m.id !== id);
  }
  for (const id of input.zonesToDelete ?? []) {
    const group = profile.locationGroups.find((g) => g.zones.some((z) => z.id === id));
    if (!group) throw new Refusal(["zonesToDelete"], `Zone ${id} does not exist`);
    group.zones = group.zones.filter((z) => z.id !== id);
  }
  for (const id of input.locationGroupsToDelete ?? []) {
    if (!profile.locationGroups.some((g) => g.id === id))
      throw new Refusal(["locationGroupsToDelete"], `Location group ${id} does not exist`);
    profile.locationGroups = profile.locationGroups.filter((g) => g.id !== id);
  }
  for (const groupInput of input.locationGroupsToCreate ?? []) {
    const group: LocationGroupRecord = { id: shop.ids.next("DeliveryLocationGroup"), locationIds: [], zones: [] };
    setLocations(shop, group, groupInput.locations ?? groupInput.locationsToAdd ?? [], "locationGroupsToCreate");
    for (const zone of groupInput.zonesToCreate ?? []) group.zones.push(createZone(shop, group, zone));
    profile.locationGroups.push(group);
  }
  for (const groupInput of input.locationGroupsToUpdate ?? []) {
    const group = profile.locationGroups.find((g) => g.id === groupInput.id);
    if (!groupInput.id || !group) throw new Refusal(["locationGroupsToUpdate", "id"], "Location group does not exist");
    if (groupInput.locations) setLocations(shop, group, groupInput.locations, "locationGroupsToUpdate");
    if (groupInput.locationsToAdd)
      setLocations(shop, group, [...group.locationIds, ...groupInput.locationsToAdd], "locationGroupsToUpdate");
    group.locationIds = group.locationIds.filter((id) => !groupInput.locationsToRemove?.includes(id));
    for (const zone of groupInput.zonesToCreate ?? []) group.zones.push(createZone(shop, group, zone));
    for (const zoneInput of groupInput.zonesToUpdate ?? []) updateZone(shop, group, zoneInput);
  }
}

function setLocations(shop: ShopState, group: LocationGroupRecord, ids: string[], field: string): void {
  for (const id of ids)
    if (!shop.locations.has(id)) throw new Refusal([field, "locations"], `Location ${id} does not exist`);
  group.locationIds = [...new Set(ids)];
}

function createZone(shop: ShopState, group: LocationGroupRecord, input: ZoneInput): ZoneRecord {
  if (!input.name?.trim()) throw new Refusal(["zonesToCreate", "name"], "Zone name can't be blank");
  if (!input.countries?.length)
    throw new Refusal(["zonesToCreate", "countries"], "Zone must have at least one country");
  const zone: ZoneRecord = { id: shop.ids.next("DeliveryZone"), name: input.name, countries: [], methods: [] };
  zone.countries = input.countries.map((c) => country(shop, c));
  checkCountriesFree(group, zone);
  for (const method of input.methodDefinitionsToCreate ?? []) zone.methods.push(createMethod(shop, method));
  return zone;
}

function updateZone(shop: ShopState, group: LocationGroupRecord, input: ZoneInput): void {
  const zone = group.zones.find((z) => z.id === input.id);
  if (!input.id || !zone) throw new Refusal(["zonesToUpdate", "id"], "Zone does not exist");
  if (input.name != null) zone.name = input.name;
  if (input.countries) {
    zone.countries = input.countries.map((c) => country(shop, c));
    checkCountriesFree(group, zone);
  }
  for (const method of input.methodDefinitionsToCreate ?? []) zone.methods.push(createMethod(shop, method));
  for (const methodInput of input.methodDefinitionsToUpdate ?? []) {
    const method = zone.methods.find((m) => m.id === methodInput.id);
    if (!methodInput.id || !method)
      throw new Refusal(["methodDefinitionsToUpdate", "id"], "Method definition does not exist");
    if (methodInput.name != null) method.name = methodInput.name;
    if (methodInput.active != null) method.active = methodInput.active;
    if (methodInput.description !== undefined) method.description = methodInput.description ?? null;
  }
}

/** Shopify keeps a country in at most one zone of a location group. */
function checkCountriesFree(group: LocationGroupRecord, zone: ZoneRecord): void {
  for (const other of group.zones) {
    if (other.id === zone.id) continue;
    const taken = other.countries.find((c) => zone.countries.some((mine) => mine.code === c.code));
    if (taken)
      throw new Refusal(
        ["zonesToCreate", "countries"],
        `${taken.code ?? "Rest of World"} is already in zone ${other.name}`,
      );
  }
}

function country(shop: ShopState, input: CountryInput): ZoneCountryRecord {
  if (input.restOfWorld) return { id: shop.ids.next("DeliveryCountry"), code: null, provinces: "all" };
  if (!input.code) throw new Refusal(["countries", "code"], "Country code or restOfWorld is required");
  const provinces = input.includeAllProvinces || !input.provinces?.length ? "all" : input.provinces.map((p) => p.code);
  return { id: shop.ids.next("DeliveryCountry"), code: input.code, provinces };
}

function createMethod(shop: ShopState, input: MethodInput): MethodDefinitionRecord {
  if (!input.name?.trim())
    throw new Refusal(["methodDefinitionsToCreate", "name"], "Method definition name can't be blank");
  if (Boolean(input.rateDefinition) === Boolean(input.participant))
    throw new Refusal(
      ["methodDefinitionsToCreate"],
      "A method definition needs exactly one of rateDefinition or participant",
    );
  const base = {
    id: shop.ids.next("DeliveryMethodDefinition"),
    name: input.name,
    description: input.description ?? null,
    active: input.active ?? true,
  };
  if (input.rateDefinition) {
    if (!/^\d+(\.\d+)?$/.test(input.rateDefinition.price.amount))
      throw new Refusal(
        ["methodDefinitionsToCreate", "rateDefinition", "price"],
        "Price must be a non-negative amount",
      );
    return {
      ...base,
      rateProvider: { kind: "rate", id: shop.ids.next("DeliveryRateDefinition"), price: input.rateDefinition.price },
    };
  }
  const participant = input.participant!;
  const carrierId = participant.carrierServiceId;
  if (!carrierId || !shop.carrierServices.has(carrierId))
    throw new Refusal(
      ["methodDefinitionsToCreate", "participant", "carrierServiceId"],
      "The carrier or app could not be found.",
    );
  const percentage = participant.percentageOfRateFee ?? 0;
  if (percentage < 0)
    throw new Refusal(
      ["methodDefinitionsToCreate", "participant", "percentageOfRateFee"],
      "Percentage of rate fee must be 0 or more",
    );
  return {
    ...base,
    rateProvider: {
      kind: "participant",
      id: shop.ids.next("DeliveryParticipant"),
      carrierServiceId: carrierId,
      adaptToNewServices: participant.adaptToNewServices ?? true,
      fixedFee: participant.fixedFee ?? null,
      percentageOfRateFee: percentage,
    },
  };
}
