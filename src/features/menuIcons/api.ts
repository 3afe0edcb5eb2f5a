import type { HttpClient } from '../../lib/http';

/** Spec 3: the user metadata key that holds a menu entry's chosen icon. */
export function iconKey(entryId: string): string {
  return `icon-${entryId}`;
}

/** Spec 7: setusermeta with opts {keyname: icon-{entry id}, keyvalue: icon name} and nsp. */
export function createMenuIconSaver(http: Pick<HttpClient, 'get'>): (entryId: string, icon: string) => Promise<void> {
  return async (entryId, icon) => {
    await http.get('ajaxhelper.php', { params: { cmd: 'setusermeta', opts: JSON.stringify({ keyname: iconKey(entryId), keyvalue: icon }) }, write: true });
  };
}
