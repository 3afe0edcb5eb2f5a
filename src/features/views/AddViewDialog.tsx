import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { useMenu } from '../menu/MenuProvider';
import { useT } from '../../lib/i18n';
import { FormDialog } from '../../ui/FormDialog';
import { TextField } from '../../ui/TextField';
import { createViewsApi } from './api';
import { createAddViewModel } from './addViewModel';

export interface AddViewDialogProps {
  onClose: () => void;
  /** The address the URL field starts with (empty for the menu's Add New View). */
  initialUrl?: string;
}

/** Add New View (spec 2.10): a title and a URL, with a hint to include the protocol and an example address. */
export default function AddViewDialog({ onClose, initialUrl = '' }: AddViewDialogProps) {
  useSignals();
  const t = useT();
  const { refresh } = useMenu();
  const [model] = useState(() => createAddViewModel({ api: createViewsApi(), refreshMenu: refresh }));
  const [title, setTitle] = useState('');
  const [url, setUrl] = useState(initialUrl);
  const submit = async () => {
    if (await model.submit({ title, url })) onClose();
  };
  return (
    <FormDialog
      title={t('views.add.title')}
      submitLabel={t('views.add.submit')}
      cancelLabel={t('screens.cancel')}
      onSubmit={() => void submit()}
      onClose={onClose}
      isPending={model.saving.value}
      data-testid="add-view-form"
    >
      <TextField label={t('views.field.title')} name="title" value={title} onChange={setTitle} autoFocus maxLength={255} />
      <TextField
        label={t('views.field.url')}
        name="url"
        type="url"
        value={url}
        onChange={setUrl}
        maxLength={2000}
        description={t('views.field.urlHint')}
      />
      {model.problem.value && <p role="alert" className="ui-field-error">{model.problem.value}</p>}
    </FormDialog>
  );
}
