import { useT } from '../../lib/i18n';
import { useResource } from '../../lib/resource';
import { Icon } from '../../ui/Icon';
import { useShellData } from '../shellData/shellData';
import { silentEngines } from '../shellData/engines';

/**
 * Issue 21: "1 of 3 engines not answering: paris" in the strip while an engine is silent, as the problems board says
 * it, so a wall that shows several sites never looks calmer than it is. Nothing with one engine or when all answer.
 */
export function EnginesSilent() {
  const t = useT();
  const { data } = useResource(useShellData().systemStatus);
  const silent = silentEngines(data);
  if (!silent) return null;
  return (
    <span className="wallboard-engines" data-tone="critical" role="status" data-testid="wallboard-engines">
      <Icon name="warning" />
      {t('wallboard.enginesSilent', { down: silent.down, total: silent.total, names: silent.names })}
    </span>
  );
}
