import { findDates, parseDuration, toIso } from './dates';
import { extractFields, findAgreementDate } from './extract-fields';
import { extractForum, extractGoverningLaw } from './jurisdiction';
import { classifyMoneyContext, extractAmounts } from './money';
import { extractParties } from './parties';
import { extractTerm } from './term';
import { extractTitle } from './title';
import type { FieldSpan } from './types';

const CONTRACT = [
  'Exhibit 10.4',
  '',
  'EXCLUSIVE DISTRIBUTION AGREEMENT',
  '',
  'This Exclusive Distribution Agreement (the "Agreement") is entered into as of the 12th day of November, 2019 (the "Effective Date") by and between Northwind Tools, Inc., a Delaware corporation ("Supplier"), and Harbor Supply LLC, a Texas limited liability company ("Distributor").',
  '',
  'WHEREAS, Supplier manufactures hand tools.',
  '',
  '2. Term. The initial term of this Agreement shall commence on the Effective Date and continue for three (3) years. This Agreement shall automatically renew for successive one (1) year periods unless either party gives written notice of non-renewal at least ninety (90) days prior to the end of the then-current term.',
  '',
  '3. Fees. Distributor shall pay Supplier an annual fee of $25,000.',
  '',
  "9. Limitation of Liability. In no event shall either party's aggregate liability exceed $500,000.",
  '',
  '10. Insurance. Distributor shall maintain general liability insurance of at least $2,000,000 per occurrence.',
  '',
  '12. Governing Law. This Agreement shall be governed by the laws of the State of New York, without regard to its conflict of laws rules. Each party submits to the exclusive jurisdiction of the state and federal courts located in New York County.',
].join('\n');

/** The effective date the fields give: a date, else the words that fix the start. */
function effectiveOf(text: string): string | undefined {
  const fields = extractFields(text);
  return fields.dates.find((d) => d.kind === 'effective')?.value ?? fields.effectiveFrom?.value;
}

function expectSpan(span: FieldSpan | undefined, text: string): void {
  expect(span).toBeDefined();
  if (span !== undefined) expect(text.slice(span.start, span.end)).toBe(span.value);
}

describe('extractFields', () => {
  const fields = extractFields(CONTRACT);

  it('reads the title', () => {
    expect(fields.title?.value).toBe('EXCLUSIVE DISTRIBUTION AGREEMENT');
    expectSpan(fields.title, CONTRACT);
  });

  it('reads the parties with the names they are given', () => {
    expect(fields.parties.map((p) => [p.value, p.role?.value])).toEqual([
      ['Northwind Tools, Inc.', 'Supplier'],
      ['Harbor Supply LLC', 'Distributor'],
    ]);
    for (const p of fields.parties) {
      expectSpan(p, CONTRACT);
      expectSpan(p.role, CONTRACT);
    }
  });

  it('reads the agreement and effective dates', () => {
    const byKind = Object.fromEntries(fields.dates.map((d) => [d.kind, d]));
    expect(byKind.agreement?.iso).toBe('2019-11-12');
    expect(byKind.effective?.iso).toBe('2019-11-12');
    for (const d of fields.dates) expectSpan(d, CONTRACT);
  });

  it('reads the term and the renewal with its notice period', () => {
    expect(fields.term?.initialTerm).toEqual({ amount: 3, unit: 'year' });
    expect(fields.renewal).toMatchObject({ automatic: true, renewalTerm: { amount: 1, unit: 'year' }, noticePeriod: { amount: 90, unit: 'day' } });
    expectSpan(fields.term, CONTRACT);
    expectSpan(fields.renewal, CONTRACT);
  });

  it('reads the term alone, as a question on when the contract expires reads it', () => {
    const term = extractTerm(CONTRACT);
    expect(term?.initialTerm).toEqual({ amount: 3, unit: 'year' });
    expect(term?.value).toMatch(/^The initial term of this Agreement shall commence/);
    expectSpan(term, CONTRACT);
    expect(extractTerm('The parties shall meet each quarter to review the forecast.')).toBeUndefined();
  });

  it('reads the governing law and the forum', () => {
    expect(fields.governingLaw?.jurisdiction).toBe('New York');
    expect(fields.forum?.jurisdiction).toBe('New York County');
    expectSpan(fields.governingLaw, CONTRACT);
    expectSpan(fields.forum, CONTRACT);
  });

  it('reads sums of money with what they are for', () => {
    expect(fields.amounts.map((a) => [a.value, a.amount, a.context])).toEqual([
      ['$25,000', 25000, 'fee'],
      ['$500,000', 500000, 'cap'],
      ['$2,000,000', 2000000, 'insurance'],
    ]);
    for (const a of fields.amounts) expectSpan(a, CONTRACT);
  });

  it('keeps the words that fix the start when the contract names no date', () => {
    const text = 'SERVICES AGREEMENT\n\nThis Agreement shall become effective upon signature by both parties. It continues for one year.';
    const result = extractFields(text);
    expect(result.effectiveFrom?.value).toBe('This Agreement shall become effective upon signature by both parties.');
    expect(result.dates.filter((d) => d.kind === 'effective')).toEqual([]);
  });

  it('returns empty fields for a text that is not a contract', () => {
    const empty = extractFields('Meeting notes: bring coffee.');
    expect(empty.parties).toEqual([]);
    expect(empty.dates).toEqual([]);
    expect(empty.governingLaw).toBeUndefined();
    expect(empty.amounts).toEqual([]);
  });
});

describe('dates', () => {
  it.each([
    ['November 12, 2019', '2019-11-12'],
    ['12th day of November, 2019', '2019-11-12'],
    ['1 st day of May 2006', '2006-05-01'],
    ['19 Jan. 1998', '1998-01-19'],
    ['3-5-98', '1998-03-05'],
  ])('parses %s', (value, iso) => {
    expect(toIso(value)).toBe(iso);
  });

  it('finds blank dates left to be filled in', () => {
    const text = 'made this ____ day of __________, 2020 between the parties';
    const [d] = findDates(text);
    expect(d.value).toBe('____ day of __________, 2020');
    expect(d.iso).toBeUndefined();
  });

  it.each([
    ['ninety (90) days', { amount: 90, unit: 'day' }],
    ['one-year', { amount: 1, unit: 'year' }],
    ['twelve months', { amount: 12, unit: 'month' }],
    ['6 months', { amount: 6, unit: 'month' }],
  ])('parses the duration %s', (phrase, duration) => {
    expect(parseDuration(phrase)).toEqual(duration);
  });
});

