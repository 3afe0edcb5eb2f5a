import { useSearch } from 'wouter/use-browser-location';
import { ContentFrame } from '../features/frame/ContentFrame';

const PASSED_ON = ['type', 'cmd', 'id', 'search', 'name_filter'] as const;

/** The configuration manager route frames the CCM page, passing on type, cmd, id, search and name_filter (spec 2.2). */
export function ccmFramePath(search: string): string {
  const incoming = new URLSearchParams(search);
  const outgoing = new URLSearchParams();
  for (const name of PASSED_ON) {
    const value = incoming.get(name);
    if (value !== null) outgoing.set(name, value);
  }
  const query = outgoing.toString();
  return `includes/components/ccm/index.php${query ? `?${query}` : ''}`;
}

export function CcmFrame() {
  const search = useSearch();
  return <ContentFrame section="ccm" path={ccmFramePath(search)} />;
}
