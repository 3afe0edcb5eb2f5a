import { withBase } from '../lib/base';
import { useT } from '../lib/i18n';
import { useResource } from '../lib/resource';
import { Link } from '../ui/Link';
import { VENDOR_LINKS } from '../lib/vendorLinks';
import { useShellData } from '../features/shellData/shellData';
import { TrayAlert } from './TrayAlert';
import './Footer.css';

/** Spec 9: the copyright range starts in 2008 and ends in the current year. */
export const COPYRIGHT_START = 2008;

export function copyrightYears(now: Date = new Date()): string {
  return `${COPYRIGHT_START}–${now.getFullYear()}`;
}

/** Spec 2.8: product and update links on the left, about/legal/copyright on the right; branding can hide parts. */
export function Footer() {
  const t = useT();
  const shell = useShellData();
  const branding = useResource(shell.branding);
  const name = useResource(shell.productName);
  const version = useResource(shell.productVersion);
  const update = useResource(shell.productUpdate);
  // What may be shown depends on the branding answer, so without it the footer reports its own failure.
  if (branding.error && !branding.data) throw branding.error;
  const b = branding.data;
  if (!b) return <footer className="footer" aria-busy="true" />;
  const productName = name.data?.display_full_name ?? '';
  const updateUrl = update.data?.update_url;
  return (
    <footer className="footer">
      {!b.hide_footer_left && (
        <div className="footer-left">
          {productName && (
            <Link href={VENDOR_LINKS.product} target="_blank" className="footer-link" data-testid="footer-product">
              {productName}{version.data?.version ? ` ${version.data.version}` : ''}
            </Link>
          )}
          {updateUrl && !update.data?.hide_updates && (
            <Link href={updateUrl} target="_blank" className="footer-link" data-testid="footer-update">{t('shell.footer.checkUpdates')}</Link>
          )}
        </div>
      )}
      <div className="footer-right">
        {!b.hide_about && <Link href={withBase('about/')} className="footer-link" data-testid="footer-about">{t('shell.footer.about')}</Link>}
        {!b.hide_legal && <Link href={`${withBase('about/')}?legal`} className="footer-link" data-testid="footer-legal">{t('shell.footer.legal')}</Link>}
        <Link href={VENDOR_LINKS.vendor} target="_blank" className="footer-link footer-copyright" data-testid="footer-copyright">
          © {copyrightYears()}{b.copyright && <span className="footer-copyright-holder">{` ${b.copyright}`}</span>}
        </Link>
        <TrayAlert />
      </div>
    </footer>
  );
}
