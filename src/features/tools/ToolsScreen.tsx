import { withBase } from '../../lib/base';
import { useT } from '../../lib/i18n';
import { LinkCard } from '../../ui/LinkCard';
import '../screens/screens.css';

/** The tools landing screen (spec 2.12): Personal Tools and Common Tools. */
export function ToolsScreen() {
  const t = useT();
  return (
    <section className="native-screen" data-screen="tools" aria-labelledby="screen-tools">
      <h1 id="screen-tools">{t('screens.tools')}</h1>
      <ul className="ui-card-grid">
        <li>
          <LinkCard href={withBase('tools/mytools.php')} icon="user" title={t('tools.card.personal')} subtitle={t('tools.card.personalSubtitle')} data-testid="card-personal-tools" />
        </li>
        <li>
          <LinkCard href={withBase('tools/commontools.php')} icon="tools" title={t('tools.card.common')} subtitle={t('tools.card.commonSubtitle')} data-testid="card-common-tools" />
        </li>
      </ul>
    </section>
  );
}