describe('parties and title', () => {
  it('reads "Party A:" style party lists', () => {
    const text = 'Cooperation Agreement\nParty A: Alpha Technology Co., Ltd.\nLegal Representative: someone\nParty B: Beta Leasing Co., Ltd\nAddress: somewhere';
    expect(extractParties(text).map((p) => [p.value, p.role?.value])).toEqual([
      ['Alpha Technology Co., Ltd.', 'Party A'],
      ['Beta Leasing Co., Ltd', 'Party B'],
    ]);
  });

  it.each<[string, string, [string, string | undefined][]]>([
    ['a quote missing or misplaced', 'This Licence Agreement is made between Northwind Ltd. ("Licensor), a Kent company, and Southport Inc. "(Licensee") (each a "Party").', [['Northwind Ltd.', 'Licensor'], ['Southport Inc.', 'Licensee']]],
    ['"the Buyer" inside the quotes', 'This Agreement is made by and between Harbour Foods Ltd, a Scottish company (hereinafter referred to as "the Buyer"), and Glen Farms plc (hereinafter "the Seller").', [['Harbour Foods Ltd', 'Buyer'], ['Glen Farms plc', 'Seller']]],
    ['"and its Affiliates"', 'THIS SUPPLY AGREEMENT is made between Alder Labs, LLC and its Affiliates, with an address at 1 Main St ("ALDER") and Birch Co., and its Affiliates, with offices at 2 Oak Rd ("BIRCH").', [['Alder Labs, LLC', 'ALDER'], ['Birch Co.', 'BIRCH']]],
    ['a redacted address', 'This Service Agreement is entered into between (1) Cedar Holdings Limited of 4 Elm Row (the "Employer"); and (2) Dana Smith of [address removed] (the "Executive").', [['Cedar Holdings Limited', 'Employer'], ['Dana Smith', 'Executive']]],
    ['"a company to be formed"', 'This Agreement is made between: Fir Capital Inc., hereinafter referred to as "FCI"; And: A Pine Trading Company to be formed by its founders, having an office at 9 Bay St, hereinafter referred to as "PTC".', [['Fir Capital Inc.', 'FCI'], ['A Pine Trading Company', 'PTC']]],
    ['a spaced "B E T W E E N"', 'THIS AGREEMENT made this 2 day of May. B E T W E E N: MAPLE LINES LTD. ("Maple") - and - OAK FREIGHT INC. ("Oak") WHEREAS Maple carries parcels.', [['MAPLE LINES LTD.', 'Maple'], ['OAK FREIGHT INC.', 'Oak']]],
    ['a form\'s "Customer Name:" boxes', 'SUPPORT AGREEMENT Date: May 1 Between Client Name: ROWAN HEALTH, INC. 12 Lake Drive Contact: Jo And Customer Name: ASH SYSTEMS, INC. 9 Hill Road Contact: Al', [['ROWAN HEALTH, INC.', 'Client'], ['ASH SYSTEMS, INC.', 'Customer']]],
    ['bare defined names the contract goes on using', `This Transport Agreement is entered into by Lake Carriers Limited Partnership (Carrier) and HILL GAS COMPANY (Shipper). The Carrier moves what the Shipper tenders; the Shipper pays the Carrier; the Carrier bills the Shipper monthly.`, [['Lake Carriers Limited Partnership', 'Carrier'], ['HILL GAS COMPANY', 'Shipper']]],
    ['a last party given by its role', "This Content Agreement (\"Agreement\") is between Willow Media, Inc. (\"Willow\"), and Distributor, as set forth below, and sets out the terms. Distributor's use is subject to the Terms (\"Terms\").", [['Willow Media, Inc.', 'Willow'], ['Distributor, as set forth below', undefined]]],
    ['names after "the following parties:"', 'This Licence Agreement ("Agreement") is entered into between the following two parties on 3 March 2021 in Geneva: Lark Media SA ("Party A"), a Swiss company, and Wren Digital Ltd ("Party B"), an English company.', [['Lark Media SA', 'Party A'], ['Wren Digital Ltd', 'Party B']]],
    ['a placeholder name', 'This Schedule is attached to the Agreement executed by and between Heron Bank, N.A. ("Heron") and <<enter Company Name>> ("Supplier"). The Supplier delivers.', [['Heron Bank, N.A.', 'Heron'], ['<<enter Company Name>>', 'Supplier']]],
    ['a name left blank', 'THIS AGREEMENT is made by and between Kestrel AG, a Swiss corporation ("KESTREL"), and _______________, a corporation organized under the laws of _______ ("Distributor"). Recitals', [['Kestrel AG', 'KESTREL'], ['_______________', 'Distributor']]],
    ['a defined name like "e2 Labs" and a party filled in below', 'THIS RESELLER AGREEMENT is made by and between e2 Labs, LLC ("e2 Labs"), a Virginia company ("Reseller") and the company set forth below ("Company"): Company: Osprey Systems, Inc. (OSPR) Telephone: 555-0100', [['e2 Labs, LLC', 'e2 Labs'], ['Osprey Systems, Inc.', 'Company']]],
    ['a letter agreement after its salutation', 'CONSULTING AGREEMENT May 2, 2021 Jane Roe Dear Jane: Finch Bio, Inc, a Delaware corporation (the "Company"), is pleased to offer this Consulting Agreement (this "Agreement") to retain Jane Roe ("Consultant") on these terms: 1. Services. Consultant shall act as agreed from time to time by and between Consultant and Company.', [['Finch Bio, Inc', 'Company'], ['Jane Roe', 'Consultant']]],
    ['a party left blank after "and"', 'This Support Agreement ("Agreement") is entered into by and between Linnet Software, Inc., a Delaware corporation ("LINNET") with its office at 1 Bay Road, Springfield 95054 and ______________________, a ____________ corporation ("Licensee") with its office at ____________.', [['Linnet Software, Inc.', 'LINNET'], ['______________________', 'Licensee']]],
  ])('reads the parties of a preamble with %s', (_shape, text, parties) => {
    expect(extractParties(text).map((p) => [p.value, p.role?.value])).toEqual(parties);
  });

  it('does not take words that refer elsewhere ("the meaning set forth in ...") for a party named elsewhere', () => {
    const summary = 'SPONSORSHIP SUMMARY Capitalised terms have the meaning set forth in the General Provisions. If the Annual Payment set forth in this Summary for any year is more than planned, the holders of the notes ("Noteholders") may act.';
    expect(extractParties(summary)).toEqual([]);
    const named = 'This Agreement is made between Rook Ltd ("Rook") and the sponsor named on the signature page ("Sponsor").';
    expect(extractParties(named).map((p) => [p.value, p.role?.value])).toEqual([
      ['Rook Ltd', 'Rook'],
      ['the sponsor named on the signature page', 'Sponsor'],
    ]);
  });

  it('names a filed form by what it is a form of, keeps a dash inside a title and stops the title at the preamble', () => {
    expect(extractTitle('Exhibit 2.7 FORM OF TRADEMARK LICENSE AGREEMENT THIS TRADEMARK LICENSE AGREEMENT (this "Agreement") is made')?.value).toBe('TRADEMARK LICENSE AGREEMENT');
    expect(extractTitle('ODM - SUPPLY AGREEMENT BETWEEN: NORTH PREP INC. "the Manufacturer"')?.value).toBe('ODM - SUPPLY AGREEMENT');
  });

  it('skips a filing legend that runs into the title', () => {
    const text = 'EXHIBIT 4.25 PORTIONS OMITTED AS THEY WOULD CAUSE HARM IF DISCLOSED. SERVICES AGREEMENT This Services Agreement is made';
    expect(extractTitle(text)?.value).toBe('SERVICES AGREEMENT');
  });

  it('reads a title past a copy label or a treatment legend, and in sentence case on a line of its own', () => {
    expect(extractTitle('EXECUTION COPY PROMOTION AGREEMENT\n\nby and between SIGA TECHNOLOGIES, INC. and MERIDIAN')?.value).toBe('PROMOTION AGREEMENT');
    const legend = 'TREATMENT WITH RESPECT TO CERTAIN PORTIONS OF THIS AGREEMENT ACCORDINGLY, CERTAIN PORTIONS HAVE BEEN REDACTED\n\nExhibit 10.1\n\nSPONSORSHIP AGREEMENT\n\nThis agreement is entered into';
    expect(extractTitle(legend)?.value).toBe('SPONSORSHIP AGREEMENT');
    expect(extractTitle('EXHIBIT 10.43 Dated 29/3/18\n\nDistributorship agreement\n\nbetween\n\nSignature Orthopaedics Pty Ltd')?.value).toBe('Distributorship agreement');
  });
});

