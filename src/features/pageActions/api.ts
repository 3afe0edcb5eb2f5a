import { http } from '../../lib/http';

export interface ViewFields { title: string; url: string }

/** Spec 7: POST ajaxhelper.php form-encoded cmd=addview with title and url; the http client adds nsp and the XSRF header. */
export interface PageActionsApi {
  addView(fields: ViewFields): Promise<void>;
}

export function createPageActionsApi(): PageActionsApi {
  return {
    addView: async ({ title, url }) => {
      await http.post('ajaxhelper.php', { cmd: 'addview', title, url });
    },
  };
}
