import { useSignals } from '@preact/signals-react/runtime';
import { useConnection } from './model';
import { OutageLine } from './OutageLine';
import './ConnectionIndicator.css';

/** Issue 7: the shell's line under the top bar while the server cannot be trusted (OutageLine says what and when). */
export function ConnectionIndicator({ dataAt }: { dataAt: number | undefined }) {
  useSignals();
  if (useConnection().state.value === 'online') return null;
  return <OutageLine className="connection-indicator" dataAt={dataAt} data-testid="connection-indicator" />;
}
