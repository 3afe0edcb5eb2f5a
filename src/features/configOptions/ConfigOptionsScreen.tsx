import { useSignals } from '@preact/signals-react/runtime';
import { useT } from '../../lib/i18n';
import { LinkCard } from '../../ui/LinkCard';
import { useTheme } from '../theme/model';
import { cardImage, configCardsFor } from './configCards';
import '../screens/screens.css';

/** The configuration options screen (spec 2.11): a card per entry point the user may use. */
export function ConfigOptionsScreen() {
  useSignals();
  const t = useT();
  const current = useTheme().theme.value;
  return (
    <section className="native-screen" data-screen="configOptions" aria-labelledby="screen-configOptions">
      <h1 id="screen-configOptions">{t('screens.configOptions')}</h1>
      <ul className="ui-card-grid">
        {configCardsFor().map((card) => (
          <li key={card.id}>
            <LinkCard
              href={card.href}
              target={card.target}
              image={cardImage(card.id, current)}
              title={t(card.titleKey)}
              subtitle={card.subtitleKey ? t(card.subtitleKey) : undefined}
              data-testid={`config-card-${card.id}`}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
