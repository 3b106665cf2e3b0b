import { cuadContracts, cuadText } from '@test/utils/fixtures';
import { buildPdf } from '@test/utils/pdf';

export interface GeneratedDocument {
  name: string;
  bytes: Buffer;
}

const PARTIES = ['Northwind Trading Ltd', 'Blue Harbor Logistics LLC', 'Aldgate Pharma plc', 'Kestrel Software Inc.', 'Marlow & Finch LLP', 'Orchard Foods SA', 'Vantage Mining Corp.', 'Helios Energy GmbH'];

/** Document n of the run: a CUAD fixture contract under new party names, so every one differs in name and bytes. */
function contractText(n: number, maxCharacters: number): string {
  const contracts = cuadContracts();
  const source = cuadText(contracts[n % contracts.length]).slice(0, maxCharacters);
  const first = `${PARTIES[n % PARTIES.length]} (No. ${n})`;
  const second = `${PARTIES[(n + 3) % PARTIES.length]} (No. ${n})`;
  const preamble = `AGREEMENT ${n}\n\nThis agreement is made between ${first} ("Company") and ${second} ("Counterparty"), matter reference R-${1000 + n}.\n\n`;
  return preamble + source.replace(/\bCompany\b/g, first).replace(/\bDistributor\b|\bSupplier\b|\bConsultant\b/g, second);
}

/** A text page of at most 45 lines of at most 90 characters (what buildPdf lays out on one page). */
function pagesOf(text: string): { text: string[] }[] {
  const lines = text
    .split('\n')
    .flatMap((line) => line.match(/.{1,90}(\s|$)|\S+/g) ?? [''])
    .map((line) => line.replace(/[^\x20-\x7e]/g, ' ').trimEnd())
    .filter((line) => line.length > 0);
  const pages: { text: string[] }[] = [];
  for (let i = 0; i < lines.length; i += 45) pages.push({ text: lines.slice(i, i + 45) });
  return pages;
}

/** `count` documents from the repository's fixtures, one in four a PDF (parsed in a child process), the rest text. */
export function generateDocuments(prefix: string, count: number, maxCharacters = 40_000): GeneratedDocument[] {
  return Array.from({ length: count }, (_, index) => {
    const n = index + 1;
    const text = contractText(n, maxCharacters);
    const stem = `${prefix}-${String(n).padStart(3, '0')}`;
    return n % 4 === 0 ? { name: `${stem}.pdf`, bytes: buildPdf(pagesOf(text)) } : { name: `${stem}.txt`, bytes: Buffer.from(text) };
  });
}

/** A long PDF (hundreds of pages) whose ingestion keeps a worker busy for seconds: something to be killed in the middle of. */
export function longPdf(label: string, pages = 300): GeneratedDocument {
  const line = (page: number, n: number): string => `${label} ${page}.${n} The Supplier shall deliver the Goods described in Schedule ${page} within ${n} days of the order.`;
  return { name: `${label}.pdf`, bytes: buildPdf(Array.from({ length: pages }, (_, page) => ({ text: Array.from({ length: 40 }, (_, n) => line(page + 1, n + 1)) }))) };
}
