import type { HttpClient } from '../../lib/http';

/** A paired screen as `GET api/v2/admin/displays` lists it (server/src/admin/displayAdmin.ts displayRecord). */
export interface DisplayRecord {
  id: number;
  name: string;
  userId: number;
  username?: string;
  params: string;
  /** The screen has picked up its device token. */
  paired: boolean;
  createdAt: number;
  lastSeen: number | null;
  version?: string;
  item?: string;
  connection?: string;
  screen?: string;
}

export interface DisplayUser { id: number; username: string }

export interface DisplayForm { name: string; userId: string; params: string }

export type DisplayCommand = 'identify' | 'reload';

const PATH = 'api/v2/admin/displays';

/** Issue 10, Admin → Displays: administrators only; the http client adds nsp and the XSRF header to writes. */
export function createDisplaysApi(http: HttpClient) {
  return {
    list: (signal?: AbortSignal) => http.get<DisplayRecord[]>(PATH, { signal }),
    users: async (signal?: AbortSignal) => (await http.get<DisplayUser[]>('api/v2/admin/users', { signal })).map(({ id, username }) => ({ id, username })),
    claim: (code: string, form: DisplayForm) => http.post<DisplayRecord>(PATH, { code, ...form }),
    update: (id: number, form: DisplayForm) => http.put<DisplayRecord>(PATH, { id: String(id), ...form }),
    command: (id: number, command: DisplayCommand) => http.post<{ queued: string }>(`${PATH}/command`, { id: String(id), command }),
    revoke: async (id: number) => { await http.del(PATH, { params: { id: String(id) } }); },
  };
}

export type DisplaysApi = ReturnType<typeof createDisplaysApi>;
