/**
 * The address parser's warnings are English sentences (kept on the record, read by support).
 * Pedidos shows them in the merchant's language: each is recognised here as a code with its
 * parameters (pure) and translated from `orders.warnings.<code>`; one without a code is shown as
 * written. Keep a pattern next to every warning the parser writes (test/unit/address/warning-codes.test.ts).
 */
import { matchCodedMessage, type CodedMessage } from "../i18n/coded-message";

export const WARNING_CODES = [
  "stateMismatch",
  "unknownState",
  "unknownStateFromPostalCode",
  "noStateFromPostalCode",
  "noState",
  "noCountry",
  "noCity",
  "noPhone",
  "phoneNot10Digits",
  "noPostalCode",
  "postalCodeFourDigits",
  "postalCodeInvalid",
  "postalCodeFromLine",
  "postalCodeInLine",
  "recipientFromCompany",
  "noRecipient",
  "lotAsStreet",
  "noStreet",
  "noExteriorNumber",
  "noColonia",
  "buildingAfterNumber",
  "interiorAfterNumber",
  "interiorWithoutLabel",
  "building",
  "coloniaWithoutLabel",
  "unclearKeptInStreet",
  "unclearAsInterior",
] as const;

type WarningCode = (typeof WARNING_CODES)[number];

export type WarningMessage = CodedMessage<WarningCode>;

const PATTERNS: ReadonlyArray<readonly [WarningCode, RegExp]> = [
  ["stateMismatch", /^postal code (?<cp>.+?) is in (?<byCp>.+), not (?<state>.+); check the address$/s],
  ["unknownState", /^unknown state "(?<given>.*)"; sent as given$/],
  ["noState", /^no state given$/],
  [
    "unknownStateFromPostalCode",
    /^unknown state "(?<given>.*)"; sent (?<state>.+), the state of postal code (?<cp>\S+)$/,
  ],
  ["noStateFromPostalCode", /^no state given; sent (?<state>.+), the state of postal code (?<cp>\S+)$/],
  ["noCountry", /^no country given; assumed Mexico from the state and postal code$/],
  ["noCity", /^no city given$/],
  ["noPhone", /^no phone number; the service needs one reachable by WhatsApp$/],
  ["phoneNot10Digits", /^phone "(?<phone>.*)" is not a 10-digit Mexican number; sent as given$/],
  ["noPostalCode", /^no postal code given$/],
  ["postalCodeFourDigits", /^postal code "(?<given>.*)" has four digits; sent "(?<sent>.*)"$/],
  ["postalCodeInvalid", /^"(?<given>.*)" is not a valid Mexican postal code; sent "(?<sent>.*)"$/],
  ["postalCodeFromLine", /^no postal code given; took (?<cp>.+?) from the address line$/s],
  ["postalCodeInLine", /^an address line mentions postal code (?<cp>.+?); sent (?<sent>.*)$/s],
  ["recipientFromCompany", /^no recipient name; sent the company name$/],
  ["noRecipient", /^no recipient name given$/],
  ["lotAsStreet", /^no street name; sent the block and lot "(?<lot>.*)" as the street$/],
  ["noStreet", /^no street name found in the address lines$/],
  ["noExteriorNumber", /^no exterior number found; sent "S\/N"$/],
  ["noColonia", /^no colonia found; the service requires one$/],
  [
    "buildingAfterNumber",
    /^took "(?<text>.*)" after the house number as a building's name; sent it in the interior reference$/,
  ],
  ["interiorAfterNumber", /^took "(?<text>.*)" after the house number as the interior number$/],
  ["interiorWithoutLabel", /^no "Int\." label; took "(?<text>.*)" as the interior number$/],
  ["building", /^took "(?<text>.*)" as a building's name; sent it in the interior reference$/],
  ["coloniaWithoutLabel", /^no "Col\." label; took "(?<text>.*)" as the colonia$/],
  ["unclearKeptInStreet", /^could not tell what "(?<text>.*)" is; kept it in the street$/s],
  ["unclearAsInterior", /^could not tell what "(?<text>.*)" is; sent it as the interior reference$/s],
];

export function warningMessage(text: string | null | undefined): WarningMessage | null {
  return matchCodedMessage(PATTERNS, text);
}
