/**
 * ATM lines. Around the name of the machine's owner (a bank, a store) stand the bank's ATM wording, the
 * machine's terminal number, the date and time, and the street it stands on:
 * `BKOFAMERICA ATM 03/18 #000001120 WITHDRWL FIGUEROA & ADAMS`, `ATM WITHDRAWAL 003555 04/0445 WALL S`.
 * Only the owner's name is kept, when the line names one; `NON-CHASE` says whose machine it is not.
 */

/**
 * The bank's ATM wording (`JEANIE` is Fifth Third's machines' name; `RETRAIT AU GUICHET` in French), and another bank's name after `NON`
 * (`NON-CHASE ATM`, `NONTD ATM`).
 */
const atmWording =
  /\b(?:RETRAIT(?: AU)?(?: GUICHET| GAB| GA)?|RETIRO(?: EN)?(?: CAJERO(?: AUTOMATICO)?| ATH)?|ATM|JEANIE|WITHDRAWAL|WITHDRAW|WITHDRWL|WDRL|WDL|W\/D|WD|CASH|DEBIT|DEPOSIT|DEP|CHECK|DDA|AUTHORIZED ON|ON \d{2}\/\d{2}(?:\/\d{2,4})?(?= AT)|AT|NON-?[A-Z]+)\b/g;

/** A card network's name before the owner's (`PLUS WELLS FARGO BAN`): the network the card used, no owner. */
const networkBeforeOwner = /^(?:PLUS|CIRRUS|STAR|PULSE|NYCE|MAESTRO|INTERLINK|ACCEL|SHAZAM|CU24|CO-OP) /;

/** The street the machine stands on, after its owner, often without a number: `CHASE N CLARK ST`, `5TH AVE`. */
const streetAfterOwner =
  / (?:[NSEW] )?(?:\d+(?:ST|ND|RD|TH)|[A-Z]+) (?:ST|AVE|AV|BLVD|RD|DR|WAY|PL|PKWY|HWY|SQ)(?: [NSEW])?$/;

/** The operator's fee the line states after the machine (`INCLUDES ATM OPERATOR CHARGE $2.00`): no name. */
const operatorFee = / INCLUDES (?:ATM )?(?:OPERATOR )?(?:FEE|CHARGE)\b.*$/;
/** The branch the machine stands at, named after the owner (`ANZ BROADWAY BRANCH`): the owner stays. */
const branchAfterOwner = /(?<=^[A-Z&.'-]+(?: [A-Z&.'-]+)?)(?: [A-Z]+)+ BRANCH$/;

/** A bank's short name for itself on its own machines' lines, which reads as a number otherwise. */
const ownShortNames: Record<string, string> = { '5/3': 'FIFTH THIRD' };
const ownShortName = new RegExp(`^(?:${Object.keys(ownShortNames).join('|')})(?= )`);

/** A number of the machine's line: terminal or card number, date, time, street number (`5TH`), not `7-ELEVEN`. */
const numberToken = /^#?\d[\d/:.-]*(?:[AP]M?|ST|ND|RD|TH)?$/;
/** A street number, alone or run into the date before it (`04/0445` is April 4th and number 45). */
const streetNumber = /^(?:\d{1,5}(?:ST|ND|RD|TH)?|\d{2}[/-]\d{3,})$/;

/**
 * The text of an ATM line (its wrappers already off) reduced to the owner's name and what follows it:
 * the name before the machine's numbers when it stands first, else what follows the numbers unless
 * they end with a street number (then the rest is the street).
 */
export function atmOwner(text: string): string {
  const tokens = text
    .replace(operatorFee, '')
    .replace(ownShortName, (short) => ownShortNames[short]!)
    .replace(atmWording, ' ')
    .split(' ')
    .filter((token) => /[A-Z0-9]/.test(token))
    .join(' ')
    .replace(networkBeforeOwner, '')
    .split(' ');
  const firstNumber = tokens.findIndex((token) => numberToken.test(token));
  if (firstNumber !== 0) {
    const owner = firstNumber === -1 ? tokens : tokens.slice(0, firstNumber);
    return owner.join(' ').replace(streetAfterOwner, '').replace(branchAfterOwner, '');
  }
  let rest = 0;
  while (rest < tokens.length && (numberToken.test(tokens[rest]!) || tokens[rest] === '#')) rest++;
  return streetNumber.test(tokens[rest - 1]!) ? '' : tokens.slice(rest).join(' ');
}

/** Lines and the owner's name the anatomy reads from them (`''`: the line names no owner); tests run them. */
export const atmExamples: readonly { line: string; owner: string }[] = [
  { line: 'BKOFAMERICA ATM 03/18 #000001120 WITHDRWL FIGUEROA & ADAMS', owner: 'BKOFAMERICA' },
  { line: 'ATM WITHDRAWAL - CHASE MADISON AVE 12/20', owner: 'CHASE' },
  { line: 'ATM Withdrawal 07-01-25 Navy Federal San Diego CA', owner: 'NAVY FEDERAL' },
  // The card network's name before the owner's.
  { line: 'ATM Withdrawal - PLUS Wells Fargo Ban Lancaster CA', owner: 'WELLS FARGO BAN' },
  { line: 'ATM WITHDRAWAL 003555 04/0445 WALL S', owner: '' },
  { line: 'NON-CHASE ATM WITHDRAW 03/01 1234 MAIN ST SPRINGFIELD IL', owner: '' },
  { line: 'CASH WITHDRAWAL ATM 7-ELEVEN 12345 DALLAS TX', owner: '7-ELEVEN' },
  // HSBC USA: the date, then the machine's owner or street after `AT`.
  { line: 'CASH WITHDRAWAL ON 06/18 AT HARBOR BANK - PACIFIC GROVECA', owner: 'HARBOR BANK' },
  { line: 'CASH WITHDRAWAL ON 10/18 AT 3667 LAS VEGAS BLV - LAS VEGAS NV', owner: '' },
  { line: 'WITHDRAWAL ATM 1234 5TH AVE NEW YORK NY', owner: '' },
  { line: '5/3 JEANIE WITHDRAWAL - 002658 3095 NORTH BEND ROAD HEBRON KY', owner: 'FIFTH THIRD' },
  { line: 'JEANIE WITHDRAWAL - G12908 2740 SPRING GROVE AVE. CINCINNATI OH', owner: '' },
  // Australia: another bank's machine, its fee stated; the bank's own machine at a branch.
  { line: 'NON-ANZ ATM WESTPAC ULTIMO INCLUDES ATM OPERATOR CHARGE $2.00', owner: 'WESTPAC ULTIMO' },
  { line: 'ANZ ATM BROADWAY BRANCH #1 BROADWAY NS', owner: 'ANZ' },
  // TD Canada Trust: its two letters, the entry's short form and the machine's number.
  { line: 'TD ATM DEP    000523', owner: 'TD' },
];
