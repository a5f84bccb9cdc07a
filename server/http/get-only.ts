/**
 * A route whose GET has effects a HEAD must not have (a download spends its single-use key and is
 * audited as a reveal) answers HEAD `405` with `Allow: GET`, before any credential is looked at.
 * Hono answers a HEAD with the GET route's handler, so without this a link preview or a browser
 * checking a link first would burn the link and write a reveal of bytes nobody received.
 */
import { createMiddleware } from 'hono/factory';
import { ApiError } from './errors.ts';

export const getOnly = createMiddleware(async function getOnlyMiddleware(c, next) {
  if (c.req.method === 'HEAD')
    throw new ApiError(405, 'Method not allowed: open it with GET', undefined, { Allow: 'GET' });
  await next();
});
