import { deflateSync } from 'node:zlib';

/** A scanned image: 8-bit grey (one byte a pixel) or 8-bit RGB (three). */
export type ScanSpec = { width: number; height: number } & ({ gray: Buffer } | { rgb: Buffer });

export type PageSpec = { text: string[] } | { image: ScanSpec };

/** A small, valid PDF: text pages in Helvetica, image pages holding one full-page grey or colour scan. */
export function buildPdf(pages: PageSpec[]): Buffer {
  const objects: Buffer[] = [];
  const add = (body: Buffer | string): number => {
    objects.push(typeof body === 'string' ? Buffer.from(body, 'latin1') : body);
    return objects.length;
  };
  const stream = (dictionary: string, data: Buffer): Buffer =>
    Buffer.concat([Buffer.from(`<< ${dictionary} /Length ${data.length} >>\nstream\n`, 'latin1'), data, Buffer.from('\nendstream', 'latin1')]);
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add('');
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const kids: number[] = [];
  for (const page of pages) {
    let resources: string;
    let content: string;
    if ('text' in page) {
      resources = `<< /Font << /F1 ${font} 0 R >> >>`;
      const escape = (line: string): string => line.replace(/[\\()]/g, (char) => `\\${char}`);
      content = `BT /F1 12 Tf 14 TL 72 720 Td ${page.text.map((line) => `(${escape(line)}) Tj T*`).join(' ')} ET`;
    } else {
      const { width, height } = page.image;
      const [space, pixels] = 'gray' in page.image ? ['DeviceGray', page.image.gray] : ['DeviceRGB', page.image.rgb];
      const image = add(stream(`/Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /${space} /BitsPerComponent 8 /Filter /FlateDecode`, deflateSync(pixels)));
      resources = `<< /XObject << /Scan ${image} 0 R >> >>`;
      content = `q 612 0 0 ${Math.round((612 * height) / width)} 0 400 cm /Scan Do Q`;
    }
    const contents = add(stream('', Buffer.from(content, 'latin1')));
    kids.push(add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources ${resources} /Contents ${contents} 0 R >>`));
  }
  objects[1] = Buffer.from(`<< /Type /Pages /Kids [${kids.map((kid) => `${kid} 0 R`).join(' ')}] /Count ${kids.length} >>`, 'latin1');

  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n', 'latin1')];
  let length = parts[0].length;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(length);
    const object = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`, 'latin1'), body, Buffer.from('\nendobj\n', 'latin1')]);
    parts.push(object);
    length += object.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}
