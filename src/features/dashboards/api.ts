import type { Dashboard } from '../../lib/apiTypes';
import type { HttpClient } from '../../lib/http';

/** The form's values; background as the colour input gives it, `#rrggbb`. */
export interface DashboardForm { title: string; background: string; transparent: boolean }

/** Spec 7, Dashboards: form-encoded writes; the http client adds nsp and the XSRF header. */
export interface DashboardsApi {
  list(signal?: AbortSignal): Promise<Dashboard[]>;
  add(form: DashboardForm): Promise<Dashboard>;
  edit(id: string, form: DashboardForm): Promise<Dashboard>;
  clone(id: string, form: DashboardForm): Promise<Dashboard>;
  remove(id: string): Promise<void>;
  /** The export text of a dashboard. */
  raw(id: string): Promise<string>;
  importText(text: string): Promise<Dashboard>;
}

const PATH = 'api/v2/dashboards';

/** Spec 3: the background is stored without the hash; transparent is 1 or 0. */
export function formFields(form: DashboardForm): Record<string, string> {
  return { title: form.title, background: form.background.replace(/^#/, ''), transparent: form.transparent ? '1' : '0' };
}

export function createDashboardsApi(http: HttpClient): DashboardsApi {
  return {
    list: (signal) => http.get<Dashboard[]>(PATH, { signal }),
    add: (form) => http.post<Dashboard>(PATH, formFields(form)),
    edit: (id, form) => http.put<Dashboard>(PATH, { id, ...formFields(form) }),
    clone: (id, form) => http.post<Dashboard>(`${PATH}/copy`, { id, ...formFields(form) }),
    remove: async (id) => {
      await http.del(PATH, { params: { id } });
    },
    raw: async (id) => (await http.get<{ dashboard: string }>(`${PATH}/raw`, { params: { id } })).dashboard,
    importText: (text) => http.post<Dashboard>(`${PATH}/import`, { import: text }),
  };
}
