import { useT } from '../../lib/i18n';
import { useResource } from '../../lib/resource';
import { Icon } from '../../ui/Icon';
import { useShellData } from '../shellData/shellData';
import { engineStopped, silentEngines } from '../shellData/engines';

/**
 * Issue 21: "1 of 3 engines not answering: paris" in the strip while an engine is silent, as the problems board says
 * it, so a wall that shows several sites never looks calmer than it is; with one engine, whether it runs. Nothing
 * while they answer.
 */
export function EnginesSilent() {
  const t = useT();
  const { data } = useResource(useShellData().systemStatus);
  const silent = silentEngines(data);
  if (!silent && !engineStopped(data)) return null;
  return (
    <span className="wallboard-engines" data-tone="critical" role="status" data-testid="wallboard-engines">
      <Icon name="warning" />
      {silent ? t('wallboard.enginesSilent', { down: silent.down, total: silent.total, names: silent.names }) : t('wallboard.engineStopped')}
    </span>
  );
}
