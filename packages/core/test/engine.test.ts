import { enrichmentSchema } from '@txenrich/schema';
import { describe, expect, it } from 'vitest';
import { compileCorrections, createEngine, createSeriesBook } from '../src/index.js';

let counter = 0;
const engine = createEngine({
  newId: () => `00000000-0000-4000-8000-${String(++counter).padStart(12, '0')}`,
});
const card = (merchantName: string, fields: Record<string, unknown> = {}) =>
  engine.enrichCard({ merchantName, categoryType: 'MCC', ...fields });
/** A bank line of an account in `currencyCode`. */
const bankLine = (description: string, currencyCode: string) =>
  engine.enrichUniversal({ userId: 'u1', categoryType: 'MCC', description, amount: 24.99, currencyCode });

describe('createEngine: card enrichment on the built catalog', () => {
  it('finds the merchant behind a facilitator prefix and names the processor', () => {
    const result = card('PAYPAL *SPOTIFY', { categoryCode: '5815' });
    expect(result.counterparty[0]).toMatchObject({ name: 'Spotify', website: 'https://spotify.com' });
    expect(result.transactionInfo.thirdParties.map((party) => party.name)).toEqual(['PayPal']);
    expect(result.transactionInfo.spendingInfo).toEqual({ channel: { value: 'digital' } });
    expect(enrichmentSchema.safeParse(result).success).toBe(true);
  });

  it("names no third party before the platform's own product (`GOOGLE *YouTube`, `MSFT *XBOX`), one before another's app", () => {
    expect(card('GOOGLE *YouTube').transactionInfo.thirdParties).toEqual([]);
    expect(card('MSFT *XBOX').transactionInfo.thirdParties).toEqual([]);
    expect(card('GOOGLE *Duolingo').transactionInfo.thirdParties.map((party) => party.name)).toEqual([
      'Google',
    ]);
    // The platform's prefix and the name after it are the product's statement form (`GOOGLE *FI`: Google Fi,
    // no other company called Fi), and a product on the platform's own subdomain is the platform's.
    const fi = card('GOOGLE *FI M7w9QX 1600 AMPHITHEATRE PKWY 650-253-0000 94043 CA USA');
    expect(fi.counterparty[0]?.name).toBe('Google Fi');
    expect(fi.transactionInfo.thirdParties).toEqual([]);
  });

  it("reads a name that ends where the store's number is run into it (`BP#2753069ANJNEY`)", () => {
    expect(card('BP#2753069ANJNEY').counterparty[0]?.name).toBe('BP');
    expect(card('BP#9384721CIRCLE STOP').counterparty[0]?.name).toBe('BP');
  });

  it("reads a delivery service's own site under a country's domain as its own, not as the merchant", () => {
    const result = card('DOORDASH*CHIPOTLE    WWW.DOORDASH.CA');
    expect(result.counterparty[0]?.name).toBe('Chipotle');
    expect(result.transactionInfo.thirdParties.map((party) => party.name)).toEqual(['DoorDash']);
  });

  it("names an ordering app before a restaurant's name as the third party (`SNACK*`), alone as the merchant", () => {
    const ordered = card('SNACK* HARBOR NOODLE BAR', { categoryCode: '5812' });
    expect(ordered.transactionInfo.thirdParties.map((party) => party.name)).toEqual(['Snackpass']);
    expect(ordered.counterparty[0]?.name).toBe('Harbor Noodle Bar');
    expect(card('SNACKPASS').counterparty[0]).toMatchObject({ name: 'Snackpass', verified: true });
  });

  it('reads a Nordic company form last as no Canadian province on an account in kronor (`SJ AB`)', () => {
    const inKronor = (description: string) => bankLine(description, 'SEK').counterparty[0]?.name;
    expect(inKronor('MALARDALSTRAFIK AB')).toBe('Mälardalstrafik');
    expect(inKronor('Swish betalning SJ AB')).toBe('SJ');
  });

  it('names a platform by the European company a SEPA direct debit names (`PayPal Europe S.a.r.l. et Cie S.C.A`)', () => {
    const debit = (description: string) => bankLine(description, 'EUR');
    const paypal = debit('PayPal Europe S.a.r.l. et Cie S.C.A');
    expect(paypal.counterparty[0]?.name).toBe('PayPal');
    expect(paypal.transactionInfo.type).toBe('spending');
    expect(debit('Amazon Payments Europe S.C.A.').counterparty[0]?.name).toBe('Amazon');
    expect(debit('Google Ireland Limited').counterparty[0]?.name).toBe('Google');
    expect(debit('Apple Distribution International').counterparty[0]?.name).toBe('Apple');
  });

  it("finds the app a platform sold after a facilitator's prefix (`PP*GOOGLE PANDORA`)", () => {
    expect(card('PP*GOOGLE PANDORA 402-935-7733 CA').counterparty[0]?.name).toBe('Pandora');
    // Without the facilitator's prefix, the platform's word is a name's own.
    expect(card('GOOGLE PANDORA 402-935-7733 CA').counterparty[0]?.name).not.toBe('Pandora');
  });

  it("names an airline by its ticket's number on a bank line without an MCC (`UNITED 0162123456789`)", () => {
    const ticket = engine.enrichUniversal({
      userId: 'u1',
      description:
        'PURCHASE AUTHORIZED ON 02/14 UNITED 0162123456789 800-932-2732 TX S384123456789012 CARD 1234',
      amount: 412.2,
      categoryType: 'MCC',
    });
    expect(ticket.counterparty[0]?.name).toBe('United Airlines');
  });

  it("names AMC's cinemas by AMC alone, its streaming by AMC+ (`AMC 1234 ONLINE`, `AMC+`)", () => {
    expect(card('AMC 1234 ONLINE 888-440-4262 KS').counterparty[0]?.name).toBe('AMC Theatres');
    expect(card('AMC+ 888-555-1212 NY').counterparty[0]?.name).toBe('AMC+');
    expect(card('PARAMOUNT+ 888-274-5343 CA').counterparty[0]?.name).toBe('Paramount+');
  });

  it('names a delivery app or a platform followed only by its town (`UBER EATS SAN FRANCISCO CA`) as itself', () => {
    expect(card('UBER EATS SAN FRANCISCO CA', { categoryCode: '5812' }).counterparty[0]?.name).toBe(
      'Uber Eats',
    );
    expect(card('DD *DOORDASH SAN FRANCISCO CA', { categoryCode: '5812' }).counterparty[0]?.name).toBe(
      'DoorDash',
    );
  });

  it('reads the order code after a seller’s own prefix as no merchant, letters only or not; a seller behind a platform stays', () => {
    for (const line of [
      'AMZN PRIME*GKDKSCKCJ WA',
      'AMZN Mktp US*HJKLMNBVC',
      'AMZN MKTP US*2K4LL8PT1',
      'AMAZON MKTPL*OFI880PEL',
      'Amazon.Com*Jko102Kyb',
    ])
      expect(card(line, { categoryCode: '5942' }).counterparty[0]?.name).toBe('Amazon');
    expect(card('AIRBNB * HMXGKEIF78 AIRBNB.COM CA', { categoryCode: '7011' }).counterparty[0]?.name).toBe(
      'Airbnb',
    );
    expect(card('DD *LOUSDELI', { categoryCode: '5812' }).counterparty[0]?.name).toBe('Lousdeli');
    // A brand's service page names the brand (`help.uber.com`).
    expect(card('UBER *ONE HELP.UBER.COM', { categoryCode: '4121' }).counterparty[0]?.name).toBe('Uber');
    // A travel site says what it sold in its own line's word: the site itself sold it.
    expect(
      card('BKG*BOOKING.COM HOTEL 888-555-0142 NY', { categoryCode: '4722' }).counterparty[0]?.name,
    ).toBe('Booking.com');
    // A marketplace's host, then its seller's shop: the marketplace, also when the shop reads as a brand.
    for (const line of [
      'ETSY.COM - WILLOW AND THREAD 718-555-0190 NY',
      'Etsy.com - Brass Owl Studi',
      'ETSY.COM - PATEL CO',
    ])
      expect(card(line, { categoryCode: '5999' }).counterparty[0]?.name).toBe('Etsy');
    // A delivery app's prefix, its own name and its place: the app sold it itself.
    expect(card('IC* INSTACART CA', { categoryCode: '5411' }).counterparty[0]?.name).toBe('Instacart');
    // A delivery app's own host is no seller of the store's goods.
    expect(
      card('IC* PUBLIX BY INSTACART INSTACART.COM', { categoryCode: '5411' }).counterparty[0]?.name,
    ).toBe('Publix');
  });

  it('names an unknown merchant as an unverified counterparty, cleaned, placed and classified from the MCC', () => {
    const result = card('SQ *MARIAS FLOWERS #12 OAKLAND CA', { categoryCode: '5992' });
    expect(result.counterparty).toHaveLength(1);
    expect(result.counterparty[0]).toMatchObject({
      name: "Maria's Flowers",
      verified: false,
      logo: null,
      website: null,
      matchScore: 50,
      location: [expect.objectContaining({ city: 'Oakland', region: 'CA', country: 'US' })],
    });
    expect(result.counterparty[0]?.industry.length).toBeGreaterThan(0);
    // The same name at the same place is the same counterparty.
    expect(card('MARIAS FLOWERS OAKLAND CA', { categoryCode: '5992' }).counterparty[0]?.id).toBe(
      result.counterparty[0]?.id,
    );
    expect(enrichmentSchema.safeParse(result).success).toBe(true);
    expect(result.transactionInfo.display).toMatchObject({
      name: "Maria's Flowers",
      categoryName: expect.any(String),
    });
    expect(result.transactionInfo.display.graphicSource).toBe('third_party');
    expect(result.transactionInfo.thirdParties.map((party) => party.name)).toEqual(['Square']);
    expect(result.transactionInfo.spendingInfo?.channel.value).toBe('physical');
    expect(result.transactionInfo.riskInsights.cardAcceptanceHistory).toBeNull();
  });

  it('shows the category icon when neither merchant nor processor has a logo', () => {
    const { display } = card('MARIAS FLOWERS OAKLAND CA', { categoryCode: '5992' }).transactionInfo;
    expect(display).toMatchObject({ name: "Maria's Flowers", graphicSource: 'category' });
    expect(display.graphic).toMatch(/^http:\/\/localhost:8080\/icons\/.+\.svg$/);
  });

  it('completes a brand whose name starts with a filler word or ends in one the field cut', () => {
    const brandOf = (line: string) => card(line).counterparty.find((party) => party.verified)?.name;
    expect(brandOf('THE CELLULAR CONNECTIO SPRINGFIELD IL')).toBe('The Cellular Connection');
    expect(brandOf('BUBBA GUMP SHRIMP COMP SPRINGFIELD IL')).toBe('Bubba Gump Shrimp Company');
    // A processor's name run into the merchant's; a platform's own product by its plan and term; a new domain.
    expect(brandOf('LEVELUPSWEETGREEN6920')).toBe('Sweetgreen');
    expect(brandOf('MICROSOFT*ULTIMATE 1 MO 425-6816830 WA')).toBe('Microsoft');
    expect(brandOf('LTF*LIFE TIME MO DUE LIFETIME.LIFE MN')).toBe('Life Time');
    // One word the field cut, that starts a brand's name and a longer name of its own banner.
    expect(brandOf('IC* ALBERTSO VIA INS HTTPSWWW.ALBE CA        08/03')).toBe('Albertsons');
  });

  it("reads a seller's prefix as the merchant, what follows as what it sold (`TM *`: Ticketmaster's tickets)", () => {
    const result = card('TM *LUNA RIVERS TOUR');
    expect(result.counterparty.find((party) => party.verified)?.name).toBe('Ticketmaster');
    expect(result.transactionInfo.thirdParties).toEqual([]);
    // Etsy charges the card for its shops: the shop after its prefix is what was bought there.
    const etsy = card('Etsy.com*ACraftyMonkeyADAMS STREET BROOKLYN 11201 NY USA');
    expect(etsy.counterparty[0]?.name).toBe('Etsy');
    expect(etsy.transactionInfo.thirdParties).toEqual([]);
  });

  it('names the teams, venues, attractions and health systems that tickets, admissions and bills name', () => {
    expect(card('YANKEES TICKETS 800-555-0100 NY').counterparty[0]?.name).toBe('New York Yankees');
    expect(bankLine('MAPLE LEAFS TICKETS TORONTO ON', 'CAD').counterparty[0]?.name).toBe(
      'Toronto Maple Leafs',
    );
    expect(card('SMITHSONIAN STORE WASHINGTON DC').counterparty[0]?.name).toBe('Smithsonian Institution');
    expect(card('BSW HEALTH TEMPLE TX').counterparty[0]?.name).toBe('Baylor Scott & White Health');
    // A health system named after its town is not every business of the town (`PROVIDENCE RI`).
    expect(card('CAFE PROVIDENCE RI').counterparty[0]?.verified ?? false).toBe(false);
    // A museum's family name is no other business's (`GETTY` fuel stations are not the Getty's museum).
    expect(card('GETTY 00123 NEWARK NJ').counterparty[0]?.website ?? null).not.toBe('https://getty.edu');
  });

  it("names Britain's train operators and insurers, Canada's regional carriers and Australia's toll roads", () => {
    expect(bankLine('THAMESLINK LONDON', 'GBP').counterparty[0]?.name).toBe('Thameslink');
    expect(bankLine('DIRECT LINE INS 0345 246 3761', 'GBP').counterparty[0]?.name).toBe('Direct Line');
    expect(bankLine('SASKTEL MOBILITY REGINA SK', 'CAD').counterparty[0]?.name).toBe('SaskTel');
    expect(bankLine('LINKT SYDNEY', 'AUD').counterparty[0]?.name).toBe('Linkt');
  });

  it('keys no name of another script: its Latin scraps name no brand (`cбербанк` is no `C`)', () => {
    for (const name of ['C', '31', 'SHOP', 'CASH CARRY']) {
      expect(card(`${name} PLANO TX`).counterparty[0]?.verified ?? false).toBe(false);
    }
  });

  it('does not let a brand name in another business win over the evidence', () => {
    const brandOf = (line: string, categoryCode?: string) =>
      card(line, categoryCode ? { categoryCode } : {}).counterparty.filter((party) => party.verified);
    expect(brandOf('SHELL BEACH CAFE', '5812')).toEqual([]);
    expect(brandOf('TARGET PRACTICE RANGE LLC', '7999')).toEqual([]);
    // A laundry named after a school's brand; a steakhouse named like a foreign cafe chain, on a US card.
    expect(brandOf('KAPLAN LAUNDRY', '7216')).toEqual([]);
    expect(brandOf('TST* ROSAS STEAKHOUSE', '5812')).toEqual([]);
    // A shop named after its town, where a one-word brand is called so too; a market is no clothing chain's.
    expect(brandOf('SPRINGFIELD TAILOR SPRINGFIELD IL')).toEqual([]);
    expect(brandOf('SPRINGFIELD MARKET TROY NY')).toEqual([]);
    expect(brandOf('HUDSON ST 1509 BOSTON MA').map((party) => party.name)).toEqual(['Hudson']);
    // A large town's name anywhere in the country, with the brand's own trade; a trade's word printed whole
    // (`PUB` is no cut `PUBLIC`); a shop of another trade named like a fuel brand.
    expect(brandOf('SPRINGFIELD CLOTHING SALEM OR')).toEqual([]);
    expect(brandOf('AUSTIN PUB MADISON WI')).toEqual([]);
    expect(brandOf('CLARK PAWN BRISTOL CT')).toEqual([]);
    // Two names joined by `&` are a firm; a mortgage broker, a dealer and a body shop are no fuel brand's.
    expect(brandOf('CLARK & KING OMAHA NE')).toEqual([]);
    expect(brandOf('HOFFMAN & CAR GEORGETOWN TX')).toEqual([]);
    expect(brandOf('BARNES & NOB AUSTIN TX').map((party) => party.name)).toEqual(['Barnes & Noble']);
    expect(brandOf('CLARK MORTGAGE TROY NY')).toEqual([]);
    expect(brandOf('CLARK MOTORS AUSTIN TX')).toEqual([]);
    expect(brandOf('COSTCO TIRE CENTER AUSTIN TX').map((party) => party.name)).toEqual(['Costco']);
    // A city's parking meter is no ferry of the city's; a college's or a hotel's parking is theirs.
    expect(brandOf('NYC DOT PARKING METER NEW YORK NY')).toEqual([]);
    expect(brandOf('DUKE UNIV PARKING DURHAM NC').map((party) => party.name)).toEqual(['Duke University']);
    // A drugstore named like a lender; a supermarket's and a health plan's pharmacies are theirs.
    expect(brandOf('COLLEGE AVE PHARMACY OMAHA NE')).toEqual([]);
    expect(brandOf('KROGER PHARMACY').map((party) => party.name)).toEqual(['Kroger']);
    expect(brandOf('KAISER PHARMACY').map((party) => party.name)).toEqual(['Kaiser Permanente']);
    // A person, last name first, as ACH receivers and checks' payees are printed: no brand of that surname.
    expect(brandOf('CLARK HELEN')).toEqual([]);
    expect(brandOf('COLLINS BEN')).toEqual([]);
    // A brand's generic first word, the trade's MCC, and the line's own words where the brand's name has others.
    expect(brandOf('SQ *MARCOS ESPRESSO', '5814')).toEqual([]);
    expect(brandOf('DICKS CLOTHING&SPORTING', '5941').map((party) => party.name)).toEqual([
      "Dick's Sporting Goods",
    ]);
    // Generic words inside a longer name, or completing a shorter one, need something else to agree.
    for (const line of [
      'PAYMENT - THANK YOU',
      'PY *AMERICAN TRAIL OUTFITTERS',
      'CHECK # 1234',
      'SPRINT MART',
    ]) {
      expect(brandOf(line)).toEqual([]);
    }
    expect(brandOf('DISCOVERY CHILDRENS MUSEUM', '8991')).toEqual([]);
    expect(card('SPRINT MART').transactionInfo.display.name).toBe('Sprint Mart');
    const p2p = card('VENMO *JOHN MCDONALD', { categoryCode: '4829' });
    expect(p2p.counterparty.filter((party) => party.verified)).toEqual([]);
    expect(p2p.transactionInfo.display.name).toBe('John McDonald');
    expect(p2p.transactionInfo.isPeerToPeer).toBe(true);
    expect(card('SHELL OIL 57442394701 HOUSTON TX', { categoryCode: '5541' }).counterparty[0]?.name).toBe(
      'Shell',
    );
    // A one-word brand and two words it does not explain are another business on a card line; a store code is
    // no word (`SHOPRITE NEWARK NJ S1`), and after an ACH company the words are its entry (`LYFT DRIVER PAY`).
    expect(brandOf('CUMBERLAND GAP OUTFITT MIDDLESBORO KY')).toEqual([]);
    // A brand shortened to a town's name, inside a longer name on a line of that town's state, is a local
    // business named after its town; a brand whose own name is a town keeps it.
    expect(brandOf('COLUMBUS GRILL HOUSE OH', '5812')).toEqual([]);
    expect(brandOf('HUDSON 0412 BOSTON MA').map((party) => party.name)).toEqual(['Hudson']);
    // A word and the first letter of an ampersand acronym are no possessive run together (`MO S&T` is no Mo's).
    expect(brandOf('MO S&T BOOKSTORE ROLLA MO', '5942')).toEqual([]);
    expect(brandOf('A&W RESTAURANT 1234 AUSTIN TX', '5814').map((party) => party.name)).toEqual(['A&W']);
    expect(brandOf('SHOPRITE NEWARK NJ S1', '5411').map((party) => party.name)).toEqual(['ShopRite']);
    expect(
      engine.enrichTransfer({
        userId: 'u1',
        transactionType: 'ACH_DEPOSIT',
        description: 'LYFT             DRIVER PAY 99527512795    CCD ID: 9700940181',
        amount: -80,
      }).counterparty[0]?.name,
    ).toBe('Lyft');
  });

  it('completes a brand cut to one letter when three words filled the field (`WALMART NEIGHBORHOOD M`)', () => {
    expect(
      card('WALMART NEIGHBORHOOD M WEST SPRINGFI MA', { categoryCode: '5411' }).counterparty[0]?.name,
    ).toBe('Walmart Neighborhood Market');
  });

  it('completes a name of two words led by a short one that the field cut by a letter (`DR MARTEN`)', () => {
    expect(card('PAYPAL *DR MARTEN 4029357733 CA').counterparty[0]?.name).toBe('Dr. Martens');
  });

  it('reads a remittance app named by a common word alone (`Wise`) as money sent, not a purchase', () => {
    const line = (description: string) =>
      engine.enrichUniversal({
        userId: 'u1',
        categoryType: 'MCC',
        description,
        amount: 250,
        direction: 'DEBIT',
        currencyCode: 'USD',
      });
    expect(line('Wise').transactionInfo).toMatchObject({ type: 'other_money_movement', subType: 'transfer' });
    // Apple's site is Apple Cash's too: a purchase from Apple stays one.
    expect(line('APPLE.COM/BILL 866-712-7753 CA').transactionInfo.type).toBe('spending');
  });

  it("completes one long word to the brand whose own name it starts, not to another's alias (`MCDONAL`)", () => {
    expect(card('DD *DOORDASH MCDONAL855-973-1040        CA').counterparty[0]?.name).toBe("McDonald's");
  });

  it("reads the street a chain's branch stands on after its name, cut or French, and no trade's word as one", () => {
    expect(card('THE KEG YORK STREE TORONTO ON').counterparty[0]?.name).toBe('The Keg');
    expect(card('THE KEG RUE ST-PAUL MONTREAL QC').counterparty[0]?.name).toBe('The Keg');
    expect(card('NORTHGATE COLLISION CT FARGO ND').counterparty[0]?.name).not.toBe('Northgate Market');
  });

  it('completes an institution cut after a filler word, the main one before its branches (`UNIVERSITY OF CINC`)', () => {
    expect(card('UNIVERSITY OF CINC CINCINNATI OH', { categoryCode: '8220' }).counterparty[0]?.name).toBe(
      'University of Cincinnati',
    );
  });

  it('names no institution from whole words that stop before its kind (`COASTAL CAROLINA` is no university)', () => {
    expect(card('COASTAL CAROLINA MYRTLE BEACH SC', { categoryCode: '6513' }).counterparty[0]?.verified).toBe(
      false,
    );
    expect(card('COASTAL CAROLINA UNIV CONWAY SC', { categoryCode: '8220' }).counterparty[0]?.name).toBe(
      'Coastal Carolina University',
    );
  });

  it("reads a brand's word that starts the line's town as the town's (`HUNTINGTON BEACH BLOOMS ... CA`)", () => {
    for (const line of [
      'HUNTINGTON BEACH BLOOMS HUNTINGTON BE CA',
      'SQ *HUNTINGTON BEACH P HUNTINGTON BE CA',
    ])
      expect(card(line, { categoryCode: '5992' }).counterparty[0]?.verified).toBe(false);
  });

  it('reads store descriptors, places and industry chains', () => {
    const result = card('WAL-MART #2345 SPRINGFIELD MO', { categoryCode: '5411', amount: '23.10' });
    const [walmart] = result.counterparty;
    expect(walmart).toMatchObject({ name: 'Walmart', website: 'https://walmart.com' });
    expect(walmart!.matchScore).toBeGreaterThanOrEqual(50);
    expect(walmart!.location[0]).toMatchObject({ city: 'Springfield', region: 'MO', country: 'US' });
    expect(walmart!.industry.map((node) => node.id)).toEqual(walmart!.industry.map((node) => node.id).sort());
    expect(walmart!.industry[0]!.id).toMatch(/^\d{3}-000-000-000$/);
    expect(result.transactionInfo.spendingInfo?.channel.value).toBe('physical');
  });

  it('names a brand whose store is named after its town, or whose product follows its name', () => {
    expect(card('IKEA WEST SACRAMENTO 0000 WEST SACRAMEN CA').counterparty[0]?.name).toBe('IKEA');
    expect(card('IKEA GIFT CARD 877-850-1977 ME').counterparty[0]?.name).toBe('IKEA');
    // The town explains only its own words: another business's words still rule the brand out.
    expect(card('SPRINT MART PORTLAND OR').counterparty[0]?.verified).toBe(false);
  });

  it('enriches DE43 fields, with a phone in the city slot as card not present', () => {
    const de43 = `${'NETFLIX.COM'.padEnd(22)} ${'866-579-7172'.padEnd(13)} CA `;
    const result = engine.enrichCardDe43({ de43, categoryType: 'MCC', categoryCode: '4899' });
    expect(result.counterparty[0]?.name).toBe('Netflix');
    expect(result.transactionInfo.spendingInfo?.channel.value).toBe('digital');
  });

  it('makes ATM withdrawals type atm with the bank as sponsor', () => {
    const result = card('ATM WITHDRAWAL CHASE 1234 MAIN ST', { categoryCode: '6011', amount: 100 });
    expect(result.transactionInfo).toMatchObject({ type: 'atm', subType: 'withdrawal', spendingInfo: null });
    expect(result.transactionInfo.atmInfo?.sponsorName).toBe(result.counterparty[0]?.name);
  });

  it('marks digital wallets and echoes ids and attributes', () => {
    const result = card('APPLE PAY ENDING IN 8080 CHIPOTLE 1234', {
      categoryCode: '5814',
      transactionId: 'tx-9',
      customAttributes: { ref: 'a' },
    });
    expect(result.counterparty[0]?.name).toMatch(/^Chipotle/);
    expect(result.transactionInfo).toMatchObject({ isDigitalWallet: true, transactionId: 'tx-9' });
    expect(result.customAttributes).toEqual({ ref: 'a' }); // A wallet pays a merchant whose name may be two letters or a sign (`BP`, `H&M`).
    expect(
      card('BP#9047674 MD APPLE PAY ENDING IN 2521', { categoryCode: '5542' }).counterparty[0]?.name,
    ).toBe('BP');
    expect(card('APLPAY H&M', { categoryCode: '5651' }).counterparty[0]?.name).toBe('H&M');
  });

  it('gives stable counterparty ids and a fresh enrichment id per call', () => {
    const first = card('NETFLIX.COM');
    const second = card('NETFLIX.COM');
    expect(first.counterparty[0]?.id).toBe(second.counterparty[0]?.id);
    expect(first.enrichmentId).not.toBe(second.enrichmentId);
  });

  it('searches merchants by prefix and despite typos', () => {
    expect(engine.searchMerchants('starbuks', 5)[0]?.name).toBe('Starbucks');
    expect(engine.searchMerchants('star', 5).map((corporation) => corporation.name)).toContain('Starbucks');
    expect(engine.searchMerchants('wholef', 5)[0]?.name).toMatch(/^Whole Foods/);
    expect(engine.searchMerchants('star', 5).length).toBeLessThanOrEqual(5);
    // A leading article is not typed: `home dep` finds `The Home Depot`.
    expect(engine.searchMerchants('home dep', 5)[0]?.name).toBe('The Home Depot');
    // Typos: a letter swapped, left out, or added; one-letter words; a leading article typed.
    expect(engine.searchMerchants('strabucks', 5)[0]?.name).toBe('Starbucks');
    expect(engine.searchMerchants('cosco', 5)[0]?.name).toBe('Costco');
    expect(engine.searchMerchants('strbucks', 5)[0]?.name).toBe('Starbucks');
    expect(engine.searchMerchants('chipolte', 5)[0]?.name).toBe('Chipotle');
    expect(engine.searchMerchants('wallmart', 5)[0]?.name).toBe('Walmart');
    expect(engine.searchMerchants('at&t', 5)[0]?.name).toBe('AT&T');
    expect(engine.searchMerchants('the home depot', 5)[0]?.name).toBe('The Home Depot');
    expect(engine.searchMerchants('zzqxv', 5)).toEqual([]);
  });
});

