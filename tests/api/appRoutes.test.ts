import { describe, expect, it } from 'vitest';
import { APP_ROUTES } from '../../server/src/routes/static.js';
// @ts-expect-error -- the app's module uses bundler resolution; vitest resolves it, the server's tsc does not need to.
import { APP_ROUTE_PATHS } from '../../src/lib/appRoutes';

describe('app routes', () => {
  it('the server answers index.html for exactly the routes the app (and its service worker) handles', () => {
    expect([...APP_ROUTES].sort()).toEqual([...(APP_ROUTE_PATHS as string[])].sort());
  });
});
