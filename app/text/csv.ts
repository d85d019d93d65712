/** CSV as spreadsheets read it (RFC 4180 lines ending CRLF; the file starts with a UTF-8 BOM so accents read right). */

export const CSV_BOM = "\uFEFF";

/**
 * One cell, quoted when it needs to be. Text starting with =, +, -, @, a tab or a carriage return
 * gets a leading apostrophe so a spreadsheet shows it instead of running it as a formula; a plain
 * number ("-12", "637.00") is left as it is.
 */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One line of cells, with its CRLF. */
export function csvLine(cells: readonly string[]): string {
  return cells.map(csvCell).join(",") + "\r\n";
}
