import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';

/** HSTS for a year once the messenger is served over https (PUBLIC_URL). */
const HSTS_MAX_AGE_S = 365 * 24 * 60 * 60;

/**
 * The page's policy: scripts only from this origin (Vite emits no inline script),
 * images from anywhere (profile pictures), framing only by itself and EMBED_ORIGINS.
 */
export function contentSecurityPolicy(
  embedOrigins: readonly string[],
): Record<string, string[] | null> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:', 'http:'],
    'media-src': ["'self'", 'blob:'],
    'connect-src': ["'self'"],
    'font-src': ["'self'", 'data:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'", ...embedOrigins],
    'script-src-attr': ["'none'"],
    // Off: the messenger may run on plain http on a LAN; HSTS covers https deployments.
    'upgrade-insecure-requests': null,
  };
}

export function servesHttps(config: Pick<Config, 'publicUrl'>): boolean {
  return config.publicUrl?.toLowerCase().startsWith('https://') ?? false;
}

/**
 * Every response's security headers, from this one place (@fastify/helmet): the CSP
 * with frame-ancestors from EMBED_ORIGINS, nosniff, a same-origin referrer, and HSTS
 * when PUBLIC_URL is https. X-Frame-Options (which cannot name other origins) is
 * only sent while no other origin may embed; browsers obey frame-ancestors over it.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: Pick<Config, 'publicUrl' | 'embedOrigins'>,
): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy(config.embedOrigins),
    },
    // The messenger loads profile pictures from other sites, which send no CORP header.
    crossOriginEmbedderPolicy: false,
    // Embedding sites fetch nothing from here themselves; they frame it.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: servesHttps(config)
      ? { maxAge: HSTS_MAX_AGE_S, includeSubDomains: false }
      : false,
    xFrameOptions: config.embedOrigins.length === 0 ? { action: 'sameorigin' } : false,
  });
}
