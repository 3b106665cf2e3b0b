import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

/**
 * The Content-Security-Policy of every response: the web app, the API, the console and the API docs.
 * Scripts, connections, fonts and frames only from this origin; images only from it or data:/blob: URLs,
 * so a remote image in rendered text cannot carry data away. Styles allow inline ones because MUI's
 * emotion writes its CSS into <style> elements at run time; no inline script is allowed anywhere.
 */
export const CONTENT_SECURITY_POLICY: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

export interface SecurityHeaderOptions {
  /** Strict-Transport-Security max-age in seconds; 0 leaves the header out (a plain-http deployment). */
  hstsMaxAgeSeconds: number;
}

/** helmet with this product's choices, then `Cache-Control: no-store` on API answers (client data stays out of shared caches). */
export function securityHeaders(options: SecurityHeaderOptions): RequestHandler[] {
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: Object.fromEntries(Object.entries(CONTENT_SECURITY_POLICY).map(([name, sources]) => [name, [...sources]])),
    },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: options.hstsMaxAgeSeconds > 0 ? { maxAge: options.hstsMaxAgeSeconds, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
    xContentTypeOptions: true,
  });
  const noStore = (req: Request, res: Response, next: NextFunction): void => {
    if (/^\/api(\/|$)/.test(req.path)) res.setHeader('Cache-Control', 'no-store');
    next();
  };
  return [headers, noStore];
}
