/** The party and method of a bank line, as its ACH, wire and Zelle wording gives them. */
import type { TransferInfo } from '@txenrich/schema';
import { canonical } from './text.js';

type Method = TransferInfo['transferMethod'];

export interface BankLine {
  /** Who is on the other side as the line names it: the ACH company, the wire originator or beneficiary. */
  party: string | null;
  method: Method;
}

const achCompany = /^(.+?)\s+DES:\s*(.+?)(?:\s+ID:|\s+INDN:|\s+CO ID:|$)/;
/** `COSTCO WHOLESALE DIR DEP PPD ID: 1911223344` (Bank of America). */
const achSecId = /^(.+?)\s+(?:PPD|CCD|WEB|TEL|CTX)\s+ID:/;
/** `CAPITAL ONE CRCARDPMT 240914 33KE1YG6 OBRIEN, KEVIN` (Wells Fargo: company, entry, date, id, receiver). */
const achDated = /^(.+?)\s+\d{6}\s+\S+\s+[A-Z'.-]+,\s*[A-Z'. -]+$/;
const chaseAch = /ORIG CO NAME:\s*(.+?)\s+ORIG ID:.*?CO ENTRY DESCR:\s*(.+?)\s+SEC:/;
const wireParty =
  /(?:ORIG|BNF|BENEFICIARY|ORIGINATOR):\s*(.+?)(?:\s+ID:|\s+SND BK:|\s+BNF BK:|\s+PMT DET:|\s+OBI:|$)/;
const zelleParty = /ZELLE (?:PAYMENT |TRANSFER )?(?:TO|FROM)\s+(.+?)(?:\s+CONF#.*|\s+ON \d.*|\s+REF.*|$)/;

export function readBankLine(description: string, transactionType: string | null): BankLine {
  const text = canonical(description);
  const type = transactionType?.toUpperCase() ?? '';
  const ach = chaseAch.exec(text) ?? achCompany.exec(text);
  if (ach) return { party: ach[1]!.trim(), method: 'ach' };
  const company = achSecId.exec(text) ?? achDated.exec(text);
  if (company) return { party: company[1]!.trim(), method: 'ach' };
  if (/\bWIRE\b|^WT\b|FEDWIRE|BOOK TRANSFER/.test(text) || type.includes('WIRE')) {
    return { party: wireParty.exec(text)?.[1]?.trim() ?? null, method: 'wire' };
  }
  const zelle = zelleParty.exec(text);
  if (zelle) return { party: zelle[1]!.trim(), method: 'unknown' };
  const method: Method = type.startsWith('ACH')
    ? 'ach'
    : type.startsWith('RTP')
      ? 'rtp'
      : type.startsWith('CHECK') || /\bCHECK\b|\bCHK #?\d/.test(text)
        ? 'check'
        : type === 'ATM'
          ? 'cash'
          : 'unknown';
  return { party: null, method };
}
