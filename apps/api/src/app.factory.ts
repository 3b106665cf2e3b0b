import { INestApplication, INestApplicationContext, LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import express, { NextFunction, Request, Response } from 'express';
import { ErrorBody } from '@api/modules/common/http-exception.filter';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { AppModule } from './app.module';
import { createValidationPipe } from '@api/modules/common/validation';
import { AppConfig } from '@api/modules/config/config.types';

const LEVELS: Record<AppConfig['app']['logLevel'], LogLevel[]> = {
  debug: ['debug', 'log', 'warn', 'error', 'fatal'],
  info: ['log', 'warn', 'error', 'fatal'],
  warn: ['warn', 'error', 'fatal'],
  error: ['error', 'fatal'],
};

/** Builds the HTTP application with the global prefix, validation and the web app; does not listen. */
export async function createHttpApp(config: AppConfig, options: { logger?: false } = {}): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    logger: options.logger ?? LEVELS[config.app.logLevel],
    bodyParser: false,
  });
  useBodyParsers(app);
  app.setGlobalPrefix('api');
  app.useGlobalPipes(createValidationPipe());
  app.enableShutdownHooks();
  app.disable('x-powered-by');
  serveWebApp(app, config);
  return app;
}

/** A process with APP_ROLE=worker: the modules and job workers, no HTTP server. */
export async function createWorkerContext(config: AppConfig): Promise<INestApplicationContext> {
  const context = await NestFactory.createApplicationContext(AppModule.forRoot(config), { logger: LEVELS[config.app.logLevel] });
  context.enableShutdownHooks();
  return context;
}

interface BodyParserError {
  type?: string;
}

/** JSON bodies up to 1 MB; a body that cannot be parsed gets the contract's 400, not the parser's words. */
function useBodyParsers(app: NestExpressApplication): void {
  app.use(express.json({ limit: '1mb' }), express.urlencoded({ extended: false, limit: '1mb' }));
  app.use((error: BodyParserError, _req: Request, res: Response, next: NextFunction) => {
    const known: Record<string, [number, string]> = {
      'entity.parse.failed': [400, 'The request body is not valid JSON.'],
      'entity.too.large': [413, 'The request body is too large.'],
      'encoding.unsupported': [415, 'The request body has an unsupported encoding.'],
      'charset.unsupported': [415, 'The request body has an unsupported character set.'],
    };
    const match = error.type ? known[error.type] : undefined;
    if (!match) return next(error);
    const body: ErrorBody = { statusCode: match[0], detail: match[1], error: match[1] };
    res.status(match[0]).json(body);
  });
}

function serveWebApp(app: NestExpressApplication, config: AppConfig): void {
  const webDir = config.http.webDir ?? join(process.cwd(), 'apps', 'web', 'dist');
  const index = join(webDir, 'index.html');
  if (!existsSync(index)) return;
  app.useStaticAssets(webDir, { index: false, maxAge: '1h' });
  // History fallback: client routes load index.html; /api and /admin belong to the server.
  app.use((req: Request, res: Response, next: NextFunction) => {
    const isAppRoute = req.method === 'GET' && !/^\/(api|admin)(\/|$)/.test(req.path) && req.accepts('html') === 'html';
    if (!isAppRoute) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
}

export function buildOpenApiDocument(app: INestApplication, version: string): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setTitle('Casewise API')
    .setDescription('Legal document assistant: projects, documents, cited answers and reports.')
    .setVersion(version)
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, 'bearer')
    .addSecurityRequirements('bearer')
    .build();
  const document = SwaggerModule.createDocument(app, builder, { operationIdFactory: (_controller, method) => method });
  // The contract's paths end with a slash (the spec's calls do); Express matches both forms.
  document.paths = Object.fromEntries(Object.entries(document.paths).map(([path, item]) => [path.endsWith('/') ? path : `${path}/`, item]));
  return document;
}
