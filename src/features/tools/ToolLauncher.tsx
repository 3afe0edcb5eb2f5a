import { useEffect, useState } from 'react';
import { navigate } from 'wouter/use-browser-location';
import type { Tool } from '../../lib/apiTypes';
import { withBase } from '../../lib/base';
import { isAbortError } from '../../lib/http';
import { useT } from '../../lib/i18n';
import { Link } from '../../ui/Link';
import type { ToolScope, ToolsApi } from './api';
import { toolLaunch } from './toolLaunch';

type State = { kind: 'loading' } | { kind: 'failed' } | { kind: 'elsewhere'; tool: Tool };

export interface ToolLauncherProps {
  scope: ToolScope;
  id: number;
  api: ToolsApi;
}

/**
 * Spec 2.12 go/id: loads the one tool and shows it in the main frame. The address is replaced, not pushed, so Back
 * does not land here and reopen it. A tool on another site cannot go in the frame: it gets a new-tab link instead.
 */
export function ToolLauncher({ scope, id, api }: ToolLauncherProps) {
  const t = useT();
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    const abort = new AbortController();
    api.get(id, abort.signal).then((tool) => {
      const launch = toolLaunch(tool);
      if (launch.kind === 'frame') navigate(launch.href, { replace: true });
      else setState({ kind: 'elsewhere', tool });
    }, (error: unknown) => {
      if (!isAbortError(error)) setState({ kind: 'failed' });
    });
    return () => abort.abort();
  }, [api, id]);

  const listHref = withBase(scope === 'personal' ? 'tools/mytools.php' : 'tools/commontools.php');
  const back = <Link href={listHref}>{t(`tools.launch.back.${scope}`)}</Link>;
  if (state.kind === 'loading') return <p role="status">{t('tools.launch.opening')}</p>;
  if (state.kind === 'failed') return <div role="alert"><p>{t('tools.launch.notFound')}</p><p>{back}</p></div>;
  const launch = toolLaunch(state.tool);
  return (
    <div role="alert" data-testid="tool-elsewhere">
      <p>{t('tools.launch.elsewhere', { name: state.tool.name })}</p>
      {launch.kind === 'newTab' && (
        <p><Link href={launch.href} target="_blank" rel="noopener noreferrer">{t('tools.launch.openNewTab', { name: state.tool.name })}</Link></p>
      )}
      <p>{back}</p>
    </div>
  );
}
