import { EventEmitter } from 'node:events';
import { ArgumentsHost, BadRequestException, Logger, NotFoundException } from '@nestjs/common';
import { ConflictError, TooManyRequestsError } from './app-error';
import { ErrorBody, HttpExceptionFilter } from './http-exception.filter';
import { DATABASE_UNAVAILABLE_MESSAGE, STORAGE_FULL_MESSAGE } from './unavailable';

interface Captured {
  status: number;
  body: ErrorBody;
  headers: Record<string, string>;
}

function run(exception: unknown): Captured {
  const captured: Captured = { status: 0, body: { statusCode: 0, detail: '', error: '' }, headers: {} };
  const response = {
    headersSent: false,
    setHeader(name: string, value: string) {
      captured.headers[name] = value;
    },
    status(code: number) {
      captured.status = code;
      return this;
    },
    json(body: ErrorBody) {
      captured.body = body;
    },
  };
  const host = { switchToHttp: () => ({ getResponse: () => response, getRequest: () => ({ complete: true }) }) } as unknown as ArgumentsHost;
  new HttpExceptionFilter().catch(exception, host);
  return captured;
}

describe(HttpExceptionFilter.name, () => {
  it('gives a domain error its status and message in both detail and error', () => {
    expect(run(new ConflictError('Taken.'))).toMatchObject({ status: 409, body: { statusCode: 409, detail: 'Taken.', error: 'Taken.' } });
  });

  it('joins validation messages into one readable detail', () => {
    const { body } = run(new BadRequestException(['Project name is required', 'Description is too long.']));
    expect(body.detail).toBe('Project name is required Description is too long.');
  });

  it('keeps the message of a framework HTTP error', () => {
    expect(run(new NotFoundException('Cannot GET /api/x/')).body.detail).toBe('Cannot GET /api/x/');
  });

  it('sets Retry-After on a throttled answer', () => {
    const result = run(new TooManyRequestsError('Too many attempts.', 42));
    expect(result.status).toBe(429);
    expect(result.headers['Retry-After']).toBe('42');
  });

  it('hides an unexpected error behind a 500 and logs its stack', () => {
    const log = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const result = run(new TypeError('secret internals at /srv/app.js:12'));
    expect(result).toMatchObject({ status: 500, body: { statusCode: 500, detail: 'Internal server error', error: 'Internal server error' } });
    expect(log).toHaveBeenCalledWith(expect.stringContaining('secret internals'));
    log.mockRestore();
  });

  it('answers 503 with Retry-After, not 500, when the database is out of reach (a restart in progress)', () => {
    const log = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const shutdown = Object.assign(new Error('QueryFailedError'), { driverError: Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }) });
    for (const error of [refused, shutdown, new Error('Connection terminated unexpectedly')]) {
      expect(run(error)).toMatchObject({ status: 503, body: { detail: DATABASE_UNAVAILABLE_MESSAGE }, headers: { 'Retry-After': '5' } });
    }
    log.mockRestore();
  });

  it('answers 503 naming full storage when a write finds no space left (ENOSPC)', () => {
    const log = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const full = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    expect(run(full)).toMatchObject({ status: 503, body: { detail: STORAGE_FULL_MESSAGE } });
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it('answers a request whose body is still arriving only once the body has ended, reading it to the end', () => {
    const request = Object.assign(new EventEmitter(), { complete: false, readableEnded: false, destroyed: false, resumed: false, resume() { this.resumed = true; } });
    const sent: number[] = [];
    const response = { headersSent: false, setHeader: () => undefined, status: (code: number) => ({ json: () => void sent.push(code) }) };
    const host = { switchToHttp: () => ({ getResponse: () => response, getRequest: () => request }) } as unknown as ArgumentsHost;
    new HttpExceptionFilter().catch(new NotFoundException('Gone.'), host);
    expect({ sent, resumed: request.resumed }).toEqual({ sent: [], resumed: true });
    request.emit('end');
    expect(sent).toEqual([404]);
  });
});
