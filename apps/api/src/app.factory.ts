import { INestApplication, INestApplicationContext, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import express, { NextFunction, Request, Response } from 'express';
import { ErrorBody } from '@api/modules/common/http-exception.filter';
import { securityHeaders } from '@api/modules/common/security-headers';
import { buildFiles, sendBuildFile } from '@api/modules/common/static-files';
import { isUtf8 } from 'node:buffer';
import { existsSync } from 'node:fs';
import { Server } from 'node:http';
import { Duplex } from 'node:stream';
import { join, resolve } from 'node:path';
import { AppModule } from './app.module';
import { createValidationPipe } from '@api/modules/common/validation';
import { AppConfig } from '@api/modules/config/config.types';
import { JsonLogger } from '@api/modules/logging/json-logger';
import { requestIdFrom, withRequestId } from '@api/modules/logging/request-context';
import { MetricsService } from '@api/modules/metrics/metrics.service';

/** Builds the HTTP application with the security headers, global prefix, validation, API docs and the web app; does not listen. */
export async function createHttpApp(config: AppConfig, options: { logger?: false } = {}): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    logger: options.logger ?? new JsonLogger(config.app.logLevel),
    bodyParser: false,
  });
  // First, so every answer (body parser errors included) carries the id and is measured.
  useRequestIds(app, options.logger !== false);
  // Next, so every answer carries them: errors of the body parsers, static files, docs and the API.
  app.use(...securityHeaders({ hstsMaxAgeSeconds: config.http.hstsMaxAgeSeconds }));
  useBodyParsers(app);
  app.setGlobalPrefix('api');
  app.useGlobalPipes(createValidationPipe());
  app.disable('x-powered-by');
  // Behind a proxy every client would share its address, and the sign-in limits would be one for all.
  if (config.http.trustProxy !== null) app.set('trust proxy', config.http.trustProxy);
  serveApiDocs(app, config);
  serveConsole(app, config);
  serveWebApp(app, config);
  return app;
}

/** A process with APP_ROLE=worker: the modules and job workers, no HTTP server. Signals: see main.ts. */
export async function createWorkerContext(config: AppConfig): Promise<INestApplicationContext> {
  return NestFactory.createApplicationContext(AppModule.forRoot(config), { logger: new JsonLogger(config.app.logLevel) });
}

/** The route's template (`/api/projects/:id/qa`), never the path itself: ids and query strings stay out of labels and logs. */
function routeOf(req: Request): string {
  const route = (req as Request & { route?: { path?: unknown } }).route;
  return typeof route?.path === 'string' ? `${req.baseUrl}${route.path}` : 'unmatched';
}

/**
 * X-Request-Id: a sane incoming one is kept, else one is made; it is sent back, carried by every log line written
 * for the request and by the jobs it queues. Each request is measured (latency by route template and status) and,
 * when logging, written as one line when it ends.
 */
function useRequestIds(app: NestExpressApplication, logRequests: boolean): void {
  const metrics = app.get(MetricsService);
  const logger = new Logger('HTTP');
  app.use((req: Request, res: Response, next: NextFunction) => {
    const requestId = requestIdFrom(req.headers['x-request-id']);
    res.setHeader('X-Request-Id', requestId);
    const started = performance.now();
    res.on('finish', () => {
      const seconds = (performance.now() - started) / 1000;
      const route = routeOf(req);
      metrics.observeRequest(req.method, route, res.statusCode, seconds);
      if (logRequests) withRequestId(requestId, () => logger.log(`${req.method} ${route} ${res.statusCode} ${Math.round(seconds * 1000)} ms`));
    });
    withRequestId(requestId, next);
  });
}

interface BodyParserError {
  type?: string;
  status?: number;
}

