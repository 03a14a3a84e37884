// What the service answers itself carries personal data (a form's errors echo what was sent, an
// application's number) or editor-only state (the build detail, the publishing page): no browser
// or shared cache may keep it. One default under every route, so that no route can forget it; a
// route that means otherwise says so itself (the preview's hashed assets, the site's files).
import type { MiddlewareHandler } from 'hono';

export const noStoreByDefault: MiddlewareHandler = async (c, next) => {
  await next();
  // Through c.header: a header set on c.res.headers is lost when a later middleware's c.header
  // makes the response anew (@hono/node-server's lightweight responses).
  if (!c.res.headers.has('cache-control')) c.header('cache-control', 'no-store');
};
