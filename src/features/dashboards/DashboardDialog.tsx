import { useState } from 'react';
import { useT } from '../../lib/i18n';
import { Checkbox } from '../../ui/Checkbox';
import { FormDialog } from '../../ui/FormDialog';
import { TextField } from '../../ui/TextField';
import type { DashboardForm } from './api';
import { formDefaults, type DashboardDialog as DashboardDialogState } from './model';

export interface DashboardDialogProps {
  dialog: DashboardDialogState;
  isPending: boolean;
  /** The server's reason for refusing the last submit. */
  error?: string | null;
  onSubmit: (form: DashboardForm) => void;
  onClose: () => void;
}

const TITLES = { add: 'dashboards.dialog.add', edit: 'dashboards.dialog.edit', clone: 'dashboards.dialog.clone' } as const;
const SUBMITS = { add: 'dashboards.dialog.submitAdd', edit: 'screens.save', clone: 'dashboards.dialog.submitClone' } as const;

/** The add, edit and clone form (spec 2.14): title, background colour and transparent. */
export function DashboardDialog({ dialog, isPending, error, onSubmit, onClose }: DashboardDialogProps) {
  const t = useT();
  const [form, setForm] = useState<DashboardForm>(() => formDefaults(dialog));
  const set = (changes: Partial<DashboardForm>) => setForm((current) => ({ ...current, ...changes }));
  return (
    <FormDialog
      title={t(TITLES[dialog.mode])}
      submitLabel={t(SUBMITS[dialog.mode])}
      cancelLabel={t('screens.cancel')}
      onSubmit={() => onSubmit(form)}
      onClose={onClose}
      isPending={isPending}
      data-testid="dashboard-form"
    >
      <TextField label={t('dashboards.field.title')} name="title" value={form.title} onChange={(title) => set({ title })} autoFocus maxLength={255} />
      <TextField label={t('dashboards.field.background')} name="background" type="color" value={form.background} onChange={(background) => set({ background })} />
      <Checkbox name="transparent" isSelected={form.transparent} onChange={(transparent) => set({ transparent })}>{t('dashboards.field.transparent')}</Checkbox>
      {error && <p role="alert" className="ui-field-error" data-testid="dashboard-form-error">{error}</p>}
    </FormDialog>
  );
}
