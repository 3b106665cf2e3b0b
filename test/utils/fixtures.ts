import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A handful of CUAD contracts kept in the repository (test/fixtures/cuad, CC BY 4.0, see its README), so every
 * test runs in a fresh clone. Benchmarks take the full corpus as an argument instead.
 */
export const CUAD_DIR = join(__dirname, '..', 'fixtures', 'cuad');

/** A path inside the CUAD fixtures, e.g. cuadPath('dev', 'queries.json'). */
export function cuadPath(...parts: string[]): string {
  return join(CUAD_DIR, ...parts);
}

export function cuadContracts(): string[] {
  return readdirSync(cuadPath('txt'))
    .filter((name) => name.endsWith('.txt'))
    .sort();
}

export function firstCuadContract(): string {
  return cuadContracts()[0];
}

export function cuadText(name: string): string {
  return readFileSync(cuadPath('txt', name), 'utf8');
}

export function cuadPdfs(): string[] {
  return readdirSync(cuadPath('pdf'))
    .filter((name) => name.toLowerCase().endsWith('.pdf'))
    .sort();
}

export function cuadPdfPath(name: string): string {
  return cuadPath('pdf', name);
}

export function cuadPdf(name: string): Buffer {
  return readFileSync(cuadPdfPath(name));
}
