import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { useT } from '../../lib/i18n';
import { useResource } from '../../lib/resource';
import { FormDialog } from '../../ui/FormDialog';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';
import type { DisplayRecord } from './api';
import { readableParams } from '../../lib/readableParams';
import type { DisplaysModel } from './model';

/**
 * Pairs a screen by the code it shows, or changes a paired one: its name, whose My Views it rotates and its wallboard
 * parameters. A refusal (wrong or expired code, bad parameter) shows in the dialog, which keeps what was typed.
 */
export function DisplayDialog({ model, display, ownUsername }: { model: DisplaysModel; display?: DisplayRecord; ownUsername?: string }) {
  useSignals();
  const t = useT();
  const users = useResource(model.users).data ?? [];
  const [code, setCode] = useState('');
  const [name, setName] = useState(display?.name ?? '');
  // Until someone picks, the display's own user, else the administrator's own views.
  const [picked, setUserId] = useState(display ? String(display.userId) : '');
  const [params, setParams] = useState(readableParams(display?.params ?? ''));
  const fallback = users.find((u) => u.username === ownUsername) ?? users[0];
  const form = { name, userId: picked || String(fallback?.id ?? ''), params };
  const error = model.error.value;
  return (
    <FormDialog
      title={display ? t('displays.edit', { name: display.name }) : t('displays.claim')}
      submitLabel={display ? t('screens.save') : t('displays.claimSubmit')}
      cancelLabel={t('screens.cancel')}
      onClose={model.close}
      onSubmit={() => void (display ? model.save(display, form) : model.claim(code, form))}
      isPending={model.pending.value}
      data-testid="display-dialog"
    >
      {!display && <p className="ui-form-dialog-message">{t('displays.claimHelp')}</p>}
      {error && <p role="alert" className="ui-field-error">{error}</p>}
      {!display && <TextField label={t('displays.code')} value={code} onChange={setCode} maxLength={40} autoFocus />}
      <TextField label={t('displays.name')} value={name} onChange={setName} maxLength={100} autoFocus={Boolean(display)} />
      <SelectField
        label={t('displays.user')}
        value={form.userId}
        onChange={setUserId}
        options={users.map((u) => ({ value: String(u.id), label: u.username }))}
      />
      <TextField label={t('displays.params')} description={t('displays.paramsHelp')} value={params} onChange={setParams} maxLength={2000} />
    </FormDialog>
  );
}
