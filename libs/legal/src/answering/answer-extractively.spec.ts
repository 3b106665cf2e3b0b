import { readFileSync } from 'node:fs';
import { cuadPath } from '@test/utils/fixtures';
import type { PageSpan } from '../citations';
import { chunkDocument } from '../chunking';
import { LegalRetriever } from '../retrieval';
import { ABSTAIN_ANSWER, answerExtractively, OPENING_CHARS, wantsDocumentOpening } from './answer-extractively';
import type { AnswerPassage } from './types';

const SUPPLY = [
  'SUPPLY AGREEMENT',
  '',
  'This Supply Agreement is made as of March 1, 2021 between Northwind Tools, Inc. ("Supplier") and Harbor Supply LLC ("Distributor").',
  '',
  '1. Term. This Agreement shall continue in effect for three (3) years from the Effective Date.',
  '',
  '2. Exclusivity. During the Term, Distributor shall purchase all of its requirements of the Products exclusively from Supplier.',
  '',
  '3. Governing Law. This Agreement shall be governed by and construed in accordance with the laws of the State of New York, without regard to its conflict of laws principles.',
  '',
  '4. Payment. Distributor shall pay each invoice within thirty (30) days of receipt.',
].join('\n');

/** Cuts a text into one passage per blank-line paragraph, as a retriever would return them. */
function paragraphs(text: string, documentId: string, file: string, pages: readonly PageSpan[] = []): AnswerPassage[] {
  const out: AnswerPassage[] = [];
  let start = 0;
  for (const part of text.split('\n\n')) {
    const end = start + part.length;
    if (part.trim().length > 0) {
      const page = pages.find((p) => p.start <= start && start < p.end)?.page ?? 1;
      out.push({ id: `${documentId}-${out.length}`, documentId, file, page, start, end, text: part, score: 1, headingPath: [] });
    }
    start = end + 2;
  }
  return out;
}

function expectExactQuotes(text: string, answer: ReturnType<typeof answerExtractively>): void {
  for (const c of answer.citations) expect(text.slice(c.start, c.end)).toBe(c.quote);
}

