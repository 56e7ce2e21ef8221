/**
 * Security headers on every response — API answers, errors, static files and index.html alike — through
 * @fastify/helmet, registered first so that even a request refused by a later onRequest hook gets them.
 */
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppConfig } from '../config/env';

/**
 * The policy of the built web app: its scripts, styles and fonts are files from our own origin and it
 * talks only to our own API. No inline script runs (the theme is applied by /theme.js). Styles allow
 * 'unsafe-inline' because the UI's libraries insert <style> elements at run time (the toast library's
 * sheet; the dialog scroll lock's sheet, whose content depends on the scroll-bar width), which no hash can
 * name; injected CSS cannot run code.
 */
export function contentSecurityPolicy(https: boolean): Record<string, string[]> {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    // On plain http (a local install) this would send the app's own requests to an https port nobody serves.
    ...(https ? { upgradeInsecureRequests: [] } : {}),
  };
}

/**
 * The headers that let our own pages frame one response (and only our own pages): the order export, which
 * the web app downloads through a hidden frame so that it can read a refusal there
 * (docs/behaviour/order-tracking.md#export). The rest of the policy stays as it is.
 */
export function framedBySelf(reply: FastifyReply, config: Pick<AppConfig, 'publicUrl'>) {
  const directives = {
    ...contentSecurityPolicy(config.publicUrl.startsWith('https://')),
    frameAncestors: ["'self'"],
  };
  const policy = Object.entries(directives)
    .map(([name, values]) =>
      [name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`), ...values].join(' '),
    )
    .join(';');
  reply.header('content-security-policy', policy).header('x-frame-options', 'SAMEORIGIN');
}

export async function registerSecurityHeaders(app: FastifyInstance, config: Pick<AppConfig, 'publicUrl'>) {
  const https = config.publicUrl.startsWith('https://');
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(https) },
    // The legacy header for browsers without frame-ancestors.
    frameguard: { action: 'deny' },
    // Full addresses stay inside the app (e.g. a reset link's page); other sites get nothing.
    referrerPolicy: { policy: 'same-origin' },
    // Only an https deployment may tell browsers to insist on https; on http it would lock users out.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
}
