import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of every answer (the web app, the API, the API docs at
 * /api/docs), chosen for what the web app really does (ADR 0015):
 * - scripts only from this origin (the built app has no inline script; nothing uses eval);
 * - inline styles allowed: antd writes its CSS-in-JS as <style> elements at run time;
 * - pictures from this origin, data: (the captcha SVG, barcodes and QR codes drawn as data
 *   URLs), blob: (the signed-in user's avatar, fetched with the token) and any web address
 *   (an image field holds a link, a social sign-in avatar lives at the provider);
 * - frames: an external menu item opens its http(s) page in /myiframe (spec 01 §2);
 * - no plugins (object-src), no <base> elsewhere, forms post only here, and this app is
 *   framed by nothing but itself (frame-ancestors: clickjacking).
 */
export const contentSecurityPolicy = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:', 'http:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'", 'blob:'],
  'frame-src': ["'self'", 'https:', 'http:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
};

/**
 * Security headers on every answer (@fastify/helmet): the policy above, nosniff, a referrer
 * kept to this origin, no framing by other sites. Left out: HSTS (this server speaks plain
 * HTTP; the TLS proxy in front of it owns that header) and upgrade-insecure-requests (it would
 * break a plain-HTTP intranet or demo install), and Cross-Origin-Embedder-Policy (external
 * pictures and embedded menu pages do not send CORP headers).
 */
export async function registerSecurityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
    hsts: false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'same-origin' },
  });
}
