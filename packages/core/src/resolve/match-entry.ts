/** A catalog merchant as the matcher and the autocomplete index see it. */

/** What the matcher and autocomplete need to know about one merchant. */
export interface MatchEntry {
  /** The display name first, then every alias and statement form. */
  names: readonly string[];
  /** How many of the names, at the end, are curated statement forms (`WM SUPERCENTER`, `QT`). */
  statementForms: number;
  /** Bare hosts of its websites (`netflix.com`). */
  hosts: readonly string[];
  /** Its industry id (`011-003-000-000`). */
  industryId: string;
  /** Lower-case alpha-2 countries it operates in; empty means everywhere. */
  countries: readonly string[];
  /** 0..1: how likely a random transaction is to be this merchant. */
  popularity: number;
}