describe('createEngine: context (series, triggers, corrections)', () => {
  it('finds a monthly subscription in the user series, and lists it in the subscriptions view', () => {
    const series = createSeriesBook();
    const pay = (occurredAt: string) =>
      engine.enrichCard(
        { merchantName: 'NETFLIX.COM', categoryType: 'MCC', amount: 15.49, occurredAt, userId: 'u1' },
        { series },
      );
    for (const date of ['2024-03-05', '2024-04-05', '2024-05-05']) pay(date);
    const result = pay('2024-06-05');
    expect(result.transactionInfo.recurrenceInfo).toMatchObject({
      intervalType: 'monthly',
      nextPaymentExpected: '2024-07-05',
    });
    expect(result.transactionInfo.recurrenceInfo?.recentRecurrences).toHaveLength(4);
    expect(series.recurring('u1')).toMatchObject({
      asOf: '2024-06-05',
      series: [
        {
          counterparty: { id: result.counterparty[0]!.id, name: 'Netflix' },
          firstDate: '2024-03-05',
          lastDate: '2024-06-05',
          count: 4,
          averageAmount: 15.49,
          periodicity: { days: 30, label: 'monthly' },
          nextExpected: { date: '2024-07-05', amount: 15.49 },
          active: true,
        },
      ],
    });
    expect(series.recurring('u1', { status: 'inactive' }).series).toEqual([]);
  });

  it('names the series before recurrence and triggers: a caller loads its state between the two steps', () => {
    const series = createSeriesBook();
    const body = { merchantName: 'NETFLIX.COM', categoryType: 'MCC', amount: 15.49, userId: 'u1' } as const;
    const pending = engine.begin('card', { ...body, occurredAt: '2024-03-05' }, { series });
    expect(pending.series).toEqual({ userId: 'u1', key: expect.any(String) });
    pending.finish();
    expect(series.get('u1', pending.series!.key)?.bands[0]?.payments).toHaveLength(1);
    // Without a date or a user there is no series.
    expect(engine.begin('card', body, { series }).series).toBeNull();
    expect(
      engine.begin('card', { ...body, userId: undefined, occurredAt: '2024-03-05' }, { series }).series,
    ).toBeNull();
  });

  it('adds matching trigger actions, only for the scope they belong to', () => {
    const triggers = engine.compileTriggers([
      {
        scope: 'user',
        scopeKey: { userId: 'u1' },
        triggers: [
          {
            id: 'no-netflix',
            merchantName: 'Netflix',
            website: 'netflix.com',
            action: { type: 'BLOCK' },
            level: 'corporation',
          },
        ],
      },
    ]);
    const blocked = engine.enrichCard(
      { merchantName: 'NETFLIX.COM', categoryType: 'MCC', userId: 'u1' },
      { triggers },
    );
    expect(blocked.actions).toEqual([
      {
        id: 'no-netflix',
        type: 'merchant_trigger',
        action: { type: 'BLOCK' },
        scope: 'user',
        source: 'counterparty',
        authRecommendation: 'BLOCK',
      },
    ]);
    expect(
      engine.enrichCard({ merchantName: 'NETFLIX.COM', categoryType: 'MCC', userId: 'u2' }, { triggers })
        .actions,
    ).toBeNull();
  });

  it('applies a correction rule to later transactions of the same descriptor', () => {
    const corrections = compileCorrections([
      {
        descriptorKey: 'SQ *MARIAS FLOWERS',
        counterparty: { name: "Maria's Flowers", website: 'https://mariasflowers.example' },
      },
    ]);
    const result = engine.enrichCard(
      { merchantName: 'SQ *MARIAS FLOWERS', categoryType: 'MCC' },
      { corrections },
    );
    expect(result.counterparty[0]).toMatchObject({
      name: "Maria's Flowers",
      website: 'https://mariasflowers.example',
    });
    expect(result.transactionInfo.display.name).toBe("Maria's Flowers");
  });
});