describe('answerExtractively', () => {
  const passages = paragraphs(SUPPLY, 'doc-1', 'Supply Agreement.pdf');

  it('quotes the governing-law sentence with its file, page and exact offsets', () => {
    const answer = answerExtractively('Which law governs the agreement?', passages);
    expect(answer.abstained).toBe(false);
    expect(answer.answer).toMatch(/^According to Supply Agreement\.pdf \(page 1\): “.*laws of the State of New York/);
    expect(answer.citations[0]).toMatchObject({ documentId: 'doc-1', file: 'Supply Agreement.pdf', page: 1 });
    expect(answer.citations[0].quote).toContain('governed by and construed');
    expectExactQuotes(SUPPLY, answer);
  });

  it('answers a clause question from the sentence the clause rules recognise', () => {
    const answer = answerExtractively('Is there an exclusive dealing commitment with the counterparty?', passages);
    expect(answer.abstained).toBe(false);
    expect(answer.citations.some((c) => c.quote.includes('exclusively from Supplier'))).toBe(true);
    expectExactQuotes(SUPPLY, answer);
  });

  it('answers a plain question from the sentence that holds its words', () => {
    const answer = answerExtractively('When must the distributor pay an invoice?', passages);
    expect(answer.abstained).toBe(false);
    expect(answer.citations[0].quote).toContain('pay each invoice within thirty (30) days');
    expectExactQuotes(SUPPLY, answer);
  });

  it('answers a clause question from the clause, not from the definition of its term', () => {
    const text = [
      '1.4 "Change of Control" means a sale of all or substantially all of the assets of a Party, or a merger of a Party with a third party.',
      '',
      '9.2 Either Party may terminate this Agreement upon written notice if the other Party undergoes a Change of Control.',
    ].join('\n');
    const question = 'Is consent or notice required of a party if the counterparty undergoes a change of control?';
    const answer = answerExtractively(question, paragraphs(text, 'doc-1', 'alliance.txt'));
    expect(answer.citations).toHaveLength(1);
    expect(answer.citations[0].quote).toContain('may terminate this Agreement upon written notice if the other Party undergoes a Change of Control.');
    expectExactQuotes(text, answer);
    // A definition alone says what the words will mean, not that the contract holds such a clause.
    const definitionOnly = text.split('\n\n')[0];
    expect(answerExtractively(question, paragraphs(definitionOnly, 'doc-1', 'alliance.txt')).abstained).toBe(true);
  });

  it('never quotes a table of contents, whose lines name the clauses the contract holds further on', () => {
    const contents = 'ARTICLE IX GENERAL PROVISIONS 16 9.1 Entire Agreement; Conflict Among Agreements 16 9.2 Assignment and Change of Control; Successor and Assigns 16 9.3 Notices 17';
    const clause = '9.2 Assignment and Change of Control. Either Party may terminate this Agreement upon written notice if the other Party undergoes a Change of Control.';
    const question = 'Is consent or notice required of a party if the counterparty undergoes a change of control?';
    const text = [contents, '', clause].join('\n');
    const answer = answerExtractively(question, paragraphs(text, 'doc-1', 'ip-agreement.txt'));
    expect(answer.citations.map((c) => c.quote)).toEqual([expect.stringContaining('may terminate this Agreement upon written notice if the other Party undergoes a Change of Control.')]);
    expect(answerExtractively(question, paragraphs(contents, 'doc-1', 'ip-agreement.txt')).abstained).toBe(true);
    // A sentence that cites a few sections is a sentence, not a table of contents.
    const crossReference = 'The limitation in Section 9.1 does not apply to Section 9.2 or Section 9.3, and either Party may terminate this Agreement if the other Party undergoes a Change of Control.';
    expect(answerExtractively(question, paragraphs(crossReference, 'doc-1', 'ip-agreement.txt')).abstained).toBe(false);
  });

  it('never quotes a bare subsection title, and reads the clause under it as titled by it', () => {
    const text = [
      '3. PAYMENT a. Annual Minimum Guarantee.',
      'Licensee will pay to Licensor the Annual Minimum Guarantee of $50,000 for each Contract Year.',
      '(e) Non-Compete.',
      'During the Term, Supplier shall not sell any product that competes with the Products in the Territory.',
    ].join('\n\n');
    const minimum = answerExtractively('Is there a minimum order size or minimum amount or units per-time period that one party must buy from the counterparty under the contract?', paragraphs(text, 'doc-1', 'license.txt'));
    expect(minimum.citations.map((c) => c.quote)).toEqual([expect.stringContaining('the Annual Minimum Guarantee of $50,000')]);
    const compete = answerExtractively('Is there a restriction on the ability of a party to compete with the counterparty or operate in a certain geography or business or technology sector?', paragraphs(text, 'doc-1', 'license.txt'));
    expect(compete.citations.map((c) => c.quote)).toEqual([expect.stringContaining('shall not sell any product that competes')]);
    // The title alone names a clause; it states none.
    expect(answerExtractively('Is there a restriction on the ability of a party to compete with the counterparty or operate in a certain geography or business or technology sector?', paragraphs('(e) Non-Compete.', 'doc-1', 'license.txt')).abstained).toBe(true);
  });

  it('abstains on a question the documents do not address', () => {
    const answer = answerExtractively('What is the capital of France?', passages);
    expect(answer).toEqual({ answer: ABSTAIN_ANSWER, citations: [], abstained: true });
    expect(ABSTAIN_ANSWER).toBe('The documents do not appear to address this.');
  });

  it('does not take a termination for breach for a termination fee, nor a length of time alone for the term', () => {
    const text = [
      'SERVICES AGREEMENT',
      '',
      '5. Records. Requests must set forth a specific period, not to exceed twelve (12) months from the date of the request, for which records are sought.',
      '',
      '6. Termination. Either Party may terminate this Agreement upon written notice if the other Party commits a material breach and fails to cure it within thirty (30) days.',
    ].join('\n');
    const own = paragraphs(text, 'svc', 'services.txt');
    expect(answerExtractively('Does the contract award either party liquidated damages for breach or a fee upon the termination of the contract (termination fee)?', own).abstained).toBe(true);
    expect(answerExtractively("On what date will the contract's initial term expire?", own).abstained).toBe(true);
    // Where they are there, both are found.
    const fee = paragraphs(`${text}\n\n7. Early termination. If Customer terminates early, Customer shall pay an early termination fee equal to three months of fees.`, 'svc', 'services.txt');
    expect(answerExtractively('Does the contract award either party liquidated damages for breach or a fee upon the termination of the contract (termination fee)?', fee).citations[0].quote).toContain('early termination fee');
    expect(answerExtractively("On what date will the contract's initial term expire?", passages).citations[0].quote).toContain('three (3) years');
  });

  it('does not take a termination or a letter of credit taking effect for the contract doing so', () => {
    const text = ['LICENSE AGREEMENT', '', '9. Termination. Such termination shall be effective thirty (30) days after delivery of written notice.', '', '10. Security. The standby letter of credit will take effect on the date of issue.'].join('\n');
    expect(answerExtractively('When does the agreement become effective?', paragraphs(text, 'lic', 'license.txt')).abstained).toBe(true);
    const after = `${text}\n\n11. Start. Upon termination of the Prior Agreement, this Agreement shall become effective.`;
    expect(answerExtractively('When does the agreement become effective?', paragraphs(after, 'lic', 'license.txt')).citations[0].quote).toContain('this Agreement shall become effective');
  });

  it.each([
    ['an end date', 'This Agreement shall be effective through and including March 31, 2004.'],
    ['a guarantee revived', 'This Guaranty shall continue to be effective, or be reinstated, if any payment is rescinded.'],
    ['a termination under a numbered section', 'Termination by the Company under this Section 12.2 shall be effective sixty (60) days after notice.'],
    ['a counterpart signed by facsimile', 'Delivery of an executed counterpart of a signature page by facsimile shall be effective as delivery of an original.'],
    ['a definition of another term', '"Fallback Rate" means the rate that would apply to transactions to be effective on that day.'],
    ['a start that points back to a date it does not give', 'This Agreement shall become effective as of the Effective Date and shall continue for so long as either party buys the Products.'],
    ['a provision read so as to be valid', 'Each provision of this Agreement will be interpreted in such manner as to be effective and valid under applicable law.'],
  ])('does not take %s for the contract taking effect', (_, sentence) => {
    const text = ['SUPPLY AGREEMENT', '', `4. Miscellaneous. ${sentence}`].join('\n');
    expect(answerExtractively('When does the agreement become effective?', paragraphs(text, 'sup', 'supply.txt')).abstained).toBe(true);
  });

  /** A services agreement whose clauses after `lead` sit beyond the opening the API hands over, with that opening. */
  function longServicesAgreement(lead: readonly string[], tail: readonly string[]): { text: string; opening: AnswerPassage } {
    const filler = Array.from({ length: 80 }, (_, i) => `${i + 2}.${i} Services. Supplier shall perform the services described in Schedule ${i + 1} with due care.`).join('\n\n');
    const head = ['SERVICES AGREEMENT', '', 'This Services Agreement is entered into by Northwind Tools, Inc. and Harbor Supply LLC.', ''];
    const text = [...head, ...lead.flatMap((line) => [line, '']), filler, ...tail.flatMap((line) => ['', line])].join('\n');
    for (const line of tail) expect(text.indexOf(line)).toBeGreaterThan(OPENING_CHARS);
    // What the API hands over: the opening of the document and what retrieval found (here nothing on dates).
    const opening: AnswerPassage = { id: 'open', documentId: 'svc', file: 'services.txt', page: 1, start: 0, end: OPENING_CHARS, text: text.slice(0, OPENING_CHARS), score: 0, headingPath: [] };
    return { text, opening };
  }

  it('reads when a contract takes effect from the whole of it when its text is given, not from an amendment taking effect', () => {
    const { text, opening } = longServicesAgreement(
      [],
      [
        '90. Amendments. No amendment of this Agreement shall be effective unless it is made in writing and signed by both parties.',
        '91. Commencement. This Agreement shall become effective upon its signature by both parties and shall continue for two (2) years.',
      ],
    );
    const question = 'When does the contract become effective?';
    expect(answerExtractively(question, [opening]).abstained).toBe(true);
    const answer = answerExtractively(question, [opening], { texts: { svc: text } });
    expect(answer.citations.map((c) => c.quote)).toEqual([expect.stringContaining('shall become effective upon its signature')]);
    expectExactQuotes(text, answer);
    // The whole text serves the contract's dates only: a clause question still reads what was retrieved.
    expect(answerExtractively('Must an amendment be made in writing and signed?', [opening], { texts: { svc: text } }).abstained).toBe(true);
  });

  it('reads when a contract expires from the whole of it, as the Case Summary does, and not from a recital', () => {
    const { text, opening } = longServicesAgreement(
      ['WHEREAS, the parties wish this Agreement to remain in effect until the separation of the businesses is complete.'],
      ['95. This Agreement shall terminate on December 31, 2026, unless terminated earlier in accordance with Section 12.'],
    );
    const question = 'When does the agreement expire?';
    expect(wantsDocumentOpening(question)).toBe(true);
    expect(answerExtractively(question, [opening]).abstained).toBe(true);
    const answer = answerExtractively(question, [opening], { texts: { svc: text } });
    expect(answer.citations.map((c) => c.quote)).toEqual([expect.stringContaining('shall terminate on December 31, 2026')]);
    expectExactQuotes(text, answer);
  });

  it('quotes beside a term clause naming a defined period the definition that dates its end', () => {
    const { text, opening } = longServicesAgreement(
      ['1. Definitions. (a) "Service Period" shall mean the period of time from February 1, 2021 through December 31, 2023.'],
      ['95. Term. The Term of this Agreement shall be for the Service Period unless it is terminated earlier as set forth in this Agreement.'],
    );
    const answer = answerExtractively('When does the agreement expire?', [opening], { texts: { svc: text } });
    expect(answer.citations.map((c) => c.quote)).toEqual([
      expect.stringContaining('through December 31, 2023'),
      expect.stringContaining('shall be for the Service Period'),
    ]);
    expectExactQuotes(text, answer);
  });

  it('abstains when the clause asked about is absent', () => {
    expect(answerExtractively('Is there a cap on liability?', passages).abstained).toBe(true);
    expect(answerExtractively('Is a party restricted from soliciting the employees of the counterparty?', passages).abstained).toBe(true);
  });

  it('abstains without passages', () => {
    expect(answerExtractively('Which law governs the agreement?', []).abstained).toBe(true);
  });

  it('takes the page of each sentence from a page map when given one', () => {
    const pageBreak = SUPPLY.indexOf('3. Governing Law');
    const pages: PageSpan[] = [
      { page: 1, start: 0, end: pageBreak },
      { page: 2, start: pageBreak, end: SUPPLY.length },
    ];
    // One passage spanning both pages: only the map can tell where the sentence sits.
    const whole: AnswerPassage = { id: 'all', documentId: 'doc-1', file: 'Supply Agreement.pdf', page: 1, start: 0, end: SUPPLY.length, text: SUPPLY, score: 1, headingPath: [] };
    const answer = answerExtractively('Which law governs the agreement?', [whole], { pages: { 'doc-1': pages } });
    expect(answer.citations[0].page).toBe(2);
    expect(answer.answer).toContain('(page 2)');
  });

  it('reads the question out of a "Consider the ...; question" query', () => {
    const answer = answerExtractively('Consider the Supply Agreement between Northwind Tools, Inc. and Harbor Supply LLC; Which law governs the agreement?', passages);
    expect(answer.citations[0].quote).toContain('laws of the State of New York');
  });

  it('names the contract from its title and the preamble that makes it, not a later sentence about the agreement', () => {
    const text = [
      'Exhibit 10.2',
      '',
      'MARKETING AND SUPPLY AGREEMENT This MARKETING AND SUPPLY AGREEMENT (this "Agreement") is entered into by and between Teal Inc. and Smew Ltd.',
      '',
      '1. Term. This Agreement will renew automatically for successive one-year terms unless either party gives notice.',
    ].join('\n');
    const opening: AnswerPassage = { id: 'open', documentId: 'mkt', file: 'marketing.txt', page: 1, start: 0, end: text.length, text, score: 0, headingPath: [] };
    const answer = answerExtractively('What is the name of the contract?', [opening]);
    expect(answer.citations.map((c) => c.quote)).toEqual(['MARKETING AND SUPPLY AGREEMENT', expect.stringMatching(/^This MARKETING AND SUPPLY AGREEMENT \(this "Agreement"\) is entered into/)]);
    expectExactQuotes(text, answer);
    // Without a preamble that makes it, the title alone.
    const untitled = text.replace(/ This MARKETING AND SUPPLY AGREEMENT .*Smew Ltd\./, '');
    const opened: AnswerPassage = { ...opening, end: untitled.length, text: untitled };
    expect(answerExtractively('What is the name of the contract?', [opened]).citations.map((c) => c.quote)).toEqual(['MARKETING AND SUPPLY AGREEMENT']);
    // A preamble that opens with the name itself.
    const named = untitled.replace('\n\n1. Term.', '\n\nMARKETING AND SUPPLY AGREEMENT, dated as of May 1, 2020, by and between Teal Inc. and Smew Ltd.\n\n1. Term.');
    const byName: AnswerPassage = { ...opening, end: named.length, text: named };
    expect(answerExtractively('What is the name of the contract?', [byName]).citations.map((c) => c.quote)).toEqual([
      'MARKETING AND SUPPLY AGREEMENT',
      'MARKETING AND SUPPLY AGREEMENT, dated as of May 1, 2020, by and between Teal Inc. and Smew Ltd.',
    ]);
  });

  it('names the parties from the opening of the contract', () => {
    const answer = answerExtractively('Who are the parties who signed the contract?', passages);
    expect(answer.abstained).toBe(false);
    expect(answer.citations[0].quote).toContain('Northwind Tools, Inc.');
    expectExactQuotes(SUPPLY, answer);
  });

  it('cites each document separately when passages come from several', () => {
    const other = 'LICENSE AGREEMENT\n\nThis Agreement shall be governed by the laws of England and Wales.';
    const answer = answerExtractively('Which law governs the agreement?', [...passages, ...paragraphs(other, 'doc-2', 'Licence.docx')]);
    expect(new Set(answer.citations.map((c) => c.file))).toEqual(new Set(['Supply Agreement.pdf', 'Licence.docx']));
    expect(answer.answer).toContain('According to Licence.docx (page 1)');
  });

  it('gives the same answer for the same input', () => {
    const q = 'Is there an exclusive dealing commitment with the counterparty?';
    expect(answerExtractively(q, passages)).toEqual(answerExtractively(q, passages));
  });
});

