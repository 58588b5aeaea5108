import { isListedOrigin } from '@messenger/core';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { AppContext } from '../../context';
import { sendWebClientIndex } from '../web-client/plugin';
import { KIT_SCRIPT } from './kit-script';

/** The kit's versioned path: a breaking change of the API gets /embed/v2/. */
export const KIT_PATH = '/embed/v1/kit.js';
/** The frame the kit creates, and the page the sign-in popup ends on. */
export const EMBED_PATH = '/embed';
export const EMBED_SIGNED_IN_PATH = '/embed/signed-in';

/** Fixes reach host pages within this (the path carries the API version, not the file's). */
const KIT_MAX_AGE_S = 300;

const REFUSED_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Not available</title></head>
<body><main><h1>Not available</h1><p>This site may not show Messenger.</p></main></body></html>
`;

/** The page's CSP with frame-ancestors narrowed to the one parent the frame was made for. */
function narrowFrameAncestors(reply: FastifyReply, parent: string): void {
  const csp = reply.getHeader('content-security-policy');
  if (typeof csp !== 'string') return;
  void reply.header(
    'content-security-policy',
    csp.replace(/frame-ancestors [^;]*/, `frame-ancestors ${parent}`),
  );
}

/**
 * The embedding kit (docs/embedding.md): the script a host page loads, and
 * the frame it creates. `/embed?parent=ORIGIN` serves the web client only for
 * a parent listed in EMBED_ORIGINS, with frame-ancestors narrowed to that
 * parent, so a page elsewhere gets neither the frame nor any data: the
 * browser refuses to frame it, and the client posts only to the parent it was
 * told (postMessage's target origin), which the browser checks.
 */
export function embedRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const listed = ctx.config.embedOrigins;

    app.get(KIT_PATH, (_request, reply) =>
      reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', `public, max-age=${String(KIT_MAX_AGE_S)}`)
        // Loaded by pages of other origins: the page-wide same-origin resource policy would block it.
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(KIT_SCRIPT),
    );

    app.get<{ Querystring: { parent?: string } }>(EMBED_PATH, async (request, reply) => {
      const parent = request.query.parent ?? '';
      if (!isListedOrigin(parent, listed)) {
        request.log.info({ parent }, 'embed refused: origin not in EMBED_ORIGINS');
        return reply
          .status(403)
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(REFUSED_PAGE);
      }
      narrowFrameAncestors(reply, parent);
      return sendWebClientIndex(request, reply);
    });

    // The login popup's last page posts to the frame that opened it: the page-wide
    // same-origin opener policy would cut that link (the frame's top page is the host's).
    app.get(EMBED_SIGNED_IN_PATH, (request, reply) =>
      sendWebClientIndex(request, reply.header('cross-origin-opener-policy', 'unsafe-none')),
    );
    await Promise.resolve();
  };
}
