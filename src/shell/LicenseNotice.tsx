import { useState } from 'react';
import { withBase } from '../lib/base';
import { useHttp } from '../lib/http';
import { useT } from '../lib/i18n';
import { Link } from '../ui/Link';
import { Banner } from './Banner';
import { VENDOR_LINKS } from '../lib/vendorLinks';
import type { LicenseState } from '../lib/apiTypes';
import { chooseLicenseMessage, type LicenseLinkKind, type LicenseMessage } from './licenseMessage';
import { PromoTermsDialog } from './PromoTermsDialog';
import { ignoreLicenseNotice, useShellData } from '../features/shellData/shellData';

/** Spec 2.4 destinations: the admin licence and activation pages in the frame, vendor pages in new tabs. */
const LINKS: Record<LicenseLinkKind, { key: string; href: string; external: boolean }> = {
  license: { key: 'shell.license.link.license', href: `${withBase('admin/')}?xiwindow=license.php`, external: false },
  enterpriseKey: { key: 'shell.license.link.enterpriseKey', href: `${withBase('admin/')}?xiwindow=license.php`, external: false },
  enterpriseTrial: { key: 'shell.license.link.enterpriseTrial', href: `${withBase('admin/')}?xiwindow=license.php`, external: false },
  activate: { key: 'shell.license.link.activate', href: `${withBase('')}?xiwindow=admin/activate.php`, external: false },
  contactSales: { key: 'shell.license.link.contactSales', href: VENDOR_LINKS.contactSales, external: true },
  pricing: { key: 'shell.license.link.pricing', href: VENDOR_LINKS.pricing, external: true },
  upgrade: { key: 'shell.license.link.upgrade', href: VENDOR_LINKS.upgrade, external: true },
};

/** Spec 4's choice for this licence and page, when it is the banner's kind (the enterprise notice or the others). */
export function ChosenLicenseNotice({ license, path, enterprise, testId }: { license: LicenseState; path: string; enterprise: boolean; testId: string }) {
  const message = chooseLicenseMessage(license, path);
  if (!message || message.enterprise !== enterprise) return null;
  return <LicenseNotice message={message} testId={testId} />;
}

/** Renders one chosen licence message as a banner; dismissible ones set their ignore flag on the session. */
export function LicenseNotice({ message, testId }: { message: LicenseMessage; testId: string }) {
  const t = useT();
  const { license } = useShellData();
  const http = useHttp();
  const [collapsing, setCollapsing] = useState(false);
  const dismissKind = message.dismiss;
  const onDismiss = dismissKind
    ? () => {
      setCollapsing(true);
      ignoreLicenseNotice(http, license, dismissKind).catch((e: unknown) => {
        console.error('Failed to dismiss the licence notice.', e);
        setCollapsing(false);
      });
    }
    : undefined;
  return (
    <Banner type={message.severity} onDismiss={onDismiss} collapsing={collapsing} data-testid={testId}>
      {message.promo && <strong>{t('shell.license.promoTitle')} </strong>}
      {!message.promo && <span>{t(message.key, message.vars)}</span>}
      {message.links.map((kind) => {
        const link = LINKS[kind];
        return <Link key={kind} href={link.href} target={link.external ? '_blank' : undefined}>{t(link.key)}</Link>;
      })}
      {message.promo && <span> {t(message.key, message.vars)}</span>}
      {message.promo && <PromoTermsDialog />}
    </Banner>
  );
}
