import { useSignals } from '@preact/signals-react/runtime';
import { useMemo, useState } from 'react';
import { useMenu } from '../menu/MenuProvider';
import { useT } from '../../lib/i18n';
import { FormDialog } from '../../ui/FormDialog';
import { TextField } from '../../ui/TextField';
import { createPageActionsApi } from './api';
import { absoluteUrlFor, createAddViewModel } from './model';

export interface AddViewDialogProps {
  location: string;
  onClose: () => void;
}

/** Spec 2.15: a title and the frame page's web address; no client-side rule (spec 5), only the protocol hint. */
export function AddViewDialog({ location, onClose }: AddViewDialogProps) {
  useSignals();
  const t = useT();
  const { refresh } = useMenu();
  const model = useMemo(() => createAddViewModel({ api: createPageActionsApi(), refreshMenu: refresh }), [refresh]);
  const [title, setTitle] = useState('');
  const [url, setUrl] = useState(() => absoluteUrlFor(location));
  const submit = async () => {
    if (await model.submit({ title, url })) onClose();
  };
  return (
    <FormDialog
      title={t('pageActions.addView.title')}
      submitLabel={t('pageActions.addView.submit')}
      cancelLabel={t('screens.cancel')}
      onSubmit={() => void submit()}
      onClose={onClose}
      isPending={model.saving.value}
      data-testid="add-view-form"
    >
      <TextField label={t('pageActions.addView.fieldTitle')} name="title" value={title} onChange={setTitle} autoFocus maxLength={255} />
      <TextField label={t('pageActions.addView.fieldUrl')} name="url" type="url" value={url} onChange={setUrl} description={t('pageActions.addView.urlHint')} maxLength={2000} />
    </FormDialog>
  );
}