describe('wantsDocumentOpening', () => {
  it('is true for questions about the document itself', () => {
    expect(wantsDocumentOpening('Who are the parties who signed the contract?')).toBe(true);
    expect(wantsDocumentOpening('What is the name of the contract?')).toBe(true);
    expect(wantsDocumentOpening('When does the contract become effective?')).toBe(true);
  });

  it('is false for clause questions', () => {
    expect(wantsDocumentOpening('Is there a cap on liability?')).toBe(false);
  });
});

describe('answerExtractively on CUAD contracts', () => {
  const files = [
    'LIMEENERGYCO_09_09_1999-EX-10-DISTRIBUTOR AGREEMENT.txt',
    'CybergyHoldingsInc_20140520_10-Q_EX-10.27_8605784_EX-10.27_Affiliate Agreement.txt',
    'UpjohnInc_20200121_10-12G_EX-2.6_11948692_EX-2.6_Manufacturing Agreement_ Supply Agreement.txt',
  ];
  const categories = JSON.parse(readFileSync(cuadPath('categories.json'), 'utf8')) as { category: string; question: string }[];

  function setup(file: string): { text: string; ask: (question: string) => ReturnType<typeof answerExtractively> } {
    const text = readFileSync(cuadPath('txt', file), 'utf8');
    const chunks = chunkDocument(text, [{ page: 1, start: 0, end: text.length }]);
    const retriever = LegalRetriever.build([{ id: file, text }], chunks.map((c) => ({ id: String(c.ordinal), documentId: file, text: c.text, headingPath: c.headingPath })));
    const ask = (question: string): ReturnType<typeof answerExtractively> => {
      const passages: AnswerPassage[] = retriever.search(question, 8).map((hit) => {
        const c = chunks[Number(hit.id)];
        return { id: hit.id, documentId: file, file, page: c.pageStart, start: c.start, end: c.end, text: c.text, score: hit.score, headingPath: c.headingPath };
      });
      if (wantsDocumentOpening(question)) {
        const end = Math.min(text.length, OPENING_CHARS);
        passages.unshift({ id: 'opening', documentId: file, file, page: 1, start: 0, end, text: text.slice(0, end), score: 0, headingPath: [] });
      }
      return answerExtractively(question, passages);
    };
    return { text, ask };
  }

  it('has the contracts to test with', () => {
    expect(files).toHaveLength(3);
  });

  it.each(files)('cites exact slices of the contract for every category question: %s', (file) => {
    const { text, ask } = setup(file);
    let answered = 0;
    for (const { question } of categories) {
      const answer = ask(question);
      if (!answer.abstained) answered++;
      expect(answer.abstained).toBe(answer.citations.length === 0);
      for (const c of answer.citations) {
        expect(text.slice(c.start, c.end)).toBe(c.quote);
        expect(answer.answer).toContain(`According to ${file}`);
      }
    }
    expect(answered).toBeGreaterThan(3);
    expect(answered).toBeLessThan(categories.length);
  });

  it.each(files)('abstains on unrelated questions: %s', (file) => {
    const { ask } = setup(file);
    for (const question of ['What is the recipe for chocolate cake?', 'Who won the football world cup in 1998?', 'How tall is the Eiffel Tower?']) {
      expect(ask(question)).toEqual({ answer: ABSTAIN_ANSWER, citations: [], abstained: true });
    }
  });
});
