/**
 * The formula guard of every text the product hands to a spreadsheet (docs/design/security.md#spreadsheet-formulas):
 * the order export's CSV and the order grid's copied cells. Order data comes from supplier files, so a
 * cell may hold text a spreadsheet would run (CSV injection, as OWASP names it).
 *
 * Excel starts a formula at `=`, `+`, `-` or `@` at the start of a cell. It also decides where cells
 * start by the locale's list separator: in German, French, Dutch, Spanish or Italian Excel that is `;`,
 * so `x;=cmd|' /C calc'!A0` in one CSV field opens as two cells, the second a formula. A field is
 * therefore risky when it starts with a formula character (or a tab or CR, which Excel skips) or holds a
 * separator (`;`, `,`, tab) followed by one. Such a field is written as OWASP says: quoted, with `'` in
 * front, which Excel and LibreOffice show as plain text; the `'` also goes after each separator that
 * precedes a formula character, since a separator inside quotes still splits a line in a locale whose
 * separator the file does not use.
 *
 * No imports: the export's worker thread loads this module alone (`@app/contracts/spreadsheet-formulas`).
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const SEPARATOR_THEN_FORMULA = /[;,\t][=+\-@]/;
const SEPARATOR_THEN_FORMULA_ALL = /([;,\t])([=+\-@])/g;

/** Whether a spreadsheet could read `text`, or a part of it split off at a list separator, as a formula. */
export function isFormulaRisk(text: string): boolean {
  return FORMULA_START.test(text) || SEPARATOR_THEN_FORMULA.test(text);
}

/** `text` with `'` before its start and after each separator followed by a formula character (unquoted). */
export function defuseFormula(text: string): string {
  return `'${text.replace(SEPARATOR_THEN_FORMULA_ALL, "$1'$2")}`;
}

/** A field as a CSV (or a copied table) carries it, in `"` with `""` for a quote. */
export function quoteField(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/** A risky field defused and quoted; any other as it is. */
export function guardFormulaField(text: string): { text: string; guarded: boolean } {
  return isFormulaRisk(text)
    ? { text: quoteField(defuseFormula(text)), guarded: true }
    : { text, guarded: false };
}
