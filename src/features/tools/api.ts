import type { Tool } from '../../lib/apiTypes';
import type { HttpClient } from '../../lib/http';

export type ToolScope = 'personal' | 'common';

export interface ToolFields { name: string; url: string }

/** Spec 7, Tools: form-encoded writes; the http client adds nsp and the XSRF header. */
export interface ToolsApi {
  list(signal?: AbortSignal): Promise<Tool[]>;
  get(id: number, signal?: AbortSignal): Promise<Tool>;
  add(fields: ToolFields): Promise<Tool>;
  edit(id: number, fields: ToolFields): Promise<Tool>;
  remove(id: number): Promise<void>;
}

export function createToolsApi(scope: ToolScope, http: HttpClient): ToolsApi {
  const path = `api/v2/tools/${scope}`;
  return {
    list: (signal) => http.get<Tool[]>(path, { signal }),
    get: (id, signal) => http.get<Tool>(path, { params: { id }, signal }),
    add: (fields) => http.post<Tool>(path, { name: fields.name, url: fields.url }),
    edit: (id, fields) => http.put<Tool>(path, { id: String(id), name: fields.name, url: fields.url }),
    remove: async (id) => {
      await http.del(path, { params: { id } });
    },
  };
}
