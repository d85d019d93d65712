/**
 * Pure: when a fulfilment order's destination cannot be delivered as it stands, and what the app
 * says about it — the record's reason (a code of reason-codes.ts), the
 * Spanish note on the app's Shopify hold, and the WhatsApp message asking the buyer for the detail.
 * Words the merchant or buyer reads come from the message catalogues only.
 */
import type { AddressWarning } from "../../address";
import { normalizePhone } from "../../address/phone";
import { storedWarning } from "../../address/warning-codes";
import { translator } from "../../i18n/locale";
import { reason, type ReasonMessage } from "./reason-codes";

export type AddressProblem =
  | { code: "noExteriorNumber" }
  | { code: "postalCodeState"; cp: string; byCp: string; state: string }
  /** The service refused the destination (409 SHP-003): no carrier serves postal code `cp`. */
  | { code: "destinationNotServed"; cp: string };

/** The first warning that makes the destination undeliverable as it stands; null when it can go. */
export function addressProblem(warnings: readonly AddressWarning[]): AddressProblem | null {
  for (const warning of warnings) {
    const coded = storedWarning(warning);
    if (coded?.code === "noExteriorNumber") return { code: "noExteriorNumber" };
    if (coded?.code === "stateMismatch") {
      const { cp = "", byCp = "", state = "" } = coded.params;
      return { code: "postalCodeState", cp, byCp, state };
    }
  }
  return null;
}

/** The record's reason while the app's hold is on. */
export function addressHoldReason(problem: AddressProblem): ReasonMessage {
  switch (problem.code) {
    case "noExteriorNumber":
      return reason("addressHeldNoNumber");
    case "postalCodeState":
      return reason("addressHeldPostalCode", { cp: problem.cp, byCp: problem.byCp, state: problem.state });
    case "destinationNotServed":
      return reason("addressHeldNotServed", { cp: problem.cp });
  }
}

/** The problem a stored reason stands for (the inverse of addressHoldReason); null for any other. */
export function problemOfReason(stored: ReasonMessage | null | undefined): AddressProblem | null {
  const p = stored?.params ?? {};
  switch (stored?.code) {
    case "addressHeldNoNumber":
      return { code: "noExteriorNumber" };
    case "addressHeldNotServed":
      return { code: "destinationNotServed", cp: p.cp ?? "" };
    case "addressHeldPostalCode":
      return { code: "postalCodeState", cp: p.cp ?? "", byCp: p.byCp ?? "", state: p.state ?? "" };
    default:
      return null;
  }
}

/** The record's reason once the merchant chose "Enviar tal cual": the job releases the app's hold and sends. */
export const SENT_AS_IT_STANDS = reason("merchantSentAsItStands");

const es = translator("es");

/** The hold's note in Shopify, in Spanish: what is wrong with the address. */
export function addressHoldNotes(problem: AddressProblem): string {
  return es.format(es.messages.orders.addressHold.notes[problem.code], params(problem));
}

/**
 * A wa.me link to the buyer with a Spanish message asking for the missing detail; null without a
 * phone that is clearly a Mexican number (normalised to +52).
 * @internal
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
  reason: ReasonMessage | null;
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
