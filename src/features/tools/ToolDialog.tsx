import { useState } from 'react';
import { useT } from '../../lib/i18n';
import { FormDialog } from '../../ui/FormDialog';
import { TextField } from '../../ui/TextField';
import type { ToolDialog as ToolDialogState } from './model';
import type { ToolFields } from './api';

export interface ToolDialogProps {
  dialog: ToolDialogState;
  isPending: boolean;
  onSubmit: (fields: ToolFields) => void;
  onClose: () => void;
}

/** Add or edit a tool: name and URL. No client-side rules (spec 5); the server's refusal comes back as a notice. */
export function ToolDialog({ dialog, isPending, onSubmit, onClose }: ToolDialogProps) {
  const t = useT();
  const [name, setName] = useState(dialog.mode === 'edit' ? dialog.tool.name : '');
  const [url, setUrl] = useState(dialog.mode === 'edit' ? dialog.tool.url : '');
  const adding = dialog.mode === 'add';
  return (
    <FormDialog
      title={t(adding ? 'tools.dialog.add' : 'tools.dialog.edit')}
      submitLabel={t(adding ? 'tools.dialog.submitAdd' : 'screens.save')}
      cancelLabel={t('screens.cancel')}
      onSubmit={() => onSubmit({ name, url })}
      onClose={onClose}
      isPending={isPending}
      data-testid="tool-form"
    >
      <TextField label={t('tools.field.name')} name="name" value={name} onChange={setName} autoFocus maxLength={255} />
      <TextField label={t('tools.field.url')} name="url" type="url" value={url} onChange={setUrl} description={t('tools.field.urlHint')} maxLength={2048} />
    </FormDialog>
  );
}
