import { expect } from 'vitest';
import { createUser, type Permissions } from '../../server/src/db/users.js';
import { hashPassword } from '../../server/src/auth/password.js';
import { Client, type Reply, type TestServer } from './harness.js';

/** Sends one write as `client`, with the given nsp (undefined: none) and with or without the X-XSRF-TOKEN header. */
export type Send = (client: Client, nsp: string | undefined, xsrf: boolean) => Promise<Reply>;

export const formSend = (method: string, path: string, form: Record<string, string>): Send => (c, nsp, xsrf) =>
  c.request(method, path, { form: nsp === undefined ? form : { ...form, nsp }, xsrf });

/** Writes whose fields travel in the query (GET ajaxhelper commands, DELETE ?id&nsp). */
export const querySend = (method: string, path: string, params: Record<string, string>): Send => (c, nsp, xsrf) => {
  const query = new URLSearchParams(nsp === undefined ? params : { ...params, nsp });
  const headers: Record<string, string> = xsrf && c.xsrf ? { 'x-xsrf-token': c.xsrf } : {};
  return c.request(method, `${path}?${query}`, { headers, xsrf });
};

export const sendOk = (send: Send, c: Client): Promise<Reply> => send(c, c.nsp, true);

/** The refusals every write owes (team brief): 401 without a session, 403 without nsp, 403 without the XSRF header. */
export async function expectWriteGuards(ts: TestServer, writer: Client, send: Send): Promise<void> {
  const anonymous = await send(new Client(ts.url), 'not-a-session', true);
  const noNsp = await send(writer, undefined, true);
  const wrongNsp = await send(writer, 'wrong-token', true);
  const noXsrf = await send(writer, writer.nsp, false);
  expect([anonymous.status, noNsp.status, wrongNsp.status, noXsrf.status]).toEqual([401, 403, 403, 403]);
  for (const r of [anonymous, noNsp, wrongNsp, noXsrf]) expect(typeof (r.body as { message?: unknown }).message).toBe('string');
}

export function expectBadRequest(res: Reply, status = 400): void {
  expect(res.status).toBe(status);
  expect(typeof (res.body as { message?: unknown }).message).toBe('string');
  expect((res.body as { message: string }).message.length).toBeGreaterThan(0);
}

export const USER_PASSWORD = 'user-password-1';

/** A second account with only the given permissions, logged in. */
export async function loginAs(ts: TestServer, username: string, perms: Partial<Permissions> = {}): Promise<Client> {
  await createUser(ts.server.ctx.store, username, hashPassword(USER_PASSWORD), perms);
  const c = new Client(ts.url);
  await c.login(username, USER_PASSWORD);
  return c;
}

export async function adminClient(ts: TestServer): Promise<Client> {
  const c = new Client(ts.url);
  await c.login();
  return c;
}
