import { http } from '../../lib/http';

/** Spec 3: the user metadata key that holds a menu entry's chosen icon. */
export function iconKey(entryId: string): string {
  return `icon-${entryId}`;
}

/** Spec 7: setusermeta with opts {keyname: icon-{entry id}, keyvalue: icon name} and nsp. */
export async function saveMenuIcon(entryId: string, icon: string): Promise<void> {
  await http.get('ajaxhelper.php', { params: { cmd: 'setusermeta', opts: JSON.stringify({ keyname: iconKey(entryId), keyvalue: icon }) }, write: true });
}