/** Deeper JSON than any request of the contract needs; deeper bodies are refused before anything walks them. */
const MAX_BODY_DEPTH = 32;
/** Keys that would reach an object's prototype if a body were merged into another object. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

const BODY_ERRORS: Record<string, [number, string]> = {
  'entity.parse.failed': [400, 'The request body is not valid JSON.'],
  'entity.too.large': [413, 'The request body is too large.'],
  'encoding.unsupported': [415, 'The request body has an unsupported encoding.'],
  'charset.unsupported': [415, 'The request body has an unsupported character set.'],
  'entity.utf8.invalid': [400, 'The request body is not valid UTF-8.'],
  'request.size.invalid': [400, 'The request body does not have the length its Content-Length header states.'],
  'request.aborted': [400, 'The request body ended before it was complete.'],
};

const LONE_SURROGATE = /\p{Cs}/u;

class BodyShapeError extends Error {}

function requireUtf8(_req: Request, _res: Response, body: Buffer): void {
  if (!isUtf8(body)) throw Object.assign(new Error('invalid UTF-8'), { status: 400, type: 'entity.utf8.invalid' });
}

/** Refuses what no route accepts and what would break a later layer: deep nesting, NUL, lone surrogates, prototype keys. */
function checkBodyValue(value: unknown, depth: number): void {
  if (typeof value === 'string') {
    if (value.includes('\0')) throw new BodyShapeError('The request body must not contain NUL characters (\\u0000).');
    // A lone surrogate has no UTF-8 form: validators and the database fail on it, or store a replacement character.
    if (LONE_SURROGATE.test(value)) throw new BodyShapeError('The request body must be valid Unicode: it contains an unpaired surrogate (\\uD800-\\uDFFF).');
    return;
  }
  if (value === null || typeof value !== 'object') return;
  if (depth > MAX_BODY_DEPTH) throw new BodyShapeError(`The request body is nested too deeply: at most ${MAX_BODY_DEPTH} levels are accepted.`);
  for (const [key, item] of Object.entries(value)) {
    if (FORBIDDEN_KEYS.has(key)) throw new BodyShapeError(`The request body must not contain the key "${key}".`);
    checkBodyValue(key, depth);
    checkBodyValue(item, depth + 1);
  }
}

const CLIENT_ERRORS: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'The request headers are too large.'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'The request took too long to arrive.'],
  HPE_INVALID_EOF_STATE: [400, 'Bad Request', 'The request ended before its body was complete.'],
  default: [400, 'Bad Request', 'The request is not valid HTTP: for example, more body bytes than its Content-Length states.'],
};

/**
 * What Node's HTTP parser cannot read (bytes past a Content-Length, a malformed header) never reaches express;
 * it still gets the contract's error body before the connection closes.
 */
function answerUnreadableRequests(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const [status, reason, message] = CLIENT_ERRORS[error.code ?? ''] ?? CLIENT_ERRORS.default;
    const body = JSON.stringify({ statusCode: status, detail: message, error: message } satisfies ErrorBody);
    socket.end(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  });
}

function sendBodyError(res: Response, status: number, message: string): void {
  const body: ErrorBody = { statusCode: status, detail: message, error: message };
  res.status(status).json(body);
}

/**
 * JSON (and form) bodies up to 1 MB, valid UTF-8, an object at the top, at most MAX_BODY_DEPTH deep, without NUL
 * characters, unpaired surrogates or prototype keys. A body that fails any of that gets the contract's 4xx, not
 * the parser's words: Nest's exception filter never sees errors raised before routing.
 */
function useBodyParsers(app: NestExpressApplication): void {
  answerUnreadableRequests(app.getHttpServer() as Server);
  app.use(express.json({ limit: '1mb', verify: requireUtf8 }), express.urlencoded({ extended: false, limit: '1mb', verify: requireUtf8 }));
  app.use((error: BodyParserError, req: Request, res: Response, next: NextFunction) => {
    const known = error.type ? BODY_ERRORS[error.type] : undefined;
    if (known) return sendBodyError(res, known[0], known[1]);
    const status = typeof error.status === 'number' && error.status >= 400 && error.status < 500 ? error.status : undefined;
    if (status === undefined) return next(error);
    // A decompression stream's own error (gzip, deflate or br that is not what it claims to be) carries no type.
    const encoding = req.headers['content-encoding'];
    const message = encoding && encoding !== 'identity' ? `The request body is not valid ${encoding} data.` : 'The request body could not be read.';
    sendBodyError(res, 400, message);
  });
  app.use((req: Request, res: Response, next: NextFunction) => {
    const body: unknown = req.body;
    if (body === undefined || body === null) return next();
    if (typeof body !== 'object' || Array.isArray(body)) return sendBodyError(res, 400, 'The request body must be a JSON object.');
    try {
      checkBodyValue(body, 1);
    } catch (error) {
      if (error instanceof BodyShapeError) return sendBodyError(res, 400, error.message);
      throw error;
    }
    next();
  });
}

/** Swagger UI at /api/docs and the document at /api/docs-json, only when API_DOCS is `public`. */
function serveApiDocs(app: NestExpressApplication, config: AppConfig): void {
  if (config.http.apiDocs === 'off') return;
  SwaggerModule.setup('api/docs', app, () => buildOpenApiDocument(app, config.app.version), {
    swaggerOptions: { validatorUrl: null },
  });
}

/**
 * The firm console at /admin/: its assets, and its index.html for every deep link under /admin/. Files are sent
 * precompressed when the client accepts it, hashed assets cached for a year, index.html revalidated on each use.
 */