describe('jurisdiction', () => {
  it('keeps multi-word places and stops at qualifiers', () => {
    const law = extractGoverningLaw('THIS AGREEMENT SHALL BE GOVERNED BY THE LAWS OF ENGLAND AND WALES WITHOUT GIVING EFFECT TO CONFLICT RULES.');
    expect(law?.jurisdiction).toBe('ENGLAND AND WALES');
  });

  it('reads law named as an adjective', () => {
    expect(extractGoverningLaw('This agreement shall be governed by and construed in accordance with Ohio law.')?.jurisdiction).toBe('Ohio');
  });

  it('ignores a reference to the laws of any other jurisdiction', () => {
    expect(extractGoverningLaw('Nothing requires the application of the laws of any other jurisdiction.')).toBeUndefined();
  });

  it('reads the seat of arbitration', () => {
    expect(extractForum('Any dispute shall be settled by arbitration held in Singapore under the SIAC rules.')?.jurisdiction).toBe('Singapore');
  });
});

describe('money', () => {
  it('reads currencies, scales and redacted figures', () => {
    const amounts = extractAmounts('a fee of US$ 1.5 million, a deposit of EUR 20,000, and a royalty of $[***]');
    expect(amounts.map((a) => [a.currency, a.amount])).toEqual([
      ['USD', 1500000],
      ['EUR', 20000],
      ['USD', undefined],
    ]);
  });

  it('classifies the purpose of an amount from its sentence', () => {
    expect(classifyMoneyContext('Customer shall pay liquidated damages of $10,000 per day')).toBe('damages');
    expect(classifyMoneyContext('total liability shall not exceed $1,000,000')).toBe('cap');
    expect(classifyMoneyContext('the annual fee is $5,000')).toBe('fee');
    expect(classifyMoneyContext('a parking space worth $50')).toBe('other');
  });
});

