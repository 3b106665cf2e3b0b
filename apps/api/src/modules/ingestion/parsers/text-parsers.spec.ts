import { readFile } from 'node:fs/promises';
import { pageMapProblem } from './paged-text';
import { ParseError } from '@api/modules/common/parse-error';
import { cuadPath } from '@test/utils/fixtures';
import { parseDocument } from './parser-registry';

interface Query {
  file: string;
  spans: [number, number][];
}

describe('plain text and Markdown', () => {
  it('keeps a contract text unchanged, so CUAD answer offsets point at the same characters', async () => {
    const queries = JSON.parse(await readFile(cuadPath('dev', 'queries.json'), 'utf8')) as Query[];
    const query = queries.find((candidate) => candidate.spans.length > 0) as Query;
    const bytes = await readFile(cuadPath('txt', query.file));
    const parsed = await parseDocument('txt', bytes);
    const original = bytes.toString('utf8');
    expect(parsed.text).toBe(original);
    const [start, end] = query.spans[0];
    expect(parsed.text.slice(start, end)).toBe(original.slice(start, end));
    expect(parsed.pages).toEqual([{ page: 1, start: 0, end: original.length, ocr: false }]);
    expect(parsed.report).toEqual({ pages: 1, pagesOcr: 0, pagesWithoutText: 0, characters: original.length, tables: 0 });
  });

  it('strips a byte-order mark and nothing else, line endings included', async () => {
    const parsed = await parseDocument('markdown', Buffer.from('\uFEFF# Terms\r\n\r\n* Pay   on time.  \r\n'));
    expect(parsed.text).toBe('# Terms\r\n\r\n* Pay   on time.  \r\n');
  });

  it('decodes UTF-16 announced by its byte-order mark', async () => {
    const bytes = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('Résumé clause', 'utf16le').swap16()]);
    expect((await parseDocument('txt', bytes)).text).toBe('Résumé clause');
  });

  it('refuses text in an encoding other than UTF-8 with a plain message', async () => {
    await expect(parseDocument('txt', Buffer.from('caf\xe9', 'latin1'))).rejects.toMatchObject({
      name: 'ParseError',
      code: 'unsupported',
      message: 'The text is not in a supported encoding: save it as UTF-8 and upload it again.',
    });
  });

  it('counts an empty or blank text as a page without text', async () => {
    const parsed = await parseDocument('txt', Buffer.from(' \n'));
    expect(parsed.report.pagesWithoutText).toBe(1);
    await expect(parseDocument('txt', Buffer.alloc(0))).rejects.toBeInstanceOf(ParseError);
  });

  it('refuses more text than the limit allows', async () => {
    await expect(parseDocument('txt', Buffer.from('x'.repeat(101)), { limits: { maxCharacters: 100 } })).rejects.toMatchObject({ code: 'too-large' });
  });
});

