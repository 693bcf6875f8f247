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

/** The policy above as its header value. */
const policyHeader = Object.entries(contentSecurityPolicy)
  .map(([name, values]) => `${name} ${values.join(' ')}`)
  .join(';');

/**
 * The headers of every answer: helmet's defaults with the policy above and a referrer kept to
 * this origin, written here once rather than computed per request by @fastify/helmet (its
 * middleware chain was 2 % of a list request's CPU, issue 20). Left out: HSTS (this server
 * speaks plain HTTP; the TLS proxy in front of it owns that header), upgrade-insecure-requests
 * (it would break a plain-HTTP intranet or demo install) and Cross-Origin-Embedder-Policy
 * (external pictures and embedded menu pages do not send CORP headers).
 */
export const securityHeaders: Readonly<Record<string, string>> = {
  'content-security-policy': policyHeader,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/** Sets them as a request arrives, so error and not-found answers carry them too. */
export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(securityHeaders);
    done();
  });
}
