import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AppError } from './app-error';
import { unavailableReason } from './unavailable';

export interface ErrorBody {
  statusCode: number;
  detail: string;
  error: string;
}

function messageOf(response: string | object): string {
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  if (Array.isArray(message)) return message.map(String).join(' ');
  if (typeof message === 'string') return message;
  return 'Request failed.';
}

/** How long an error answer waits for the rest of a request body the client is still sending. */
const DRAIN_WAIT_MS = 10_000;

/**
 * Calls `then` once the request's body has been received to its end (read and thrown away), or after DRAIN_WAIT_MS.
 * An answer sent while the client is still sending would be followed by the connection's close, and a client still
 * writing its body then sees the connection reset (EPIPE) instead of the answer.
 */
function afterBody(request: Request, then: () => void): void {
  if (request.complete || request.readableEnded || request.destroyed) {
    then();
    return;
  }
  let done = false;
  const finish = (): void => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    then();
  };
  const timer = setTimeout(finish, DRAIN_WAIT_MS);
  timer.unref();
  request.once('end', finish);
  request.once('close', finish);
  request.once('error', finish);
  request.resume();
}

/** Every error leaves the API as `{ statusCode, detail, error }`; unknown errors never leak internals. */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const { status, message, headers } = this.describe(exception);
    if (status >= 500 && !(exception instanceof AppError)) {
      this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    }
    if (response.headersSent) return;
    const body: ErrorBody = { statusCode: status, detail: message, error: message };
    afterBody(host.switchToHttp().getRequest<Request>(), () => {
      if (response.headersSent) return;
      for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
      response.status(status).json(body);
    });
  }

  private describe(exception: unknown): { status: number; message: string; headers: Record<string, string> } {
    if (exception instanceof AppError) {
      return { status: exception.statusCode, message: exception.message, headers: exception.headers };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const message = status >= 500 ? 'Internal server error' : messageOf(exception.getResponse());
      return { status, message, headers: {} };
    }
    // A database out of reach or a full disk is not the request's fault and passes: 503, as /api/health/ready says.
    const unavailable = unavailableReason(exception);
    if (unavailable) return { status: HttpStatus.SERVICE_UNAVAILABLE, message: unavailable, headers: { 'Retry-After': '5' } };
    return { status: HttpStatus.INTERNAL_SERVER_ERROR, message: 'Internal server error', headers: {} };
  }
}
