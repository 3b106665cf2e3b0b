import { ParseError, toParseError } from '@api/modules/common/parse-error';
import { parseDocument } from './parser-registry';
import type { FromWorker, WorkerParseRequest, ToWorker } from './parse-worker.protocol';
import type { OcrEngine } from './parser.types';

/** The child-process side of ParserPool: parses one document at a time, asks the pool for OCR. */

if (process.send === undefined) throw new Error('parse-worker runs only as a child process forked by ParserPool');

// Without it PDF.js inflates streams with its own decoder, which extracts the same text about 15%
// faster than going through web streams. Only this dedicated process is affected.
Reflect.deleteProperty(globalThis, 'DecompressionStream');
const send = process.send.bind(process);
const post = (message: FromWorker): void => {
  send(message);
};

const pendingOcr = new Map<number, { resolve: (text: string) => void; reject: (error: ParseError) => void }>();
let nextOcrId = 1;

function ocrThroughPool(jobId: number): OcrEngine {
  return {
    recognize: (image) =>
      new Promise<string>((resolve, reject) => {
        const ocrId = nextOcrId++;
        pendingOcr.set(ocrId, { resolve, reject });
        post({ kind: 'ocr', id: jobId, ocrId, image });
      }),
  };
}

async function handleParse(request: WorkerParseRequest): Promise<void> {
  try {
    const bytes = request.input;
    const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const result = await parseDocument(request.type, input, {
      ocr: request.ocr,
      ocrEngine: request.ocr ? ocrThroughPool(request.id) : undefined,
      limits: request.limits,
      onProgress: () => post({ kind: 'progress', id: request.id }),
    });
    post({ kind: 'done', id: request.id, result });
  } catch (error) {
    post({ kind: 'failed', id: request.id, error: toParseError(error).toJSON() });
  }
}

process.on('message', (message: ToWorker) => {
  if (message.kind === 'parse') {
    void handleParse(message);
    return;
  }
  const pending = pendingOcr.get(message.id);
  if (pending === undefined) return;
  pendingOcr.delete(message.id);
  if (message.error !== undefined) pending.reject(ParseError.fromJSON(message.error));
  else pending.resolve(message.text ?? '');
});

// The pool went away: nothing is left to report to.
process.on('disconnect', () => process.exit(0));

post({ kind: 'ready' });
