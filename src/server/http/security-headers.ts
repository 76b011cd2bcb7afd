import type { FastifyInstance } from 'fastify';
import type { Config } from '#server/config';

function tileOrigin(template: string): string {
  // "https://{a-c}.tile.example/{z}/{x}/{y}.png" → "https://*.tile.example" when the host is templated
  const url = new URL(template.replace(/\{[^}]+\}/g, 'x'));
  const host = /\{[^}]+\}/.test(template.split('/')[2] ?? '')
    ? `*.${url.host.split('.').slice(1).join('.')}`
    : url.host;
  return `${url.protocol}//${host}`;
}

/** Security headers on every response, errors and 404s included. */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    // MUI (emotion) injects style elements at run time.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${tileOrigin(config.mapTileUrl)}`,
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  const httpsPublic = config.publicUrl.startsWith('https://');
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('Content-Security-Policy', csp);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('Permissions-Policy', 'geolocation=(self), camera=(self), microphone=(), payment=(), usb=()');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Cross-Origin-Resource-Policy', 'same-origin');
    if (httpsPublic || request.protocol === 'https') {
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
    if (request.url.startsWith('/api/') && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
