import { LoggerService, LogLevel } from '@nestjs/common';
import { currentRequestId } from './request-context';

type Level = 'debug' | 'info' | 'warn' | 'error';

const LEVEL_OF: Record<LogLevel, Level> = { verbose: 'debug', debug: 'debug', log: 'info', warn: 'warn', error: 'error', fatal: 'error' };
const ORDER: Record<Level, number> = { debug: 0, info: 1, warn: 2, error: 3 };

export interface LogLine {
  time: string;
  level: Level;
  msg: string;
  context?: string;
  request_id?: string;
  stack?: string;
}

/**
 * One JSON object per line on stdout: time, level, msg, the Nest context and the current request's id. Nest's own
 * messages, the app's and the jobs' all go through it (Logger.overrideLogger), so a log collector reads every line.
 */
export class JsonLogger implements LoggerService {
  constructor(
    private readonly minimum: Level = 'info',
    private readonly write: (line: string) => void = (line) => process.stdout.write(line),
  ) {}

  log(message: unknown, ...rest: unknown[]): void {
    this.emit('log', message, rest);
  }
  error(message: unknown, ...rest: unknown[]): void {
    this.emit('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.emit('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.emit('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]): void {
    this.emit('verbose', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]): void {
    this.emit('fatal', message, rest);
  }

  private emit(nestLevel: LogLevel, message: unknown, rest: unknown[]): void {
    const level = LEVEL_OF[nestLevel];
    if (ORDER[level] < ORDER[this.minimum]) return;
    // Nest passes the context last, and for errors a stack before it.
    const context = typeof rest.at(-1) === 'string' ? (rest.at(-1) as string) : undefined;
    const stack = nestLevel === 'error' && rest.length >= 2 && typeof rest[0] === 'string' ? rest[0] : message instanceof Error ? message.stack : undefined;
    const line: LogLine = { time: new Date().toISOString(), level, msg: message instanceof Error ? message.message : typeof message === 'string' ? message : JSON.stringify(message) };
    if (context) line.context = context;
    const requestId = currentRequestId();
    if (requestId) line.request_id = requestId;
    if (stack) line.stack = stack;
    this.write(`${JSON.stringify(line)}\n`);
  }
}
