// Search as a merchant types it: case and accents do not matter («jabon» finds «Jabón»). The
// column and the query are folded the same way — lower case, the accented letters of Spanish and
// its neighbours replaced by their plain ones — inside PostgreSQL, so no extension is needed.
import { Prisma } from "@prisma/client";

const ACCENTED = "áàâäãåéèêëíìîïóòôöõúùûüñçÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ";
const PLAIN = "aaaaaaeeeeiiiiooooouuuuncaaaaaaeeeeiiiiooooouuuunc";

/** The text folded as the columns are: "Jabón" → "jabon". */
function foldForSearch(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .normalize("NFC")
    .toLowerCase();
}

/** A LIKE pattern matching `text` anywhere, its own % and _ taken literally. */
function containsPattern(text: string): string {
  return `%${foldForSearch(text).replace(/[\\%_]/g, "\\$&")}%`;
}

/** SQL that is true when `column` (a quoted identifier) contains `text`, ignoring case and accents. */
export function foldedContains(column: Prisma.Sql, text: string): Prisma.Sql {
  return Prisma.sql`lower(translate(coalesce(${column}, ''), ${ACCENTED}, ${PLAIN})) LIKE ${containsPattern(text)}`;
}