function serveConsole(app: NestExpressApplication, config: AppConfig): void {
  const consoleDir = resolve(config.http.consoleDir ?? join(process.cwd(), 'apps', 'console', 'dist'));
  if (!existsSync(join(consoleDir, 'index.html'))) return;
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method === 'GET' && req.path === '/admin') return res.redirect(301, '/admin/');
    next();
  });
  app.use(buildFiles(consoleDir, '/admin/'));
  app.use((req: Request, res: Response, next: NextFunction) => {
    // A missing asset (a path with an extension) stays a 404 rather than a page.
    const isConsoleRoute = req.method === 'GET' && req.path.startsWith('/admin/') && !/\.[a-z0-9]+$/i.test(req.path) && req.accepts('html') === 'html';
    if (!isConsoleRoute) return next();
    sendBuildFile(req, res, next, consoleDir, 'index.html').catch(next);
  });
}

/**
 * Where the web app's build keeps a page made in advance for this path: `/` in pages/index.html, `/login` in
 * pages/login.html; a project's workspace (`/project/{id}`) shares the page of `/projects`.
 */
function prerenderedPage(path: string): string | null {
  if (path === '/') return 'pages/index.html';
  if (/^\/project\/[^/]+\/?$/.test(path)) return 'pages/projects.html';
  const name = /^\/([a-z0-9-]+)$/.exec(path)?.[1];
  return name === undefined || name === 'index' ? null : `pages/${name}.html`;
}

/**
 * The user app at /: its files as the console's are, and for every client route the page its build made for that
 * path when there is one (the landing page rendered in advance, the login page naming its chunks), else its
 * index.html.
 */
function serveWebApp(app: NestExpressApplication, config: AppConfig): void {
  const webDir = resolve(config.http.webDir ?? join(process.cwd(), 'apps', 'web', 'dist'));
  if (!existsSync(join(webDir, 'index.html'))) return;
  const serverPath = /^\/(api|admin)(\/|$)/;
  const files = buildFiles(webDir, '/');
  // /api and /admin belong to the server: no file look-up for them.
  app.use((req: Request, res: Response, next: NextFunction) => (serverPath.test(req.path) ? next() : files(req, res, next)));
  // History fallback: client routes load index.html.
  app.use((req: Request, res: Response, next: NextFunction) => {
    const isAppRoute = req.method === 'GET' && !serverPath.test(req.path) && req.accepts('html') === 'html';
    if (!isAppRoute) return next();
    const shell = (): void => void sendBuildFile(req, res, next, webDir, 'index.html').catch(next);
    const page = prerenderedPage(req.path);
    if (page === null) return shell();
    sendBuildFile(req, res, shell, webDir, page).catch(next);
  });
}

const API_DESCRIPTION = [
  'Legal document assistant: projects, documents, cited answers and reports.',
  'Sign in with `POST /api/login/` and send the token as `Authorization: Bearer <token>`; the operations marked without security need none.',
  'Every error has the body `{ statusCode, detail, error }` (ErrorResponseDto), JSON even where the success is a file; 429 answers carry `Retry-After` in seconds.',
  'A project, its documents, chat history and reports are visible to their owner only: anyone else gets 404, as for a project that does not exist.',
].join('\n\n');

export function buildOpenApiDocument(app: INestApplication, version: string): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setTitle('Casewise API')
    .setDescription(API_DESCRIPTION)
    .setVersion(version)
    // The paths carry the /api prefix, so the server is the host that serves this document.
    .addServer('/', 'The host serving this document')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, 'bearer')
    .addSecurityRequirements('bearer')
    .build();
  // Proprietary: a name and no URL, since there is no public licence text (DocumentBuilder always sets one).
  builder.info.license = { name: 'Proprietary (UNLICENSED): all rights reserved' };
  const document = SwaggerModule.createDocument(app, builder, { operationIdFactory: (_controller, method) => method });
  // The contract's paths end with a slash (the spec's calls do); Express matches both forms.
  document.paths = Object.fromEntries(Object.entries(document.paths).map(([path, item]) => [path.endsWith('/') ? path : `${path}/`, item]));
  // Guarded controllers carry @ApiBearerAuth; an operation without it is a @Public() one, and an empty list says so
  // (Nest drops empty metadata, and the global requirement would otherwise claim a token). The access matrix
  // test fails when this and the guards disagree.
  for (const item of Object.values(document.paths)) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch'] as const) {
      const operation = item[method];
      if (operation && operation.security === undefined) operation.security = [];
    }
  }
  return document;
}