describe('createEngine: transfers and universal lines', () => {
  const transfer = (description: string, fields: Record<string, unknown> = {}) =>
    engine.enrichTransfer({ userId: 'u1', transactionType: 'OTHER', description, ...fields });
  const universal = (description: string, direction: 'DEBIT' | 'CREDIT' = 'DEBIT', currencyCode = 'USD') =>
    engine.enrichUniversal({
      userId: 'u1',
      transactionId: 't1',
      description,
      amount: 40,
      direction,
      currencyCode,
      occurredAt: '2025-03-01T12:00:00Z',
      categoryType: 'MCC',
    });

  it("reads a known processor's one-letter prefix before a name (Klarna's `K*` in a Swedish direct debit)", () => {
    const result = universal('Autogiro K*apotea.se', 'DEBIT', 'SEK');
    expect(result.counterparty.find((party) => party.verified)?.name).toBe('Apotea');
    expect(result.transactionInfo.thirdParties.map((party) => party.name)).toEqual(['Klarna']);
  });

  it("reads a state's agency by the state's name (`ST OF CA DMV`), and a gym's membership entry after its name", () => {
    const brandOf = (description: string) =>
      universal(description).counterparty.find((party) => party.verified)?.name;
    expect(brandOf('ACH Transaction - ST OF CA DMV INTERNET 0012200049')).toBe('California DMV');
    expect(brandOf('STATE OF CALIF DMV INT SACRAMENTO CA')).toBe('California DMV');
    expect(brandOf('ACH Transaction - CRUNCH FIT CLUB FEES 0006200001')).toBe('Crunch Fitness');
  });

  it("reads another company after a one-word brand's name, and a brand by its legal name (ACH companies)", () => {
    const brandOf = (description: string, direction: 'DEBIT' | 'CREDIT') =>
      universal(description, direction).counterparty.find((party) => party.verified)?.name;
    expect(
      brandOf('CLARK LOGISTICS DES:PAYROLL ID:998877 INDN:DOE,JOHN CO ID:1234567890 PPD', 'CREDIT'),
    ).toBe(undefined);
    expect(brandOf('UBER TECHNOLOGIES PAYMENT 250101', 'CREDIT')).toBe('Uber');
  });

  it("reads rent paid to a property manager the catalog knows, and a purchase through Klarna's card", () => {
    const rent = universal('GABLES-1JP20466  WEB PMTS   R78427          WEB ID: 9000326709');
    expect(rent.transactionInfo).toMatchObject({ type: 'other_money_movement', subType: 'rental' });
    const klarna = universal('Klarna*Airbnb London GB 2975', 'DEBIT', 'GBP');
    expect(klarna.transactionInfo.type).toBe('spending');
    expect(klarna.counterparty[0]?.name).toBe('Airbnb');
    expect(klarna.transactionInfo.thirdParties.map((party) => party.name)).toEqual(['Klarna']);
  });

  it("takes a bank's name at a town for its machine's cash, never a lender's without branches", () => {
    expect(universal('MEMBERS 1ST FCU5450 CARLIMECHANICSBURGPA').transactionInfo.type).toBe('atm');
    const lender = universal('COLLEGE AVE STUDENT LOANS OMAHA NE');
    expect(lender.counterparty[0]?.name).toBe('College Ave');
    expect(lender.transactionInfo).toMatchObject({ type: 'debt', subType: 'payment' });
  });

  it('takes money paid to a company that runs cash machines for cash from its machine (`NOTEMACHINE UK LTD`)', () => {
    const machine = universal('NOTEMACHINE UK LTD LONDON', 'DEBIT', 'GBP');
    expect(machine.transactionInfo).toMatchObject({ type: 'atm', subType: 'withdrawal' });
    expect(machine.counterparty[0]?.name).toBe('Notemachine');
  });

  it('names an ATM by the bank that owns it, never the shop it stands in, on bank lines as on cards', () => {
    const shop = transfer('ATM WITHDRAWAL 7-ELEVEN 1234 HOUSTON TX', { amount: 60 });
    expect(shop.transactionInfo.type).toBe('atm');
    expect(shop.counterparty).toEqual([]);
    const bank = transfer('BKOFAMERICA ATM 03/12 #000001234 WITHDRWL PORTLAND OR', { amount: 60 });
    expect(bank.counterparty[0]?.name).toBe('Bank of America');
    // A bank's two letters alone, its `W/D` no ACH company's slash; the place its machine stands after its name.
    expect(universal('TD ATM W/D    005295', 'DEBIT', 'CAD').counterparty[0]?.name).toBe('TD');
    expect(
      universal('Wdl ATM CBA ATM CABRAMATTA G NSW 213007 AUS', 'DEBIT', 'AUD').counterparty[0]?.name,
    ).toBe('Commonwealth Bank');
  });

  it('reads a line no bank rule names by its party and entry: own transfer, debt, investment, refund', () => {
    const own = transfer('CHIME DES:TRANSFER ID:XXXX INDN:JANE DOE CO ID:XXX PPD', { amount: 100 });
    expect(own.transactionInfo).toMatchObject({ type: 'other_money_movement', subType: 'transfer' });
    expect(own.counterparty[0]?.name).toBe('Chime');
    const loan = transfer('NAVIENT DES:LOAN PMT ID:XXXX INDN:JANE DOE CO ID:XXX PPD', { amount: 200 });
    expect(loan.transactionInfo).toMatchObject({ type: 'debt', subType: 'payment' });
    // A brokerage the catalog knows takes an investment; money back under a refund entry is a reimbursement.
    const invested = transfer('MSPBNA ACH TRNSFR 221006 64010974906 50038928', { amount: 500 });
    expect(invested.transactionInfo).toMatchObject({ type: 'other_money_movement', subType: 'investment' });
    const refund = transfer('HILLTOP COLLEGE REFUNDS 221011 20114182 JANE DOE', { amount: -300 });
    expect(refund.transactionInfo).toMatchObject({ type: 'reimbursement', subType: null });
    // A store paid under a payment entry is paid for its card.
    const storeCard = transfer('KOHLS PAYMENT 250314 721619934540128 JANE DOE', { amount: 54 });
    expect(storeCard.transactionInfo).toMatchObject({ type: 'debt', subType: 'payment' });
  });

  it('reads a person paid through PayPal as money sent, a shop behind it as a purchase', () => {
    const person = universal('PAYPAL *ROWAN PATRICK');
    expect(person.transactionInfo).toMatchObject({
      type: 'other_money_movement',
      subType: 'transfer',
      isPeerToPeer: true,
    });
    expect(person.counterparty[0]?.name).toBe('Rowan Patrick');
    const shop = universal('PAYPAL *BRIGHT HARBOR BAKERY');
    expect(shop.transactionInfo).toMatchObject({ type: 'spending', isPeerToPeer: false });
  });

  it('reads money in that no rule names by its party: a tax refund from a tax agency, a claim from an insurer', () => {
    const tax = universal('Direct Credit 012721 ATO ATO008000022387138', 'CREDIT', 'AUD');
    expect(tax.transactionInfo).toMatchObject({ type: 'income', subType: 'tax_refund' });
    const claim = universal('Direct Credit 361748 MEDIBANK PRIVATE 109021747337', 'CREDIT', 'AUD');
    expect(claim.transactionInfo).toMatchObject({ type: 'reimbursement', subType: null });
  });

  it('reads payroll deposits, card payments and tax refunds from ACH lines', () => {
    const payroll = transfer(
      'AMAZON.COM SERVICES DES:PAYROLL ID:XXXXX8841 INDN:JANE DOE CO ID:XXXXX44188 PPD',
      {
        transactionType: 'ACH_DEPOSIT',
        direction: 'CREDIT',
        amount: 2450,
      },
    );
    expect(payroll.transactionInfo).toMatchObject({
      type: 'income',
      subType: 'earned_income',
      transferInfo: {
        direction: 'incoming',
        transferMethod: 'ach',
        transferType: 'external',
        isAdjustmentOrRefund: false,
      },
      spendingInfo: null,
    });
    expect(payroll.counterparty[0]?.name).toBe('Amazon');
    const autopay = transfer('CHASE CREDIT CRD DES:AUTOPAY ID:XXXX INDN:JANE DOE CO ID:XXX PPD', {
      amount: 350,
    });
    expect(autopay.transactionInfo).toMatchObject({ type: 'debt', subType: 'payment' });
    expect(autopay.counterparty[0]?.name).toBe('Chase');
    expect(transfer('IRS TREAS 310 TAX REF', { amount: -1200 }).transactionInfo).toMatchObject({
      type: 'income',
      subType: 'tax_refund',
      transferInfo: { direction: 'incoming' },
    });
  });

  it('reads a category code the bank prints in the description as the MCC', () => {
    const line = (description: string) =>
      engine.enrich('universal', {
        userId: 'u1',
        description,
        categoryType: 'MCC',
        amount: 4.5,
        direction: 'DEBIT',
        currencyCode: 'USD',
        occurredAt: '2025-03-01T00:00:00Z',
      });
    const stated = line(
      'CHECK CRD PURCHASE 03/23 HILLSIDE NOOK OREM UT 486831XXXXXX6803 164231178829317 ?MCC=5814',
    );
    const bare = line('CHECK CRD PURCHASE 03/23 HILLSIDE NOOK OREM UT 486831XXXXXX6803 164231178829317');
    expect(stated.transactionInfo.display.name).toBe('Hillside Nook');
    expect(stated.counterparty[0]?.industry.at(-1)?.id).not.toBe(bare.counterparty[0]?.industry.at(-1)?.id);
  });

  it('makes a Zelle payment to a person P2P: the person is the counterparty, the app a third party, no brand', () => {
    const zelle = transfer('Zelle payment to JOHN MCDONALD Conf# 8hq2k', { direction: 'DEBIT', amount: 40 });
    expect(zelle.transactionInfo).toMatchObject({
      type: 'other_money_movement',
      subType: 'transfer',
      isPeerToPeer: true,
      thirdParties: [{ name: 'Zelle' }],
    });
    expect(zelle.counterparty).toMatchObject([{ name: 'John McDonald', verified: false }]);
    expect(enrichmentSchema.safeParse(zelle).success).toBe(true);
    // Nobody stands behind a cash-out: the app is the counterparty.
    const cashOut = transfer('VENMO CASHOUT PPD ID: 5264681992', { direction: 'CREDIT', amount: 80 });
    expect(cashOut.counterparty.map((party) => party.name)).toEqual(['Venmo']);
  });

  it('reads a Canadian account: its currency places the line, a bank network names no one, a field code says what the entry is', () => {
    const canadian = (description: string, direction: 'DEBIT' | 'CREDIT' = 'DEBIT') =>
      engine.enrichUniversal({
        userId: 'u1',
        description,
        amount: 20,
        direction,
        currencyCode: 'CAD',
        categoryType: 'MCC',
      });
    // A brand of Canada only is verified on a CAD account's line, not on a USD one's.
    expect(canadian('GOODLIFE CLUBS   MSP').counterparty[0]).toMatchObject({
      name: 'GoodLife Fitness',
      verified: true,
    });
    expect(
      engine.enrichUniversal({
        userId: 'u1',
        description: 'GOODLIFE CLUBS',
        amount: 20,
        direction: 'DEBIT',
        categoryType: 'MCC',
      }).counterparty[0]?.verified,
    ).toBe(false);
    // Interac carries the money between banks: a masked e-Transfer names no counterparty.
    const eTransfer = canadian('SEND E-TFR ***4sU   ');
    expect(eTransfer.transactionInfo).toMatchObject({
      type: 'other_money_movement',
      subType: 'transfer',
      isPeerToPeer: true,
      thirdParties: [{ name: 'Interac' }],
    });
    expect(eTransfer.counterparty).toEqual([]);
    // TD Canada Trust's codes: payroll, a mortgage to the bank, a card network's mark.
    expect(canadian('ZABER TECHNOLOG  PAY', 'CREDIT').transactionInfo).toMatchObject({
      type: 'income',
      subType: 'earned_income',
    });
    const mortgage = canadian('2600337RBC PYT   MTG');
    expect(mortgage.transactionInfo).toMatchObject({ type: 'debt', subType: 'payment' });
    expect(mortgage.counterparty[0]?.name).toBe('RBC');
    expect(canadian('A W #4598         _M').counterparty[0]?.name).toBe('A&W');
    // The other banks' wording: an Interac purchase, a bill paid online, a machine's cash, the government.
    expect(canadian('Interac purchase - 1234 TIM HORTONS #5678').counterparty[0]?.name).toBe('Tim Hortons');
    expect(canadian('Internet Banking INTERNET BILL PAY 000000123456 ROGERS').counterparty[0]?.name).toBe(
      'Rogers',
    );
    expect(canadian('ABM Withdrawal').transactionInfo.type).toBe('atm');
    const refund = canadian('Tax Refund CANADA', 'CREDIT');
    expect(refund.counterparty[0]?.name).toBe('Government of Canada');
    expect(refund.transactionInfo).toMatchObject({ type: 'income', subType: 'tax_refund' });
  });

  it("places a town printed alone in the account's country: an Australian card's town is no part of the name", () => {
    const australian = (description: string) =>
      engine.enrichUniversal({
        userId: 'u1',
        description,
        amount: 20,
        direction: 'DEBIT',
        currencyCode: 'AUD',
        categoryType: 'MCC',
      });
    const sushi = australian('HERO SUSHI SYDNEY').counterparty[0];
    expect(sushi).toMatchObject({ name: 'Hero Sushi', verified: false });
    expect(sushi?.location[0]).toMatchObject({ city: 'Sydney', country: 'AU' });
    // Hobart, Tasmania, not Hobart, Indiana.
    expect(australian('BWS LIQUOR 3131 HOBART').counterparty[0]?.location[0]).toMatchObject({
      city: 'Hobart',
      country: 'AU',
    });
    // On a US account the words stay the name's.
    const american = engine.enrichUniversal({
      userId: 'u1',
      description: 'HERO SUSHI SYDNEY',
      amount: 20,
      direction: 'DEBIT',
      categoryType: 'MCC',
    });
    expect(american.counterparty[0]?.name).toBe('Hero Sushi Sydney');
  });

  it('reads what a card paid that was no purchase: a remittance, an instalment repaid, rent through a portal', () => {
    const card = (description: string) =>
      engine.enrichUniversal({
        userId: 'u1',
        description: `PURCHASE AUTHORIZED ON 03/16 ${description} S385075641963805 CARD 8167`,
        amount: 130,
        categoryType: 'MCC',
      });
    const remittance = card('RMTLY* S876C REMITLY.COM WA');
    expect(remittance.transactionInfo).toMatchObject({ type: 'other_money_movement', subType: 'transfer' });
    expect(remittance.counterparty[0]).toMatchObject({ name: 'Remitly', verified: true });
    const instalment = card('PAYPAL *PYPL PAYIN4 402-935-7733 CA');
    expect(instalment.transactionInfo).toMatchObject({ type: 'debt', subType: 'bnpl' });
    expect(instalment.counterparty[0]?.name).toBe('PayPal');
    // A merchant behind the lender's prefix was bought from.
    expect(card('AFFIRM *CASPER SLEEP NEW YORK NY').transactionInfo.type).toBe('spending');
    const rent = card('APF*QUEEN CITY MANAGEME NC');
    expect(rent.transactionInfo).toMatchObject({
      type: 'other_money_movement',
      subType: 'rental',
      thirdParties: [{ name: 'AppFolio' }],
    });
    // A card issuer paid by the bank's card: the card's bill; a cash-advance app's membership is bought.
    const cardBill = card('AMZ SECURED CARD 8555974891 GA');
    expect(cardBill.transactionInfo).toMatchObject({ type: 'debt', subType: 'payment' });
    expect(cardBill.counterparty[0]?.name).toBe('Synchrony');
    expect(card('FLOATME SUBSCRIPTI SAN ANTONIO TX').transactionInfo.type).toBe('spending');
  });

  it('names no one from a debt payment that says only what it is (`CREDIT CARD 3333 PAYMENT`)', () => {
    for (const description of [
      'CREDIT CARD 3333 PAYMENT *//',
      'E Withdrawal -  AUTOMOBILE PAYMENT - WEB PAY',
    ]) {
      const result = engine.enrichUniversal({
        userId: 'u1',
        description,
        amount: 300,
        direction: 'DEBIT',
        categoryType: 'MCC',
      });
      expect(result.transactionInfo).toMatchObject({ type: 'debt', subType: 'payment' });
      expect(result.counterparty).toEqual([]);
    }
  });

  it('names the third party of a prefix: a P2P app (`SQC*`), a ticket seller, a card processor', () => {
    for (const [description, party, name] of [
      ['SQC*JOHN SMITH', 'Cash App', 'John Smith'],
      ['EVENTBRITE *HARBOR FEST', 'Eventbrite', 'Harbor Fest'],
      ['AXS*HARBOR ARENA', 'AXS', 'Harbor Arena'],
      ['CLV*HARBOR CAFE', 'Clover', 'Harbor Cafe'],
    ] as const) {
      const result = engine.enrichUniversal({
        userId: 'u1',
        description,
        amount: 25,
        direction: 'DEBIT',
        categoryType: 'MCC',
      });
      expect(result.transactionInfo.thirdParties.map((third) => third.name)).toEqual([party]);
      expect(result.counterparty[0]?.name).toBe(name);
    }
  });

  it('reads a wallet run into one word as the wallet, not as a card payment (`APPLEPAY`, `GOOGLEPAY*`)', () => {
    for (const [description, wallet] of [
      ['APPLEPAY HARBOR CAFE', 'Apple Pay'],
      ['GOOGLEPAY*HARBOR CAFE', 'Google Pay'],
    ] as const) {
      const result = engine.enrichUniversal({
        userId: 'u1',
        description,
        amount: 5.4,
        direction: 'DEBIT',
        categoryType: 'MCC',
      });
      expect(result.transactionInfo).toMatchObject({ type: 'spending', thirdParties: [{ name: wallet }] });
    }
  });

  it('names no one from a bank credit that says only what it is (`REBATE OF ATM SURCHARGE`)', () => {
    for (const description of [
      'REBATE OF ATM SURCHARGE FOR 07/27/16 WITHDRAWAL',
      'INTEREST CHARGE REVERSAL',
      'REWARD POINTS REDEMPTION',
    ]) {
      const result = engine.enrichUniversal({
        userId: 'u1',
        description,
        amount: 2.5,
        direction: 'CREDIT',
        categoryType: 'MCC',
      });
      expect(result.counterparty).toEqual([]);
    }
  });

  it('finds fees, own-account transfers and checks, with nobody as counterparty', () => {
    expect(transfer('OVERDRAFT ITEM FEE', { amount: 35 }).transactionInfo).toMatchObject({
      type: 'fee',
      subType: 'overdraft',
    });
    const own = transfer('ONLINE TRANSFER TO SAV XXXXXX1234', { amount: 500 });
    expect(own.transactionInfo.transferInfo).toMatchObject({
      transferType: 'internal',
      transferMethod: 'intrabank',
    });
    expect(own.counterparty).toEqual([]);
    expect(transfer('MOBILE DEPOSIT', { direction: 'CREDIT', amount: 120 }).transactionInfo).toMatchObject({
      subType: 'deposit',
      transferInfo: { transferMethod: 'check' },
    });
  });

  it('enriches a universal card purchase as card spending, and a universal deposit as a transfer', () => {
    const purchase = engine.enrichUniversal({
      userId: 'u1',
      description: 'POS PURCHASE STARBUCKS STORE 12345 SEATTLE WA',
      amount: 5.4,
      categoryType: 'MCC',
    });
    expect(purchase.transactionInfo).toMatchObject({ type: 'spending', transferInfo: null });
    expect(purchase.counterparty[0]?.name).toBe('Starbucks');
    const deposit = engine.enrichUniversal({
      userId: 'u1',
      description: 'SSA TREAS 310 XXSOC SEC',
      amount: -1400,
      categoryType: 'MCC',
    });
    expect(deposit.transactionInfo).toMatchObject({ type: 'income', subType: 'government_benefits' });
  });

  it("pays money back from a merchant as a reimbursement, but a card's own refund stays spending", () => {
    const back = (description: string) =>
      engine.enrichUniversal({
        userId: 'u1',
        description,
        amount: 25,
        direction: 'CREDIT',
        categoryType: 'MCC',
      }).transactionInfo.type;
    expect(back('AMAZON.COM*2K4LL8PT1 AMZN.COM/BILL WA')).toBe('reimbursement');
    // A local merchant placed as a card's descriptor is (a town and its state), or named by its trade; a bare
    // name that says no trade is a deposit.
    expect(back('BLUE HERON BISTRO    PORTLAND            OR')).toBe('reimbursement');
    expect(back('BLUE HERON BISTRO')).toBe('reimbursement');
    expect(back('BLUE HERON')).toBe('other_money_movement');
    expect(
      back('PURCHASE RETURN AUTHORIZED ON 05/11 TARGET 00012345 HOUSTON TX S585131648271943 CARD 4421'),
    ).toBe('reimbursement');
    // The line shows its card: a card's refund (CONTRACT.md).
    expect(back('CHECKCARD 0618 PETCO 1587 COLUMBUS OH 53574344609922216034806')).toBe('spending');
    expect(back('SQ *BLUE BOTTLE COFFEE SAN FRANCISCO CA')).toBe('spending');
  });
});