// Passages of real filed contracts (CUAD, CC BY 4.0), as their extracted text reads.
describe('facts read right on real clauses', () => {
  it('reads a party whose address names two cities joined by "and"', () => {
    const text =
      'This Multiple LINAC and Multi-Modality Distributor Agreement ("Agreement") is entered into by and between ACCURAY INCORPORATED, a Delaware corporation with its executive offices located at 1310 Chesapeake Terrace, Sunnyvale, California 94089, USA ("Accuray"), and SIEMENS AKTIENGESELLSCHAFT, a corporation formed under the laws of the Federal Republic of Germany, with its registered offices located at Berlin and Munich ("Siemens"), as of June 8, 2010 ("Effective Date"). RECITALS Accuray manufactures radiosurgery systems.';
    expect(extractParties(text).map((p) => [p.value, p.role?.value])).toEqual([
      ['ACCURAY INCORPORATED', 'Accuray'],
      ['SIEMENS AKTIENGESELLSCHAFT', 'Siemens'],
    ]);
  });

  it('reads a party named in lower camel case, a "- and -" list, and stops at the end of the sentence', () => {
    const lucent =
      'This Agreement is made this 21st day of January 2003 by and between Lucent Technologies Inc., a Delaware corporation having a principal place of business at 600 Mountain Avenue, Murray Hill, New Jersey 07974 ("Lucent") and mPhase Technologies Inc., a New Jersey corporation located at 587 Connecticut Avenue, Norwalk, Connecticut 068545 ("mPhase") (each individually, "a Party" and, collectively, "the Parties"}. WHEREAS, mPhase wishes to use the Lucent name.';
    expect(extractParties(lucent).map((p) => p.value)).toEqual(['Lucent Technologies Inc.', 'mPhase Technologies Inc.']);
    const ehave =
      'THIS LICENSE AND RESELLER AGREEMENT dated as of the October 30, 2018 is made BETWEEN: EHAVE, INC., a company incorporated under the laws of the Province of Ontario, Canada ("Ehave"); - and - COMPANION HEALTHCARE TECHNOLOGIES CORP, a company incorporated under the laws of the Province of Ontario ("CHT") RECITALS: A. Ehave has developed a software platform.';
    expect(extractParties(ehave).map((p) => p.value)).toEqual(['EHAVE, INC.', 'COMPANION HEALTHCARE TECHNOLOGIES CORP']);
    const letter =
      'Ladies and Gentlemen: El Banco Financial Corporation, a Georgia corporation (the "Company"), proposes to engage the sales agent identified on the signature page (the "Agent" or "you") to sell the Company\'s common stock (the "Shares"). 1. The Offering. The Company has filed with the Securities and Exchange Commission (the "Commission") a registration statement.';
    expect(extractParties(letter).map((p) => [p.value, p.role?.value])).toEqual([
      ['El Banco Financial Corporation', 'Company'],
      ['the sales agent identified on the signature page', 'Agent'],
    ]);
  });

  it('dates the agreement by its making: not a filing stamp, not the end of a period, not a later sentence that says "effective"', () => {
    const stamped =
      'FRANCHISE DEVELOPMENT AGREEMENT TABLE OF CONTENTS 1. GRANT 2 2. TERM 3\nSource: ACME HOLDINGS, INC., 10-K, 3/6/2020\nEXHIBIT A TO THE AGREEMENT\nThe parties agree as follows. The term ends on the fifth anniversary.';
    expect(findAgreementDate(stamped)).toBeUndefined();
    const bounded = 'CONSULTING AGREEMENT\nThe services shall be performed from the Effective Date until December 31, 2018 (the "Services Term").';
    expect(findAgreementDate(bounded)).toBeUndefined();
    const later = `This "Agency" Agreement is made as of March 29, 1999, by and between Biopure Corporation (the "Company") and the Agent. WHEREAS, the Company sells products. ${'The Agent shall promote the Products. '.repeat(120)}This Agreement may be terminated by either party, effective at any time after January 31, 1999.`;
    expect(findAgreementDate(later)?.iso).toBe('1999-03-29');
    expect(findAgreementDate('Dated 29/3/18\nDistributorship agreement between Signature Pty Ltd and CPM LLC.')?.iso).toBe('2018-03-29');
  });

  it('takes for the start of the contract only a sentence about the contract taking effect, not a notice or a removal', () => {
    const notices =
      'CONSULTING AGREEMENT\n1. Services. The Consultant shall advise the Company.\n2. Notices. All notices required under this Agreement shall be in writing and shall be deemed effective upon personal delivery.';
    expect(extractFields(notices).effectiveFrom).toBeUndefined();
    const others =
      'LICENSE AGREEMENT\n4. Rebates. During the period commencing on the Acceptance Date through the first anniversary of this Agreement, the Licensor shall pay rebates.\n' +
      '9. Amendments. No variation of this Agreement shall be effective unless it is made in writing.\n10. Start. This Agreement shall become effective upon its signature by both parties.';
    expect(extractFields(others).effectiveFrom?.value).toBe('This Agreement shall become effective upon its signature by both parties.');
    const witness = 'IN WITNESS WHEREOF, the parties have caused this Agreement to be executed as of the Effective Date.';
    expect(extractFields(`${others.slice(0, others.indexOf('\n9.'))}\n${witness}`).effectiveFrom).toBeUndefined();
    const start =
      'This AGREEMENT regarding development of water wells (the "AGREEMENT") is entered into by the City of Fort Stockton, Texas ("COFS") and STW Resources Holding Corp., a Nevada corporation ("STW"), effective as of the last date of signature on the signature pages below. WHEREAS, the City owns land.';
    expect(extractFields(start).effectiveFrom?.value).toMatch(/^This AGREEMENT regarding .* effective as of the last date of signature on the signature pages below\.$/);
  });

  it('takes no start from a contract said to go on having effect, a provision read to be valid or a copy standing for an original', () => {
    const clauses = [
      '12. Reinstatement. This Agreement shall continue to be effective, or be reinstated, as the case may be, if at any time any payment is rescinded.',
      '23. SEVERABILITY: Whenever possible, each provision of this Agreement will be interpreted in such manner as to be effective and valid under applicable law.',
      '8.4 Counterparts. Delivery of an executed counterpart of a signature page to this Agreement by facsimile shall be effective as delivery of a manually executed counterpart.',
    ];
    for (const clause of clauses) expect(extractFields(`MAINTENANCE AGREEMENT\n1. Services. The Contractor shall maintain the equipment.\n${clause}`).effectiveFrom).toBeUndefined();
    const start = 'MAINTENANCE AGREEMENT\n1. Term. This Agreement shall become effective on the date of its execution and shall remain in force for three years.';
    expect(extractFields(`${start}\n${clauses[1]}`).effectiveFrom?.value).toBe('This Agreement shall become effective on the date of its execution and shall remain in force for three years.');
  });

  it('reads the end of the term from the definition of the name the term clause uses', () => {
    const expiry =
      'PROMOTION AGREEMENT\n1. Definitions. "Expiration Date" means March 31, 2020. "Product" means the drug.\n\n2. Term. This Agreement shall commence on the Effective Date and, unless earlier terminated, shall expire on the Expiration Date (the "Term").';
    expect(extractFields(expiry).term?.expiresOn?.iso).toBe('2020-03-31');
    const period =
      'ENDORSEMENT AGREEMENT\n1. "Contract Period" shall mean that period of time from February 21, 2011 through December 31, 2012.\n\n2. Term. The Term of this Agreement shall be for the Contract Period unless it is terminated or extended as set forth in this Agreement.';
    expect(extractFields(period).term?.expiresOn?.iso).toBe('2012-12-31');
  });

  it('reads the notice to end the contract at the end of a term from the clause that says so, not a breach or an insurance notice', () => {
    const text =
      'AFFILIATE AGREEMENT\n1. Term. This Agreement shall begin upon execution and shall continue for one (1) year, renewing for successive one-year terms.\n\n2. Termination. This Agreement may be terminated by either party at the expiration of its term or any renewal term upon thirty (30) days written notice to the other party.';
    expect(extractFields(text).endNotice).toMatchObject({ period: { amount: 30, unit: 'day' } });
    expect(extractFields(text).endNotice?.value).toMatch(/^This Agreement may be terminated by either party at the expiration of its term/);
    const other =
      'SPONSORSHIP AGREEMENT\n1. Term. This Agreement shall continue until December 31, 2009.\n\n2. Insurance. All such policies shall require at least thirty (30) days\' prior notice to Purchaser of cancellation, non-renewal or material change.\n\n3. Breach. The non-breaching party may terminate by giving sixty (60) days\' prior written notice, unless the breach is cured before the expiration of such period.';
    expect(extractFields(other).endNotice).toBeUndefined();
  });

  it('dates the agreement by when it was made rather than when it takes effect, and reads signature blocks and forms', () => {
    const both =
      'JOINT SUPPLY AND MARKETING AGREEMENT This Agreement shall be effective as of May 1, 2020 "the Commencement Date" and is made and entered into this 10th day of January, 2020 between Bunker One (USA) Inc. ("Bunker One"), and Vertex Inc. ("Vertex").';
    expect(findAgreementDate(both)?.iso).toBe('2020-01-10');
    const yearless = 'CONSULTING AGREEMENT THIS AGREEMENT made this 30th day of April (the "Effective Date") between Slinger Bag Inc. and the Consultant.';
    expect(findAgreementDate(yearless)?.value).toBe('30th day of April');
    const block = `SUPPLY CONTRACT ${'The supplier delivers. '.repeat(60)}\nParty A: People's Government of Fenyi County (seal) Rao Cheng (signature) June 25, 2014 Party B: Xinyu Co., Ltd. (seal) Xiahou Min (signature) June 25, 2014`;
    expect(findAgreementDate(block)?.iso).toBe('2014-06-25');
    const after = `CONTENT LICENSING AGREEMENT ${'The licensor licenses content. '.repeat(60)}\n03/24/06 03/24/06 ______________________________ _____________________________ Date Date\n/s/ Heim Brecht`;
    expect(findAgreementDate(after)?.iso).toBe('2006-03-24');
    expect(findDates('is effective as of the [·] day of [·], 2019 ("Effective Date")').map((d) => d.value)).toEqual(['[·] day of [·], 2019']);
  });

  it('cites a cover\'s date where the preamble makes the contract on that day, and keeps the cover when the preamble says nothing more', () => {
    const cover = 'OUTSOURCING AGREEMENT\n\nBY AND BETWEEN\n\nHERON BANK\n\nand\n\nKITE DATA SERVICES\n\nDATED AS OF\n\nFebruary 16, 1998\n\nTABLE OF CONTENTS 1. DEFINITIONS 2. TERM\n\n';
    const preamble = 'This Outsourcing Agreement ("Agreement") is made as of the 16th day of February, 1998, by and between Heron Bank and Kite Data Services.';
    const restated = `${cover}${'The services are listed in the schedules. '.repeat(80)}\n${preamble}`;
    const made = findAgreementDate(restated);
    expect(made?.value).toBe('16th day of February, 1998');
    expect(made?.start).toBe(restated.indexOf('16th day of February'));
    // Under the title itself, the same.
    const titled = `SUPPLY AGREEMENT\n\nJanuary 1, 2013\n\n${'The supplier supplies. '.repeat(150)}\nThis Supply Agreement is dated the 1st day of January, 2013 between Teal Inc. and Smew Ltd.`;
    expect(findAgreementDate(titled)?.value).toBe('1st day of January, 2013');
    // Another day in the preamble is another fact; the cover stays the answer.
    const other = `SUPPLY AGREEMENT\n\nJanuary 1, 2013\n\n${'The supplier supplies. '.repeat(150)}\nThis Supply Agreement is dated the 5th day of March, 2013 between Teal Inc. and Smew Ltd.`;
    expect(findAgreementDate(other)?.value).toBe('January 1, 2013');
  });

  it('reads the effective date of a document made effective in its preamble, whatever the document is named', () => {
    expect(effectiveOf('AMENDMENT TO THE RESELLER AGREEMENT\n\nThis Amendment is entered into effective October 1, 1996 by and between Grebe Inc. and Scaup Ltd.')).toBe('October 1, 1996');
    expect(effectiveOf('WREN FUNDS TRUST\n\nRESTATED INCOME SUPPORT AGREEMENT, effective as of May 1, 2012, by and between Wren Funds Trust and Wren Advisors LLC.')).toBe('May 1, 2012');
    expect(effectiveOf('CO-MARKETING ADDENDUM\n\nSection 2, Part B of the Co-Marketing Agreement is made effective December 9, 1996 and the parties agree as follows.')).toBe('December 9, 1996');
    // The same words in the body name another contract, not this one's start.
    const body = `SUPPLY AGREEMENT\n\nThis Supply Agreement is made between Teal Inc. and Smew Ltd. ${'The supplier supplies. '.repeat(250)}14. Prior contracts. Orders under the Prior Reseller Agreement, effective as of June 1, 2005, are filled at its prices.`;
    expect(effectiveOf(body)).toBeUndefined();
  });

  it('reads renewal worded as going on after a fixed first term, an option to renew, and not a franchisee holding over', () => {
    const evergreen =
      'TRANSPORTATION AGREEMENT\n1. Term. This Agreement shall commence on the Effective Date and continue in full force and effect until the end of the fifteenth (15th) Contract Year, and shall continue in full force and effect thereafter until terminated by either Party by providing thirty (30) calendar days\' prior written notice of termination to the other Party.';
    expect(extractFields(evergreen).renewal).toMatchObject({ automatic: true });
    expect(extractFields(evergreen).renewal?.renewalTerm).toBeUndefined();
    const open = 'AGENCY AGREEMENT\n4.1 Term. This Agreement will become effective as of the date first written above and will continue in effect thereafter until terminated pursuant to Paragraph 4.2 below.';
    expect(extractFields(open).renewal).toBeUndefined();
    const option =
      'OUTSOURCING AGREEMENT\n1. Term. The initial term of this Agreement shall be five years.\n\n2. Renewal. If the parties are unable to agree upon the terms for renewal of this Agreement at least six (6) months prior to the expiration of the Term, then Customer may, at its option, renew this Agreement for one (1) twelve month period at the then-current terms.';
    expect(extractFields(option).renewal).toMatchObject({ automatic: false, renewalTerm: { amount: 12, unit: 'month' } });
    const holdover =
      'FRANCHISE AGREEMENT\n1. Term. The term of this Agreement is ten (10) years.\n\n2. Holding over. If Franchisee continues to operate the Unit after the expiration of this Agreement without a successor franchise, this Agreement shall continue on a month-to-month basis.';
    expect(extractFields(holdover).renewal?.renewalTerm).toBeUndefined();
  });

  it('reads the effective date from its definition, a label after a date without its year, and not from a price taking effect', () => {
    expect(effectiveOf('CONTENT LICENSE AGREEMENT\n1. Definitions. "Commencement Date" shall mean the date of first delivery. EFFECTIVE DATE means 18 May 2000; "Territory" means Asia.')).toBe('18 May 2000');
    expect(effectiveOf('CONSULTING AGREEMENT THIS AGREEMENT made this 30th day of April (the "Effective Date") between Slinger Bag Inc. and the Consultant. The fee is due on August 20, 2020.')).toBe('30th day of April');
    expect(effectiveOf('OUTSOURCING AGREEMENT\n1. Start. The commencement date for this contract will be 16th June 2004.')).toBe('16th June 2004');
    const price = `AGENCY AGREEMENT This Agreement is made as of March 29, 1999 between Biopure Corporation and the Agent. WHEREAS the Company sells products. 2. Prices. The price list is effective on January 5, 1999 and may change. 4.1 Term. This Agreement will become effective as of the date first written above and will continue until terminated.`;
    expect(effectiveOf(price)).toBe('This Agreement will become effective as of the date first written above and will continue until terminated.');
  });

  it('reads the effective date from the term starting on a date, the last signature, or a form\'s box when the definition points elsewhere', () => {
    // The first sentence on the term gives no date; a later one does, and what ends the term later in it does not matter.
    const later = `SPONSORSHIP AGREEMENT This Agreement is made on May 15, 2019 between Gull Ltd and Tern Inc. 2. The Term shall commence and end on the dates in the Summary. SUMMARY. TERM: The term (the "Term") shall commence on November 1, 2019 and end on October 31, 2020 (unless terminated earlier).`;
    expect(effectiveOf(later)).toBe('November 1, 2019');
    expect(effectiveOf('LICENSE AGREEMENT made on 24 August 1995 between Plover Ltd and Stint Inc. (c) Term. The term of the license hereby granted shall commence August 1, 1995 and continue until January 30, 2000, unless sooner terminated.')).toBe('August 1, 1995');
    const signed = `RESELLER AGREEMENT Plover Inc.: By: /s/ A. Smith By: /s/ B. Jones Title Title 4/24/2018 04/25/2018 Date Date\n\n"Effective Date" means the date of last signature on this Agreement. "Territory" means Canada.`;
    expect(effectiveOf(signed)).toBe('04/25/2018');
    const boxed = `FRANCHISE AGREEMENT This Agreement is made on March 14, 2014 between Avocet LLC and the Franchisee. "Effective Date" means the date set out in the Addendum on which this Agreement becomes effective. ADDENDUM Effective Date: March 21, 2014`;
    expect(effectiveOf(boxed)).toBe('March 21, 2014');
  });

  it('reads a term of "twelve (12) full calendar months", a term "subject to the prior termination rights", an end on an event, and not a severability clause', () => {
    const term = (body: string) => extractFields(`SERVICES AGREEMENT This Agreement is made on 3 May 2021 between Teal Ltd and Smew Inc.\n\n${body}`).term;
    expect(term('2. Term. This Agreement shall commence on the Effective Date and shall continue for a period of twelve (12) full calendar months ("Initial Term").')?.initialTerm).toEqual({ amount: 12, unit: 'month' });
    expect(term('2. Term. The initial term of this Agreement shall begin on the Effective Date and continue for three (3) years, subject to the prior termination rights provided below.')?.initialTerm).toEqual({ amount: 3, unit: 'year' });
    expect(term('Scope. Terms of the project: 12 weeks from February 8, 2018 to May 3, 2018.')?.expiresOn?.value).toBe('May 3, 2018');
    expect(term('5. Term. This Service Agreement is for the total duration of the Offering (the "Initial Term").')?.value).toContain('total duration of the Offering');
    const credit = term('8. Payment. The Letter of Credit shall be valid until 90 days after the last shipment.\n\n23. The Contract is valid for 5 years.');
    expect(credit?.initialTerm).toEqual({ amount: 5, unit: 'year' });
    // A definition of another word names lengths but fixes no term.
    expect(term('1.4 "Month" refers to a period starting on one day in a calendar month and ending on the corresponding day in the next month.\n\n1.5 "Control" means holding more than one half of the votes for one (1) year or more.')).toBeUndefined();
    const event = term('9. Severability. If any term of this Agreement is held invalid or unenforceable, the rest remains in effect.\n\n10. Duration. This Agreement shall terminate upon the completion of the Offering.');
    expect(event?.value).toBe('This Agreement shall terminate upon the completion of the Offering.');
  });

  it('reads a term whose length a filing redacted or a form left blank, a box of two dates, "remain in effect for", and not an ending on a condition', () => {
    const term = (body: string) => extractFields(`SUPPLY AGREEMENT This Agreement is made on 3 May 2021 between Teal Ltd and Smew Inc.\n\n${body}`).term;
    expect(term('4. The Agreement shall commence on the Effective Date and remain in full force and effect for an initial term of **** from the first delivery.')?.value).toContain('initial term of ****');
    expect(term('4. This Agreement shall commence on the Effective Date and shall continue for an initial term of year as of the Effective Date.')?.value).toContain('initial term of year');
    expect(term('Volume: 500 tonnes\n\n6. TERM: March 01, 2015 to February 28, 2018\n\n7. PRICE: as agreed')?.expiresOn?.value).toBe('February 28, 2018');
    expect(term("The supplier's obligations hereunder shall become effective on the Effective Date and shall remain in full force and effect for at least two years thereafter.")?.value).toContain('for at least two years thereafter');
    expect(term('This Agreement commences on the date first written above and will remain in effect for the period of four (4) years.')?.initialTerm).toEqual({ amount: 4, unit: 'year' });
    // A duty that outlives the contract is not its term.
    expect(term('The duty of confidence shall remain in full force and effect for five (5) years after the termination of this Agreement.')).toBeUndefined();
    // Grounds to end the contract early are not its term: the unconditional clause is.
    const offering = term('3. In the event the Issuer is unable to sell 10,000 Units on or before June 30, 2022, this Agreement shall terminate.\n\n9. This Agreement shall become effective on the date hereof and shall terminate upon the completion of the Offering.');
    expect(offering?.value).toContain('This Agreement shall become effective on the date hereof and shall terminate upon the completion of the Offering.');
    const breach = term("Term. The Reseller's rights under this Agreement will terminate at once if the Reseller fails to comply with any provision of it. This Agreement and the licence granted herein shall remain effective until terminated.");
    expect(breach?.value).toBe('This Agreement and the licence granted herein shall remain effective until terminated.');
    const events = term('12. This Agreement and the licence granted hereunder shall terminate should any of the following events occur: (a) insolvency.\n\n13. The licence is granted in perpetuity and this Agreement shall continue until terminated under clause 12.');
    expect(events?.value).toContain('shall continue until terminated under clause 12');
    // A covenant's own period is not the term of the agreement that holds it.
    const standstill = term('2. During the period commencing on the date hereof and ending on the date that is thirty (30) days prior to the annual meeting, the Holder shall not buy shares.\n\n8. Upon the expiration of the Support Period, this Agreement shall immediately and automatically terminate.');
    expect(standstill?.value).toContain('Upon the expiration of the Support Period, this Agreement shall immediately and automatically terminate.');
  });

  it('reads the preamble after a cover page that names the parties without defined names, and a list separated by semicolons', () => {
    const names = (text: string): (string | undefined)[][] => extractParties(text).map((p) => [p.value, p.role?.value]);
    const toc = Array.from({ length: 150 }, (_, i) => `Section ${i + 1}.01. Heading ${i + 1}`).join(' ');
    expect(
      names(
        `INTELLECTUAL PROPERTY AGREEMENT by and between HONEYWELL INTERNATIONAL INC. and GARRETT MOTION INC. Dated as of September 27, 2018 Table of Contents ${toc} INTELLECTUAL PROPERTY AGREEMENT, dated as of September 27, 2018 (this "Agreement"), by and between HONEYWELL INTERNATIONAL INC., a Delaware corporation ("Honeywell"), and GARRETT MOTION INC., a Delaware corporation ("SpinCo"). RECITALS WHEREAS, the parties separate.`,
      ),
    ).toEqual([
      ['HONEYWELL INTERNATIONAL INC.', 'Honeywell'],
      ['GARRETT MOTION INC.', 'SpinCo'],
    ]);
    expect(
      names(
        'This Agreement is made as of May 1, 1997 among (a) Kathy Ireland, Inc. ("KI Inc"), c/o The Sterling/Winters Co., 1900 Avenue of the Stars, Los Angeles, California 90067; (b) The Sterling/Winters Co. ("SW"), 1900 Avenue of the Stars, Los Angeles, California 90067; and (c) Diplomat Ambassador Eyewear Group ("Diplomat"), 1010 Arch Street, Philadelphia. 1. Recitals.',
      ),
    ).toEqual([
      ['Kathy Ireland, Inc.', 'KI Inc'],
      ['The Sterling/Winters Co.', 'SW'],
      ['Diplomat Ambassador Eyewear Group', 'Diplomat'],
    ]);
  });

  it('reads two parties named before one defined name, a name after "by the", and drops a verb left before the defined name', () => {
    const names = (text: string): (string | undefined)[][] => extractParties(text).map((p) => [p.value, p.role?.value]);
    expect(
      names(
        'This Master Joint Development Agreement ("Agreement") is between iBio Inc., a Public corporation, with a location at 600 Madison Ave, NY, NY 10022 and Beijing CC-Pharming Ltd. of Beijing, China ("CC-Pharming"), a Chinese Corporation. WHEREAS, iBio develops plants.',
      ),
    ).toEqual([
      ['iBio Inc.', undefined],
      ['Beijing CC-Pharming Ltd.', 'CC-Pharming'],
    ]);
    expect(
      names(
        'This AGREEMENT regarding water wells (the "AGREEMENT") is entered into by the City of Fort Stockton, Texas, a Texas Type A-General Law city ("COFS") and STW Resources Holding Corp., a Nevada corporation ("STW"). WHEREAS, the City owns land.',
      ),
    ).toEqual([
      ['City of Fort Stockton, Texas', 'COFS'],
      ['STW Resources Holding Corp.', 'STW'],
    ]);
  });

  it('reads a party the preamble names only by its role', () => {
    const text =
      'FRANCHISE AGREEMENT This Franchise Agreement between Homewood Suites Franchise LLC ("we," "us," "our" or "Franchisor") and the Franchisee ("you," "your" or "Franchisee") set forth in the Addendum attached to this Agreement, is dated as of the Effective Date. INTRODUCTION We license hotels.';
    expect(extractParties(text).map((p) => [p.value, p.role?.value])).toEqual([
      ['Homewood Suites Franchise LLC', 'Franchisor'],
      ['the Franchisee', 'Franchisee'],
    ]);
  });

  it('reads a party represented by an officer without taking the officer for a party, under a "Parties" heading and after a cover page', () => {
    const names = (text: string): (string | undefined)[][] => extractParties(text).map((p) => [p.value, p.role?.value]);
    expect(
      names(
        'OUTSOURCING AGREEMENT This Outsourcing Agreement is effective as from 1 March 2011, by and between:\n\nParties to this agreement\n\nKESTREL << Pty >> Ltd, registration nr 2001/0042/07, represented by Anna Maria Berg, Managing Director (hereinafter referred to as "the Customer"),\n\nAND\n\nNORTHBAY SYSTEMS, SA., a public limited company, represented by its Chief Executive Officer Paul Vance (hereinafter referred to as: "Northbay").\n\n1. DEFINITIONS',
      ),
    ).toEqual([
      ['KESTREL << Pty >> Ltd', 'Customer'],
      ['NORTHBAY SYSTEMS, SA.', 'Northbay'],
    ]);
    expect(
      names(
        'SUPPLY AGREEMENT\n\nBETWEEN\n\nALDER MEDICAL, INC.\n\nAND\n\nFERRO, S.p.A.\n\nTABLE OF CONTENTS 1. Supply 1\n\nThis Manufacturing and Supply Agreement (this "Agreement") is dated May 1, 2014, between ALDER MEDICAL, INC., a Maryland corporation ("Alder") and FERRO S.p.A., an Italian company ("Ferro").\n\nWHEREAS, Alder sells devices.',
      ),
    ).toEqual([
      ['ALDER MEDICAL, INC.', 'Alder'],
      ['FERRO S.p.A.', 'Ferro'],
    ]);
    expect(
      names('This Agreement is entered into this 2 May, 1996 by and between ORIEL S.A. whose address is 3 rue Haute, Paris (hereinafter referred to as ORIEL) and QUILL corporation whose address is 9 Elm Street, Salem (hereinafter referred to as QUILL) for support. WITNESSETH'),
    ).toEqual([
      ['ORIEL S.A.', 'ORIEL'],
      ['QUILL corporation', 'QUILL'],
    ]);
  });

  it('finds no party in a statute\'s name or a signatory\'s office when the contract has no preamble', () => {
    const text =
      'JOINT FILING AGREEMENT\n\nThe undersigned agree to file jointly. Section 31125 of the California Corporation Code applies.\n\nDate: May 1, 2020 HARROW CAPITAL LP\n\nBy: Lee Park, Esq. Chief Compliance Officer Harrow Advisors, LLC';
    expect(extractParties(text).map((p) => p.value)).toEqual(['HARROW CAPITAL LP', 'Harrow Advisors, LLC']);
  });

  it('reads a franchise form\'s parties named by pronoun and by role, stops the list at the recitals, and skips a representative of "Party A"', () => {
    const names = (text: string): (string | undefined)[][] => extractParties(text).map((p) => [p.value, p.role?.value]);
    expect(
      names(
        'THIS FRANCHISE AGREEMENT (the "Agreement") is made as of the Effective Date by and between: ● Larkspur Tutoring, LLC, a Delaware limited liability company, with its principal place of business at 10 Main St., Austin, Texas ("we," "us," or "our"); and ● a [resident of] [corporation organized in] the state of and having offices at ("you" or the "Franchisee").\n\nIntroduction We teach.',
      ),
    ).toEqual([
      ['Larkspur Tutoring, LLC', 'we'],
      ['Franchisee', undefined],
    ]);
    expect(
      names(
        'This Sponsorship Agreement is made between Granite Payments Company ("GPC") and First Mill Bank ("FMB") effective June 30, 1996 ("Effective Date").\n\nWITNESSETH:\n\nWHEREAS, FMB is a member of Orbit Card Association, Incorporated ("Orbit"); and a member of Lattice Networks, Inc. ("Lattice").',
      ),
    ).toEqual([
      ['Granite Payments Company', 'GPC'],
      ['First Mill Bank', 'FMB'],
    ]);
    expect(
      names(
        'JOINT VENTURE CONTRACT\n\n1. Redwood Holdings Co., Ltd. (hereinafter referred to as Party A)\n\nLegal Representative of Party A:\n\n   Name:  Jin Wei\n\n2. Aster Cells, Inc. (hereinafter referred to as Party B)\n\nLegal Representative of Party B:\n\n   Name:  Carla Moss',
      ).every(([name]) => !/^Name:/.test(name ?? '')),
    ).toBe(true);
  });

  it('reads the parties from the signature blocks when the contract has no preamble', () => {
    const text =
      'JOINT FILING AGREEMENT\n\nEach party hereto agrees to the joint filing of any statement on Schedule 13G.\n\nIN WITNESS WHEREOF, each party hereto has caused this agreement to be executed.\n\nDate: April 7, 2020 OSPREY FINANCIAL CORPORATION\n\nBy: Dana Lee Name: Dana Lee Title: Attorney-in-fact\n\nOSPREY PREFERRED FUNDING CORPORATION\n\nBy: Sam Ortiz Name: Sam Ortiz Title: Authorized Signatory';
    expect(extractParties(text).map((p) => p.value)).toEqual(['OSPREY FINANCIAL CORPORATION', 'OSPREY PREFERRED FUNDING CORPORATION']);
  });

  it('reads defined names in lower case, legal forms in lower case, names followed by "whose" or "and/or assigns", and unquoted defined names', () => {
    const names = (text: string): (string | undefined)[][] => extractParties(text).map((p) => [p.value, p.role?.value]);
    expect(
      names(
        'This Sponsorship Agreement (the "Agreement") is entered into as of the 11th day of March, 1999 by and between drkoop.com, inc., a Delaware corporation, located at 8920 Business Park Drive, Austin, Texas 78759 ("drkoop.com"), and Vitamin Shoppe Industries, Inc., a New Jersey corporation ("Sponsor"). WHEREAS, drkoop.com develops software.',
      ),
    ).toEqual([
      ['drkoop.com, inc.', 'drkoop.com'],
      ['Vitamin Shoppe Industries, Inc.', 'Sponsor'],
    ]);
    expect(
      names(
        'This Cooperation Agreement, dated as of 02 June, 2015, between Otkritie Investments Cyprus Limited, a company incorporated under the laws of the Republic of Cyprus ("OICL") and QIWI plc, a public company limited by shares, whose registered office is at Kennedy 12, Nicosia, Cyprus ("QIWI"). RECITALS (A) On 14 May 2015 the parties met.',
      ),
    ).toEqual([
      ['Otkritie Investments Cyprus Limited', 'OICL'],
      ['QIWI plc', 'QIWI'],
    ]);
    expect(
      names(
        'This Master Service Agreement ("Agreement"), entered into on May 25th, 2018 by and between CRO Consulting (Pty) Limited (hereinafter referred to as "CRO") and Purinix Pharmaceuticals LLC whose Registered Office is at 1266 East Main Street, Stamford, CT 06902, USA (hereinafter referred to as "Client"). 1.0 Services',
      ),
    ).toEqual([
      ['CRO Consulting (Pty) Limited', 'CRO'],
      ['Purinix Pharmaceuticals LLC', 'Client'],
    ]);
    expect(
      names(
        'THIS SPONSORSHIP AGREEMENT is made and entered into this 19th day of December 1997, by and between SABCO RACING, INC., a North Carolina corporation (hereinafter Sabco), and MOUNT KNOWLEDGE HOLDINGS INC. and/or assigns, a corporation incorporated in the State of Nevada (Hereinafter to be referred to as "Mount"); WITNESSETH: WHEREAS, Sabco races.',
      ),
    ).toEqual([
      ['SABCO RACING, INC.', 'Sabco'],
      ['MOUNT KNOWLEDGE HOLDINGS INC.', 'Mount'],
    ]);
    expect(
      names(
        'This "Agency" Agreement is made as of March 29, 1999, by and between Biopure Corporation, a Delaware corporation (the "Company") and the Agent named on the signature page hereof (the "Agent"). WHEREAS, the Company makes products.',
      ),
    ).toEqual([
      ['Biopure Corporation', 'Company'],
      ['the Agent named on the signature page hereof', 'Agent'],
    ]);
  });

  it('reads amounts whose thousands separator is followed by a space, with their currency', () => {
    const amounts = extractAmounts('Sponsor shall pay drkoop.com a sponsorship fee of $30, 000 per month and a one-time payment of US$ 1,250,000.50 on signing.');
    expect(amounts.map((a) => [a.value, a.amount, a.currency, a.context])).toEqual([
      ['$30, 000', 30000, 'USD', 'fee'],
      ['US$ 1,250,000.50', 1250000.5, 'USD', 'fee'],
    ]);
  });

  it('does not take a notice address for the forum', () => {
    const text =
      '15. Notices. Notice of any action or proceeding shall be given in writing to the address below, Attention: General Counsel, and a copy filed with the courts in Boston, Massachusetts. 16. Governing Law. This Agreement shall be governed by the laws of the State of Delaware. Any action arising out of this Agreement shall be brought exclusively in the courts located in Wilmington, Delaware.';
    expect(extractGoverningLaw(text)?.jurisdiction).toBe('Delaware');
    expect(extractForum(text)?.jurisdiction).toBe('Wilmington, Delaware');
  });

  it('reads the date of signature when the preamble has none: the witness clause, else the last to sign', () => {
    const witness = `${'The parties agree as follows. '.repeat(40)}IN WITNESS WHEREOF, the parties hereto have executed this Agreement as of this 4th day of April, 2003.`;
    expect(extractFields(witness).dates.find((d) => d.kind === 'agreement')?.iso).toBe('2003-04-04');
    const signatures = `${'The parties agree as follows. '.repeat(200)}Title: President Date: 7/1/98 Title: Vice President Date: 7/7/98`;
    expect(extractFields(signatures).dates.find((d) => d.kind === 'agreement')?.value).toBe('7/7/98');
  });

  it('keeps a date left blank in a form, and reads a month with a blank day', () => {
    expect(extractFields('MANUFACTURING AND SUPPLY AGREEMENT BY AND BETWEEN PFIZER INC. AND UPJOHN INC. DATED AS OF [●] Source: UPJOHN INC, 10-12G, 1/21/2020').dates[0]?.value).toBe('[●]');
    expect(findDates('This Collaboration Agreement, effective as of June , 2010 (the "Effective Date")').map((d) => d.value)).toEqual(['June , 2010']);
  });

  it('takes no date the contract starts on, nor an ending on a condition, for its term, but reads an end "as of" a date', () => {
    const term = (body: string) => extractFields(`OUTSOURCING AGREEMENT This Agreement is made on 3 May 2021 between Teal Ltd and Smew Inc.\n\n${body}`).term;
    expect(term('13. DURATION\n\n13.1. The present Agreement is effective as from 1 January 2009. It is renewed tacitly every year.\n\n13.2. Either party may end it at any time upon three months prior written notice.')).toBeUndefined();
    expect(term('4. Termination. If the Offered Shares are not sold by May 26, 2016, this Agreement will terminate without liability on the part of the Company.')).toBeUndefined();
    const end = term('3. Term. The Term shall commence on the date of this Agreement and, unless earlier terminated or extended as provided below, shall end as of December 31, 2000.');
    expect(end?.expiresOn?.iso).toBe('2000-12-31');
  });

  it('takes for a renewal neither one left to the parties\' later agreement, nor a contract declared non-renewable, nor a deadline extended', () => {
    const renewal = (body: string) => extractFields(`SUPPLY AGREEMENT This Agreement is made on 3 May 2021 between Teal Ltd and Smew Inc.\n\n${body}`).renewal;
    expect(renewal('3. Term. This Agreement shall have a term of two (2) years. This Agreement may be renewed upon mutual, written agreement of the parties.')).toBeUndefined();
    expect(renewal('You acknowledge that this Agreement is non-renewable and confers on you no rights of renewal or extension whatsoever.')).toBeUndefined();
    expect(renewal('14. Force Majeure. If a party is prevented from performing by an event beyond its control, the time for its performance shall be extended by the length of the delay.')).toBeUndefined();
    expect(renewal('3. Term. This Agreement shall have a term of two (2) years and shall automatically renew for successive one (1) year periods.')?.renewalTerm).toEqual({ amount: 1, unit: 'year' });
  });

  it('reads a term that has no fixed length', () => {
    const text = 'Term. This Agreement shall be effective from the date first above written and shall continue indefinitely until terminated by either Party in accordance with the provisions of this Agreement.';
    const { term } = extractFields(text);
    expect(term?.value).toBe(text.slice(6));
    expect(term?.initialTerm).toBeUndefined();
  });
});