describe('HTML', () => {
  const page = `<!DOCTYPE html>
<html><head><title>Not shown</title><style>p { color: red }</style><script>var secret = 1;</script></head>
<body>
  <h1>Master   Services&nbsp;Agreement</h1>
  <p>This <b>Agreement</b> is made
     between the <i>Parties</i>.</p>
  <div hidden>Hidden draft note</div><span style="display: none">Also hidden</span>
  <table>
    <tr><th>Service</th><th>Fee</th></tr>
    <tr><td> Support </td><td>USD&#160;100</td></tr>
  </table>
  <ul><li>Term</li><li>Termination</li></ul>
  <ol start="3"><li>Notices<li>Governing law</ol>
  Signed<br>in London
  <pre>  Exhibit   A
  Schedule</pre>
  <noscript>Enable scripts</noscript>
</body></html>`;

  it('keeps the visible text with blocks as lines and tables as rows', async () => {
    const parsed = await parseDocument('html', Buffer.from(page));
    expect(parsed.text).toBe(
      [
        'Master Services Agreement',
        '',
        'This Agreement is made between the Parties.',
        '',
        'Service | Fee',
        'Support | USD 100',
        '',
        '- Term',
        '- Termination',
        '',
        '3. Notices',
        '4. Governing law',
        '',
        'Signed',
        'in London',
        '',
        '  Exhibit   A',
        '  Schedule',
      ].join('\n'),
    );
    expect(parsed.report.tables).toBe(1);
    expect(pageMapProblem(parsed)).toBeUndefined();
  });

  it('never shows the head, scripts, styles or hidden elements', async () => {
    const { text } = await parseDocument('html', Buffer.from(page));
    for (const hidden of ['Not shown', 'secret', 'color', 'Hidden draft', 'Also hidden', 'Enable scripts']) {
      expect(text).not.toContain(hidden);
    }
  });

  it('stops on absurdly deep nesting with a plain message instead of exhausting memory', async () => {
    const deep = '<div>'.repeat(50_000) + 'bottom' + '</div>'.repeat(50_000);
    await expect(parseDocument('html', Buffer.from(deep))).rejects.toMatchObject({
      code: 'too-complex',
      message: 'The document is nested too deeply to be read.',
    });
  });

  it('reads a page without head or body tags', async () => {
    expect((await parseDocument('html', Buffer.from('<p>One</p><p>Two &amp; three</p>'))).text).toBe('One\n\nTwo & three');
  });
});

describe('EML', () => {
  const boundary = 'b1_casewise';
  const multipart = [
    'From: Counsel Office <counsel@example.com>',
    'To: Client Team <client@example.com>, records@example.com',
    'Cc: archive@example.com',
    'Date: Tue, 1 Apr 2025 10:00:00 +0000',
    'Subject: =?UTF-8?Q?Draft_agreement_=E2=80=93_v2?=',
    'Message-ID: <1@example.com>',
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: multipart/alternative; boundary="alt"',
    '',
    '--alt',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Please review clause 4 before Friday.',
    '--alt',
    'Content-Type: text/html; charset=utf-8',
    '',
    '<p>Please review <b>clause 4</b> before Friday.</p>',
    '--alt--',
    `--${boundary}`,
    'Content-Type: application/pdf; name="draft-v2.pdf"',
    'Content-Disposition: attachment; filename="draft-v2.pdf"',
    'Content-Transfer-Encoding: base64',
    '',
    Buffer.from('%PDF-1.4 not really').toString('base64'),
    `--${boundary}--`,
    '',
  ].join('\r\n');

  it('keeps the headers that matter, the plain-text body and the attachment names', async () => {
    const parsed = await parseDocument('eml', Buffer.from(multipart));
    expect(parsed.text).toBe(
      [
        'From: "Counsel Office" <counsel@example.com>',
        'To: "Client Team" <client@example.com>, records@example.com',
        'Cc: archive@example.com',
        'Date: Tue, 1 Apr 2025 10:00:00 +0000',
        'Subject: Draft agreement – v2',
        '',
        'Please review clause 4 before Friday.',
        '',
        'Attachments:',
        '- draft-v2.pdf',
      ].join('\n'),
    );
    expect(parsed.text).not.toContain('Message-ID');
    expect(pageMapProblem(parsed)).toBeUndefined();
  });

  it('turns an HTML-only body into text', async () => {
    const htmlOnly = [
      'From: counsel@example.com',
      'To: client@example.com',
      'Subject: Fees',
      'Content-Type: text/html; charset=utf-8',
      '',
      '<html><head><style>x{}</style></head><body><p>Our fees:</p><table><tr><td>Review</td><td>USD 500</td></tr></table></body></html>',
    ].join('\r\n');
    const parsed = await parseDocument('eml', Buffer.from(htmlOnly));
    expect(parsed.text).toBe('From: counsel@example.com\nTo: client@example.com\nSubject: Fees\n\nOur fees:\n\nReview | USD 500');
    expect(parsed.report.tables).toBe(1);
  });
});
