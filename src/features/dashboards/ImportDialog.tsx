import { useSignals } from '@preact/signals-react/runtime';
import { useT } from '../../lib/i18n';
import { FileField } from '../../ui/FileField';
import { FormDialog } from '../../ui/FormDialog';
import { IMPORT_FILE_TYPE, type DashboardsModel } from './model';

/** Import a Dashboard (spec 2.14, 5): the file is checked when chosen, and Import stays disabled until it passes. */
export function ImportDialog({ model }: { model: DashboardsModel }) {
  useSignals();
  const t = useT();
  return (
    <FormDialog
      title={t('dashboards.import.title')}
      submitLabel={t('dashboards.import.submit')}
      cancelLabel={t('screens.cancel')}
      onSubmit={() => void model.submitImport()}
      onClose={model.closeImport}
      isSubmitDisabled={!model.importFile.value}
      isPending={model.pending.value}
      data-testid="import-form"
    >
      <FileField
        label={t('dashboards.import.file')}
        name="import"
        accept={`.txt,${IMPORT_FILE_TYPE}`}
        description={t('dashboards.import.hint')}
        errorMessage={model.importError.value ?? undefined}
        onChange={model.chooseImportFile}
      />
    </FormDialog>
  );
}
