/**
 * Reading a line's bank wrappers: a line that names no one (a card payment, a check by number), the leading
 * wrappers (they may stack: `POS DEBIT ... VISA ...`) and the trailing ones (a card's last digits, a reference,
 * the entry's kind), then what the bank's wrapping cut or repeated of the name.
 */

import { homeCountryOf } from '../normalize/home-country.js';
import { combinePatterns, firstMatch } from './rules.js';
import { squeeze } from './squeeze.js';
import type { AnatomyWrapper } from './types.js';
import type { WrapperRule } from './wrapper-rule.js';
import { leadingWrappers, namelessLines, trailingWrappers } from './wrappers.js';

const anyLeadingWrapper = combinePatterns(leadingWrappers.map((rule) => rule.pattern));
const anyTrailingWrapper = combinePatterns(trailingWrappers.map((rule) => rule.pattern));
const anyNameless = combinePatterns(namelessLines.map((rule) => rule.pattern));

/** A card wrapper's own words for money coming back (`POS REFUND`, `DEBIT CARD CREDIT`). */
const cardRefundWords = /\b(?:REFUND|RETURN)\b|(?<!CREDIT )\bCARD CREDIT\b/;

function toWrapper(rule: WrapperRule, text: string): AnatomyWrapper {
  const wrapper: AnatomyWrapper = {
    id: rule.id,
    text: text.trim(),
    via: rule.yields.via,
    refund: rule.yields.refund ?? (rule.yields.via === 'card' && cardRefundWords.test(text)),
    recurring: rule.yields.recurring ?? false,
  };
  if (rule.yields.chargedCurrency) {
    // The currency's code among the wrapper's words; the euro's names no one country.
    const code = text.split(' ').find((word) => /^[A-Z]{3}$/.test(word) && homeCountryOf(word) !== null);
    const country = code ? homeCountryOf(code) : null;
    if (country) wrapper.chargedIn = country.toUpperCase();
  }
  return wrapper;
}

/**
 * The leading words once when they come again and again (`FISH FRY FISH FRY ERIE PA` -> `FISH FRY ERIE PA`;
 * a credit union's `TANGERINE TANGERINE TANGERINE`), the last copy perhaps cut by the field. One word must come
 * three times: twice is a name's own (`MAHI MAHI`, `WALLA WALLA`).
 */
function withoutRepeatedName(text: string): string {
  // A site printed twice, run together (DKB's card lines: the name, then the town's field holding the site
  // again: `AMAZON.DEAMAZON.DE`).
  const site = /^([A-Z0-9-]{2,}\.[A-Z]{2,3})\1$/.exec(text);
  if (site) return site[1]!;
  const tokens = text.split(' ');
  const copyAt = (size: number, at: number) => {
    for (let index = 0; index < size; index++) if (tokens[index] !== tokens[at + index]) return false;
    return true;
  };
  for (let size = Math.floor(tokens.length / 2); size >= 1; size--) {
    let copies = 1;
    while (copyAt(size, copies * size)) copies++;
    if (copies < (size === 1 ? 3 : 2)) continue;
    const unit = tokens.slice(0, size);
    let rest = tokens.slice(copies * size);
    if (rest.length > 0 && rest.length <= size && unit.join(' ').startsWith(rest.join(' '))) rest = [];
    return [...unit, ...rest].join(' ');
  }
  return text;
}

export interface WrapperReading {
  text: string;
  wrapper: AnatomyWrapper | null;
  /** The whole line names no one (`PAYMENT - THANK YOU`, `CHECK 1234`). */
  nameless: boolean;
  rules: string[];
}

export function readWrappers(line: string): WrapperReading {
  let text = line;
  let wrapper: AnatomyWrapper | null = null;
  const rules: string[] = [];
  const nameless = anyNameless.test(text) ? firstMatch(namelessLines, text) : null;
  if (nameless) {
    rules.push(nameless[0].id);
    wrapper = toWrapper(nameless[0] as WrapperRule, nameless[1][0]);
    text = '';
  }

  // Leading wrappers may stack (`POS DEBIT ... VISA ...`): take them off while any matches.
  let leadingSilent = false;
  for (let guard = 0; guard < 3 && text && anyLeadingWrapper.test(text); guard++) {
    const found = firstMatch(leadingWrappers, text);
    if (!found || found[1][0].length >= text.length) break;
    // Card wording after an ACH or transfer wrapper is the party's (`ACH Paid From VISA TECHNOLOGY`).
    if (wrapper && wrapper.via !== 'card' && found[0].yields.via === 'card') break;
    rules.push(found[0].id);
    // A silent wrapper (a statement's posting date) gives way to the one after it.
    if (!wrapper || leadingSilent) {
      wrapper = toWrapper(found[0] as WrapperRule, found[1][0]);
      leadingSilent = Boolean(found[0].yields.silent);
    }
    text = squeeze(text.slice(found[1][0].length));
  }
  for (let guard = 0; guard < 4 && text && anyTrailingWrapper.test(text); guard++) {
    const found = firstMatch(trailingWrappers, text);
    if (!found || found[1].index === 0) break;
    if (!rules.includes(found[0].id)) rules.push(found[0].id);
    // A card reference says how the money moved; a trailing date or reference says nothing.
    if (!found[0].yields.silent) wrapper ??= toWrapper(found[0] as WrapperRule, found[1][0]);
    text = squeeze(text.slice(0, found[1].index) + text.slice(found[1].index + found[1][0].length));
  }

  // A scheme run into a host the field cut (`HTTPSAMAZON.C WA`): the host of a `.COM`;
  // read once the bank's own tail (`... S382266622419983 CARD 0091`) is off.
  if (text.includes('.C')) {
    text = text
      .replace(/\bHTTPS?(?=[A-Z0-9-]+\.C(?:O|OM)? [A-Z]{2}$)/, '')
      .replace(/(\.C|\.CO)(?= [A-Z]{2}$)/, (cut) => (cut === '.C' ? '.COM' : cut))
      // A host of two names cut the same way before its town (`UBER *EATS HELP.UBER.C SYDNEY AU AUS`).
      .replace(/(?<=\b[A-Z0-9-]+\.[A-Z0-9-]{3,})\.C(?= )/, '.COM');
  }

  // Bank of America prints the name again after its entry (`FISH FRY 08/23 PURCHASE FISH FRY ERIE PA`).
  text = withoutRepeatedName(text);
  return { text, wrapper, nameless: nameless !== null, rules };
}
