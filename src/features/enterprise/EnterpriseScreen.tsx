import { useT } from '../../lib/i18n';
import { Icon } from '../../ui/Icon';
import { Link } from '../../ui/Link';
import { LinkCard } from '../../ui/LinkCard';
import { ENTERPRISE_FEATURES, ENTERPRISE_LINKS } from './enterpriseLinks';
import '../screens/screens.css';

/** The enterprise screen (spec 2.13): twelve feature cards (in the app but Scheduled Pages) and four vendor links in new tabs. */
export function EnterpriseScreen() {
  const t = useT();
  const newTab = t('shell.newTab');
  return (
    <section className="native-screen" data-screen="enterprise" aria-labelledby="screen-enterprise">
      <h1 id="screen-enterprise">{t('enterprise.heading')}</h1>
      <p className="native-screen-intro">{t('enterprise.intro')}</p>
      <ul className="ui-card-grid" aria-label={t('enterprise.features')}>
        {ENTERPRISE_FEATURES.map((feature) => (
          <li key={feature.id}>
            <LinkCard
              href={feature.href}
              {...(feature.external ? { target: '_blank' as const, newTabLabel: newTab } : {})}
              icon="enterprise"
              title={t(`enterprise.feature.${feature.id}`)}
              subtitle={t(`enterprise.feature.${feature.id}Detail`)}
              data-testid={`enterprise-card-${feature.id}`}
            />
          </li>
        ))}
      </ul>
      <h2 className="native-screen-subheading">{t('enterprise.learnMore')}</h2>
      <ul className="native-screen-links">
        {ENTERPRISE_LINKS.map((link) => (
          <li key={link.id}>
            <Link href={link.href} target="_blank" rel="noopener noreferrer" data-testid={`enterprise-link-${link.id}`}>
              {t(`enterprise.link.${link.id}`)}
              <Icon name="external" size={14} label={newTab} />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
