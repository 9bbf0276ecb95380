/** Merchant category codes (`merchant-category-codes`) with their industries and flags. */
import type { Mcc } from '../types.js';
import type { MccFlags } from './curated.js';
import { requirePackage } from './sources.js';

interface MccEntry {
  mcc: string;
  fullDescription: string;
  shortDescription: string;
}

/** Every MCC of the package with its English description, sorted by code. */
export function readMccCodes(): { code: string; description: string }[] {
  const pkg = requirePackage('merchant-category-codes') as { mcc_without_groups_en: MccEntry[] };
  const byCode = new Map<string, string>();
  for (const entry of pkg.mcc_without_groups_en) {
    const description = (entry.fullDescription || entry.shortDescription || '').replace(/\s+/g, ' ').trim();
    if (!byCode.has(entry.mcc)) byCode.set(entry.mcc, description);
  }
  return [...byCode]
    .map(([code, description]) => ({ code, description }))
    .sort((a, b) => (a.code < b.code ? -1 : 1));
}

/** The MCC table: every code of the package plus any extra code the curated map adds. */
export function buildMccs(
  codes: { code: string; description: string }[],
  industries: Readonly<Record<string, string>>,
  flags: MccFlags,
): Mcc[] {
  const descriptions = new Map(codes.map(({ code, description }) => [code, description]));
  const all = [...new Set([...descriptions.keys(), ...Object.keys(industries)])].sort();
  const sets = {
    cardNotPresent: new Set(flags.cardNotPresent),
    cashLike: new Set(flags.cashLike),
    risky: new Set(flags.risky),
    atm: new Set(flags.atm),
  };
  return all
    .filter((code) => industries[code] !== undefined)
    .map((code) => ({
      code,
      description: descriptions.get(code) ?? '',
      industryId: industries[code]!,
      cardNotPresent: sets.cardNotPresent.has(code),
      cashLike: sets.cashLike.has(code),
      risky: sets.risky.has(code),
      atm: sets.atm.has(code),
    }));
}
