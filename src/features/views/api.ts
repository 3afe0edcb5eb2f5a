import type { HttpClient } from '../../lib/http';

export interface View { title: string; url: string }

/** Spec 7: the ajax helper commands behind My Views and view rotation; the http client adds nsp and the XSRF header. */
export interface ViewsApi {
  /** getusermeta view_rotation_speed: the stored speed as the server answers it (a number, unchecked). */
  loadSpeed(): Promise<unknown>;
  /** setusermeta view_rotation_speed. */
  saveSpeed(speed: number): Promise<void>;
  /** getviewbynum: the view at `index` of My Views. */
  viewAt(index: number): Promise<View>;
  /** POST addview. */
  addView(view: View): Promise<void>;
}

const HELPER = 'ajaxhelper.php';
export const SPEED_KEY = 'view_rotation_speed';

export function createViewsApi(http: Pick<HttpClient, 'get' | 'post'>): ViewsApi {
  return {
    loadSpeed: () => http.get<unknown>(HELPER, { params: { cmd: 'getusermeta', opts: SPEED_KEY } }),
    saveSpeed: async (speed) => {
      await http.get(HELPER, { params: { cmd: 'setusermeta', opts: JSON.stringify({ keyname: SPEED_KEY, keyvalue: speed }) }, write: true });
    },
    // getviewbynum carries nsp (spec 7).
    viewAt: (index) => http.get<View>(HELPER, { params: { cmd: 'getviewbynum', opts: index }, write: true }),
    addView: async ({ title, url }) => {
      await http.post(HELPER, { cmd: 'addview', title, url });
    },
  };
}
