/**
 * Pure: when a fulfilment order's destination cannot be delivered as it stands, and what the app
 * says about it — the record's reason (an English sentence the Pedidos page reads as a code), the
 * Spanish note on the app's Shopify hold, and the WhatsApp message asking the buyer for the detail.
 * Words the merchant or buyer reads come from the message catalogues only.
 */
import type { AddressWarning } from "../address";
import { normalizePhone } from "../address/phone";
import { warningMessage } from "../address/warning-codes";
import { translator } from "../i18n/locale";

export type AddressProblem =
  | { code: "noExteriorNumber" }
  | { code: "postalCodeState"; cp: string; byCp: string; state: string }
  /** The service refused the destination (409 SHP-003): no carrier serves postal code `cp`. */
  | { code: "destinationNotServed"; cp: string };

/** The first warning that makes the destination undeliverable as it stands; null when it can go. */
export function addressProblem(warnings: readonly AddressWarning[]): AddressProblem | null {
  for (const warning of warnings) {
    const coded = warningMessage(warning.message);
    if (coded?.code === "noExteriorNumber") return { code: "noExteriorNumber" };
    if (coded?.code === "stateMismatch") {
      const { cp = "", byCp = "", state = "" } = coded.params;
      return { code: "postalCodeState", cp, byCp, state };
    }
  }
  return null;
}

const HELD = "it goes to the warehouse once the buyer's address is corrected in Shopify";

/** The record's reason while the app's hold is on (reason-codes.ts reads it back as a code). */
export function addressHoldReason(problem: AddressProblem): string {
  switch (problem.code) {
    case "noExteriorNumber":
      return `held in Shopify: the shipping address has no exterior number; ${HELD}`;
    case "postalCodeState":
      return `held in Shopify: postal code ${problem.cp} is in ${problem.byCp}, not ${problem.state}; ${HELD}`;
    case "destinationNotServed":
      return `held in Shopify: the service serves no destination at postal code ${problem.cp}; ${HELD}`;
  }
}

/** The problem a reason sentence stands for (the inverse of addressHoldReason); null for any other. */
export function problemOfReason(reason: string | null | undefined): AddressProblem | null {
  if (!reason) return null;
  if (reason === addressHoldReason({ code: "noExteriorNumber" })) return { code: "noExteriorNumber" };
  const served = /^held in Shopify: the service serves no destination at postal code (?<cp>.+?); it goes/s.exec(reason);
  if (served?.groups) return { code: "destinationNotServed", cp: served.groups.cp! };
  const postal = /^held in Shopify: postal code (?<cp>.+?) is in (?<byCp>.+), not (?<state>.+?); it goes/s.exec(reason);
  if (postal?.groups)
    return { code: "postalCodeState", cp: postal.groups.cp!, byCp: postal.groups.byCp!, state: postal.groups.state! };
  return null;
}

/** The record's reason once the merchant chose "Enviar tal cual": the job releases the app's hold and sends. */
export const SENT_AS_IT_STANDS = "the merchant sends it with the address as it stands";

const es = translator("es");

/** The hold's note in Shopify, in Spanish: what is wrong with the address. */
export function addressHoldNotes(problem: AddressProblem): string {
  return es.format(es.messages.orders.addressHold.notes[problem.code], params(problem));
}

/**
 * A wa.me link to the buyer with a Spanish message asking for the missing detail; null without a
 * phone that is clearly a Mexican number (normalised to +52).
 */
export function whatsappLink(args: {
  phone: string | null | undefined;
  orderName: string;
  problem: AddressProblem;
}): string | null {
  const phone = normalizePhone(args.phone ?? "");
  if (phone.warnings.length > 0 || !/^\d{10}$/.test(phone.value)) return null;
  const text = es.format(es.messages.orders.addressHold.whatsapp[args.problem.code], {
    order: args.orderName,
    ...params(args.problem),
  });
  return `https://wa.me/52${phone.value}?text=${encodeURIComponent(text)}`;
}

/** The WhatsApp link of a record the app holds for its address (its stored order's phone); null otherwise. */
export function whatsappLinkOfRecord(record: {
  reason: string | null;
  orderName: string;
  phone: string | null | undefined;
}): string | null {
  const problem = problemOfReason(record.reason);
  return problem ? whatsappLink({ phone: record.phone, orderName: record.orderName, problem }) : null;
}

function params(problem: AddressProblem): Record<string, string> {
  const { code: _code, ...rest } = problem;
  return rest;
}
