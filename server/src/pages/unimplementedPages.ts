import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context.js';
import { mark, t, translate } from '../http/language.js';
import { html } from './html.js';
import { pageBody } from './layout.js';
import { gates, registerPage, type Gate } from './pageRoute.js';

/** `name` and `back.label` are English, translated where shown. */
interface Unimplemented { path: string; name: string; back: { label: string; path: string }; gate?: Gate }

const ENTERPRISE = { label: mark('Back to Enterprise'), path: 'enterprise/' };
const CONFIG = { label: mark('Back to Configuration Options'), path: 'config/' };

/** The spec's pages (2.11, 2.13) this server has no implementation of: each says so plainly, never a fake screen. */
export const UNIMPLEMENTED: readonly Unimplemented[] = [
  {
    path: 'includes/components/autodiscovery/index.php', name: mark('Auto-Discovery Tool'), back: CONFIG,
    gate: gates.configure,
  },
  { path: 'includes/components/nagiosbpi/index.php', name: mark('BPI'), back: ENTERPRISE },
  {
    path: 'includes/components/bulkmodifications/bulkmodifications.php',
    name: mark('Bulk Modification Tool'), back: ENTERPRISE,
    gate: gates.admin,
  },
  {
    path: 'includes/components/renametool/renametool.php', name: mark('Bulk Renaming Tool'), back: ENTERPRISE,
    gate: gates.admin,
  },
  {
    path: 'includes/components/capacityplanning/capacityplanning.php', name: mark('Capacity Planning'),
    back: ENTERPRISE,
  },
  { path: 'admin/deadpool.php', name: mark('Deadpool Settings'), back: ENTERPRISE, gate: gates.admin },
  {
    path: 'admin/notificationmanagement.php', name: mark('Notification Management'), back: ENTERPRISE,
    gate: gates.admin,
  },
  {
    path: 'includes/components/nxti/index.php', name: mark('SNMP Trap Interface'), back: ENTERPRISE,
    gate: gates.admin,
  },
];

export function registerUnimplementedPages(app: FastifyInstance, ctx: AppContext): void {
  for (const page of UNIMPLEMENTED) {
    registerPage(app, ctx, {
      path: page.path,
      ...(page.gate ? { gate: page.gate } : {}),
      get: () => {
        const name = translate(page.name);
        return {
          title: name,
          body: pageBody({
            heading: name,
            content: html`<p>${t`The reference server does not implement ${name}.`}</p>
<p><a href="${ctx.base}${page.back.path}" target="_top">${translate(page.back.label)}</a></p>`,
          }),
        };
      },
    });
  }
}
