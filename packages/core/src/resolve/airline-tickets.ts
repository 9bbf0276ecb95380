/**
 * An airline's ticket on a line that carries no MCC: a ticket's number is thirteen digits, the first three
 * the airline's accounting code (`UNITED 0162123456789 800-932-2732 TX`: 016 is United's). The code names
 * the airline as its MCC (3000-3999) would; the name on the line must still start like the airline's.
 */

/** An airline's three-digit ticket code -> its MCC (the catalog's airline of that MCC). */
const airlineMccOfCode: ReadonlyMap<string, string> = new Map([
  ['001', '3001'], // American Airlines
  ['006', '3058'], // Delta Air Lines
  ['014', '3009'], // Air Canada
  ['016', '3000'], // United Airlines
  ['027', '3256'], // Alaska Airlines
  ['047', '3035'], // TAP Air Portugal
  ['053', '3043'], // Aer Lingus
  ['057', '3007'], // Air France
  ['065', '3014'], // Saudia
  ['074', '3010'], // KLM
  ['075', '3102'], // Iberia
  ['081', '3012'], // Qantas
  ['086', '3025'], // Air New Zealand
  ['098', '3020'], // Air India
  ['105', '3042'], // Finnair
  ['108', '3050'], // Icelandair
  ['114', '3032'], // El Al
  ['117', '3016'], // SAS
  ['125', '3005'], // British Airways
  ['131', '3006'], // Japan Airlines
  ['139', '3076'], // Aeromexico
  ['157', '3136'], // Qatar Airways
  ['160', '3099'], // Cathay Pacific
  ['173', '3196'], // Hawaiian Airlines
  ['176', '3026'], // Emirates
  ['180', '3082'], // Korean Air
  ['205', '3161'], // All Nippon Airways
  ['220', '3008'], // Lufthansa
  ['235', '3047'], // Turkish Airlines
  ['257', '3051'], // Austrian Airlines
  ['279', '3174'], // JetBlue
  ['422', '3132'], // Frontier Airlines
  ['487', '3260'], // Spirit Airlines
  ['526', '3066'], // Southwest Airlines
  ['618', '3075'], // Singapore Airlines
  ['724', '3015'], // Swiss International Air Lines
  ['838', '3180'], // WestJet
  ['932', '3144'], // Virgin Atlantic
]);

/** A ticket's number: thirteen digits alone (a reference of other lengths is none). */
const ticketNumber = /(?<![\d])(\d{3})\d{10}(?![\d])/;

/** The MCC of the airline whose ticket number the line prints, or null. */
export function airlineMccOfTicket(line: string): string | null {
  const code = ticketNumber.exec(line)?.[1];
  return code ? (airlineMccOfCode.get(code) ?? null) : null;
}
