import type { AuthRecord } from '../lib/apiTypes';
import { withBase } from '../lib/base';
import { useT } from '../lib/i18n';
import { Link } from '../ui/Link';
import { inFrameHref } from '../features/menu/menuLinks';

export interface ConfigLink { id: string; labelKey: string; href: string; target?: string }

const CONFIG = { id: 'config' as const, path: 'config/' };

/** Spec 6: each config shortcut needs its own permission flag. */
export function configLinksFor(auth: AuthRecord): ConfigLink[] {
  const links: ConfigLink[] = [];
  if (auth.canConfigureObjects) links.push({ id: 'wizards', labelKey: 'shell.config.wizards', href: inFrameHref(CONFIG, 'config/monitoringwizard.php') });
  if (auth.canAutoDeploy) links.push({ id: 'deployagent', labelKey: 'shell.config.deployAgent', href: inFrameHref(CONFIG, 'config/deployagent.php') });
  // The CCM is a page of its own, so it replaces the whole app rather than the frame.
  if (auth.canAccessCCM) links.push({ id: 'ccm', labelKey: 'shell.config.ccm', href: withBase('includes/components/ccm/xi-index.php'), target: '_top' });
  return links;
}

export function ConfigLinks({ title, links }: { title: string; links: ConfigLink[] }) {
  const t = useT();
  return (
    <div className="config-links">
      <div className="config-links-title">{title}</div>
      <ul>
        {links.map((l) => (
          <li key={l.id}>
            <Link href={l.href} target={l.target} className="config-links-link" data-testid={`config-link-${l.id}`}>{t(l.labelKey)}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
