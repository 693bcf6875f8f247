import type { FastifyRequest } from 'fastify';

/**
 * Query parameters whose values never go into the log: passwords (the md5 of the password
 * grant, which is as good as the password to this server, and any plain one sent where it
 * should not be), refresh tokens, one-time codes and their challenges.
 */
const secretParams = new Set(['password', 'refreshtoken', 'refresh_token', 'code', 'codechallenge', 'state']);

/** The address as logged: secret query values replaced by `***`. */
export function redactUrl(url: string): string {
  const question = url.indexOf('?');
  if (question < 0) return url;
  const query = url
    .slice(question + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // a malformed name is logged as it came
      }
      return equals >= 0 && secretParams.has(decoded.toLowerCase()) ? `${name}=***` : pair;
    })
    .join('&');
  return `${url.slice(0, question)}?${query}`;
}

/** pino's `req` serializer: Fastify's default fields, with the address redacted. */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
