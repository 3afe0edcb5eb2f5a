import { useT } from '../../lib/i18n';
import { useResource } from '../../lib/resource';
import { Icon } from '../../ui/Icon';
import { useStaleness } from '../connection/staleness';
import { useShellData } from '../shellData/shellData';

/** Unhandled host or service problems, with an icon and words; a stored or failed count reads as unknown, never as fine. */
export function ProblemTotals({ kind }: { kind: 'host' | 'service' }) {
  const t = useT();
  const shell = useShellData();
  const resource = kind === 'host' ? shell.hostProblems : shell.serviceProblems;
  const { data } = useResource(resource);
  const { stale } = useStaleness(resource);
  const count = data?.recordcount;
  const tone = count === undefined ? 'unknown' : count > 0 ? 'critical' : 'ok';
  return (
    <span className="wallboard-totals" data-tone={stale ? 'unknown' : tone} data-stale={stale || undefined} data-testid={`wallboard-${kind}-problems`}>
      <Icon name={count ? 'warning' : 'success'} />
      {t(`wallboard.${kind}Problems`, { count: count ?? '–' })}
    </span>
  );
}
