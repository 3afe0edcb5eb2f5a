import { useT } from '../../lib/i18n';
import './screens.css';

/** Stands in for a native screen until its own issue builds it; it names itself so routes can be checked. */
export function PlaceholderScreen({ titleKey, screen }: { titleKey: string; screen: string }) {
  const t = useT();
  return (
    <section className="native-screen" data-screen={screen} aria-labelledby={`screen-${screen}`}>
      <h1 id={`screen-${screen}`}>{t(titleKey)}</h1>
      <p>{t('screens.placeholder')}</p>
    </section>
  );
}