describe('createEngine: a transfer body as declared, a universal line built once', () => {
  const payrollLine = 'ACME CORP DES:PAYROLL ID:XXXXX8841 INDN:JANE DOE CO ID:XXXXX44188 PPD';

  it('takes the direction a declared type names over the sign of the amount', () => {
    // Callers print amounts both ways: a payroll deposit sent as 2500 is still money in.
    const payroll = engine.enrichTransfer({
      userId: 'u1',
      transactionType: 'ACH_DEPOSIT',
      description: payrollLine,
      amount: 2500,
    });
    expect(payroll.transactionInfo).toMatchObject({
      type: 'income',
      subType: 'earned_income',
      transferInfo: { direction: 'incoming' },
    });
    const direction = (fields: Record<string, unknown>) =>
      engine.enrichTransfer({ userId: 'u1', transactionType: 'OTHER', description: payrollLine, ...fields })
        .transactionInfo.transferInfo?.direction;
    // The body's own `direction` still comes first; a type that names none leaves it to the sign.
    expect(direction({ transactionType: 'ACH_DEPOSIT', direction: 'DEBIT', amount: 2500 })).toBe('outgoing');
    expect(direction({ transactionType: 'US_WIRE_OUTGOING', amount: -300 })).toBe('outgoing');
    expect(direction({ amount: -300 })).toBe('incoming');
    expect(direction({ amount: 300 })).toBe('outgoing');
  });

  it('enriches a universal line once: one enrichment id, one series entry, the one returned', () => {
    for (const description of [
      // No transfer wording: the card path names the merchant.
      'MARIAS FLOWERS OAKLAND CA',
      'NETFLIX.COM',
      'POS PURCHASE STARBUCKS STORE 12345 SEATTLE WA',
      'SSA TREAS 310 XXSOC SEC',
    ]) {
      const series = createSeriesBook();
      const idsBefore = counter;
      const pending = engine.begin(
        'universal',
        { userId: 'u1', description, amount: 42, occurredAt: '2024-06-01', categoryType: 'MCC' },
        { series },
      );
      const result = pending.finish();
      expect(counter - idsBefore).toBe(1);
      const state = series.get('u1', pending.series!.key)!;
      expect(state.counterpartyId).toBe(result.counterparty[0]?.id ?? null);
      expect(state.bands.flatMap((band) => band.payments.map((payment) => payment[2]))).toEqual([
        result.enrichmentId,
      ]);
    }
    const flowers = engine.enrichUniversal({
      userId: 'u1',
      description: 'MARIAS FLOWERS OAKLAND CA',
      amount: 42,
      categoryType: 'MCC',
    });
    expect(flowers.transactionInfo).toMatchObject({ type: 'spending', transferInfo: null });
    expect(flowers.counterparty[0]).toMatchObject({ name: "Maria's Flowers", verified: false });
  });
});

describe('enrichment ids', () => {
  it('are distinct version 7 UUIDs that begin with the clock, so a later one sorts after', () => {
    const fresh = createEngine({ catalog: engine.catalog });
    const newId = () => fresh.enrichCard({ merchantName: 'NETFLIX.COM', categoryType: 'MCC' }).enrichmentId;
    const started = Date.now();
    // More than the 256 ids one draw of random bytes serves.
    const ids = Array.from({ length: 600 }, newId);
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
    const clock = Number.parseInt(ids[0]!.replace('-', '').slice(0, 12), 16);
    expect(clock).toBeGreaterThanOrEqual(started);
    while (Date.now() <= clock);
    expect(newId() > ids[0]!).toBe(true);
  });
});
