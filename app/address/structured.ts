import { RESERVED_DELIMITER, splitAddress1, splitAddress2 } from "@shopify/worldwide";
import { chunkLine, type Chunk } from "./chunks";
import { toText } from "./normalize";

/**
 * Chunks the address lines. A line carrying Shopify's U+2060 delimiter comes from the checkout's
 * additional address fields, so `@shopify/worldwide` splits it and each sub-field's unlabelled
 * text is taken as that sub-field (street number, interior line, colonia); other lines are free
 * text.
 */
export function chunkAddressLines(address1: unknown, address2: unknown, address3: unknown): Chunk[] {
  return [...chunkLine1(toText(address1)), ...chunkLine2(toText(address2)), ...chunkLine(toText(address3), 3)];
}

function chunkLine1(line: string): Chunk[] {
  const parts = line.includes(RESERVED_DELIMITER) ? splitAddress1("MX", line) : null;
  if (!parts) return chunkLine(line, 1);
  const number = chunkLine(parts.streetNumber ?? "", 1, "exterior").map((c) => ({ ...c, inField: true }));
  return [...chunkLine(parts.streetName ?? "", 1), ...number];
}

function chunkLine2(line: string): Chunk[] {
  const parts = line.includes(RESERVED_DELIMITER) ? splitAddress2("MX", line) : null;
  if (!parts) return chunkLine(line, 2);
  return [...chunkLine(parts.line2 ?? "", 2, "interior"), ...chunkLine(parts.neighborhood ?? "", 2, "neighborhood")];
}
