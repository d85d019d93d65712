import { cleanText } from "./normalize";
import type { AddressWarning, ShopifyAddress } from "./types";

/** The recipient to send, with what the merchant should know about it. */
export type Recipient = { value: string; warnings: AddressWarning[] };

/** The recipient's name: first and last name, else `name`, else the company as a last resort. */
export function resolveRecipient(address: ShopifyAddress): Recipient {
  const fullName = [cleanText(address.first_name), cleanText(address.last_name)].filter(Boolean).join(" ");
  const value = fullName || cleanText(address.name);
  if (value) return { value, warnings: [] };
  const company = cleanText(address.company) || cleanText(address.company_name);
  if (company) {
    return {
      value: company,
      warnings: [
        {
          field: "recipient",
          code: "recipientFromCompany",
          params: {},
          message: "no recipient name; sent the company name",
          original: company,
        },
      ],
    };
  }
  return {
    value: "",
    warnings: [{ field: "recipient", code: "noRecipient", params: {}, message: "no recipient name given" }],
  };
}
