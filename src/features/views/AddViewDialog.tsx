import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { useMenu } from '../menu/MenuProvider';
import { useHttp } from '../../lib/http';
import { useI18n, useT } from '../../lib/i18n';
import { useToasts } from '../toast/model';
import { FormDialog } from '../../ui/FormDialog';
import { TextField } from '../../ui/TextField';
import { createViewsApi } from './api';
import { createAddViewModel, MENU_ADD_VIEW, type AddViewTexts } from './addViewModel';

export interface AddViewDialogProps {
  onClose: () => void;
  /** The address the URL field starts with: the page on screen, or empty when there is none. */
  initialUrl?: string;
  /** The title the form starts with: the page on screen's, editable (issue 38). */
  initialTitle?: string;
  /** The page actions' Add to My Views has its own title, hint and success text (spec 2.15 and 8). */
  texts?: AddViewTexts;
}

/**
 * Add New View (spec 2.10) and Add to My Views (2.15): a title and a URL, with a hint to include the protocol and an
 * example address; no client-side rule (spec 5), a refusal shows the server's reason with the form.
 */
export default function AddViewDialog({ onClose, initialUrl = '', initialTitle = '', texts = MENU_ADD_VIEW }: AddViewDialogProps) {
  useSignals();
  const t = useT();
  const { refresh } = useMenu();
  const http = useHttp();
  const { toast } = useToasts();
  const { translate } = useI18n();
  const [model] = useState(() => createAddViewModel({ api: createViewsApi(http), refreshMenu: refresh, notify: toast, t: translate, texts }));
  const [title, setTitle] = useState(initialTitle);
  const [url, setUrl] = useState(initialUrl);
  const submit = async () => {
    if (await model.submit({ title, url })) onClose();
  };
  return (
    <FormDialog
      title={t(texts.title)}
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
        description={t(texts.urlHint)}
      />
      {model.problem.value && <p role="alert" className="ui-field-error">{model.problem.value}</p>}
    </FormDialog>
  );
}
