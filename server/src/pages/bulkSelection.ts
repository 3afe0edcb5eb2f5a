import { t, translate } from '../http/language.js';
import { BULK_ACTIONS, BULK_PATH, groupRefValue, refValue, type BulkAction } from './bulkCommands.js';
import { nspField } from './formGuard.js';
import { html, type SafeHtml } from './html.js';
import { gates, type PageEnv } from './pageRoute.js';

/** The id of a list's bulk form: the rows' checkboxes sit in the table, outside it, and join it by `form=`. */
const FORM_ID = 'bulk-form';

/** Whether the list offers a selection at all: only to those who may send commands. */
export function canBulk(env: PageEnv): boolean {
  return gates.commands.allows(env.caller.perms);
}

/** The header cell of the selection column: "select all on this page". */
export function selectAllCell(): SafeHtml {
  return html`<th scope="col" class="select"><input type="checkbox" data-select-all\
 aria-label="${t`Select all on this page`}"></th>`;
}

/** A row's checkbox, named for what it selects. */
export function selectCell(
  o: { host_name: string; service_description?: string; engine?: string },
): SafeHtml {
  const name = o.service_description === undefined ? o.host_name : t`${o.service_description} on ${o.host_name}`;
  return html`<td class="select"><input type="checkbox" name="o" value="${refValue(o)}" form="${FORM_ID}"\
 aria-label="${t`Select ${name}`}"></td>`;
}

/** A group's checkbox on the group pages: the actions then act on all its hosts or all its services. */
export function selectGroupCell(kind: 'host' | 'service', name: string): SafeHtml {
  const label = kind === 'host' ? t`Select host group ${name}` : t`Select service group ${name}`;
  return html`<td class="select"><input type="checkbox" name="o" value="${groupRefValue(kind, name)}" form="${FORM_ID}"\
 aria-label="${label}"></td>`;
}

/**
 * The action menu for the selection, above the list: a disclosure of submit buttons, so it works by keyboard, touch
 * and without a script; bulkselect.js adds the count, select all, Space on a row and the A shortcut.
 */
export function bulkBar(env: PageEnv, back: string): SafeHtml {
  const { ctx, caller } = env;
  const actions = Object.keys(BULK_ACTIONS) as BulkAction[];
  return html`<form id="${FORM_ID}" class="bulk-bar" method="post" action="${ctx.base}${BULK_PATH}">\
${nspField(caller)}<input type="hidden" name="back" value="${back}">
<p class="bulk-count" role="status" data-none="${t`Nothing selected`}" data-some="${t`${'{n}'} selected`}"\
 data-empty="${t`Select at least one host or service.`}">${t`Nothing selected`}</p>
<details class="bulk-menu"><summary aria-keyshortcuts="a">${t`Actions for the selection`}</summary>
<div class="bulk-menu-items" role="group" aria-label="${t`Actions for the selection`}">\
${actions.map((a) => html`<button type="submit" name="action" value="${a}">\
${translate(BULK_ACTIONS[a].label)}…</button>`)}\
</div></details>
<p class="hint bulk-keys">${t`Space selects the row in focus; A opens the actions.`}</p>
</form>`;
}

/** After the page's other scripts: the list's selection behaviour. */
export function bulkScript(base: string): SafeHtml {
  return html`<script src="${base}includes/js/bulkselect.js" defer></script>`;
}
