import { useResource } from '../../lib/resource';
import { useShellData } from '../shellData/shellData';
import { ErrorDialog } from './ErrorDialog';

/**
 * Spec 8: a dialog's code did not load (offline, new deployment). It becomes the error dialog with the variant's
 * message ('Failed to load Page Actions.'), whose Reload fetches the code again.
 */
export function LoadFailed({ message, onClose }: { message: string; onClose: () => void }) {
  const name = useResource(useShellData().productName);
  return <ErrorDialog product={name.data?.display_full_name} message={message} onClose={onClose} />;
}
