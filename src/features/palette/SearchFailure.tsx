import { useT } from '../../lib/i18n';
import { useResource } from '../../lib/resource';
import { useShellData } from '../shellData/shellData';
import { ErrorActions } from '../errors/ErrorActions';

/** Spec 8, the search-failure variant of the error dialog (Reload, Switch to Modern), inside the palette so menu results stay usable. */
export function SearchFailure() {
  const t = useT();
  const name = useResource(useShellData().productName);
  const product = name.data?.display_full_name || t('palette.productFallback');
  return (
    <div role="alert" className="palette-failure">
      <p className="palette-failure-title">{t('errors.unexpected', { product })}</p>
      <p>{t('palette.searchFailed')}</p>
      <p>{t('errors.switchThemeOrContact')}</p>
      <ErrorActions />
    </div>
  );
}
