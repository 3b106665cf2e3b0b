import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The CUAD corpus in ../shared beside the repository (see its README). */
export const CUAD_DIR = join(__dirname, '..', '..', '..', 'shared', 'data', 'cuad');

export function cuadContracts(): string[] {
  return readdirSync(join(CUAD_DIR, 'txt'))
    .filter((name) => name.endsWith('.txt'))
    .sort();
}

export function firstCuadContract(): string {
  return cuadContracts()[0];
}

export function cuadText(name: string): string {
  return readFileSync(join(CUAD_DIR, 'txt', name), 'utf8');
}

export function cuadPdfs(): string[] {
  return readdirSync(join(CUAD_DIR, 'pdf'))
    .filter((name) => name.toLowerCase().endsWith('.pdf'))
    .sort();
}

export function cuadPdf(name: string): Buffer {
  return readFileSync(join(CUAD_DIR, 'pdf', name));
}
