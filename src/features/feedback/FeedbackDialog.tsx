import { useSignals } from '@preact/signals-react/runtime';
import { useMemo, useState } from 'react';
import { useHttp } from '../../lib/http';
import { useI18n, useT } from '../../lib/i18n';
import { useToasts } from '../toast/model';
import { FormDialog } from '../../ui/FormDialog';
import { TextField } from '../../ui/TextField';
import { createFeedbackApi } from './api';
import { FeedbackText } from './FeedbackText';
import { createFeedbackModel, type FeedbackModel } from './model';
import './feedback.css';

export interface FeedbackDialogProps {
  onClose: () => void;
  /** Injected in tests. */
  model?: FeedbackModel;
}

/** Spec 2.15/3: name and email (optional, not format-checked) and the feedback; a failed send keeps the input. */
export function FeedbackDialog({ onClose, model: given }: FeedbackDialogProps) {
  useSignals();
  const t = useT();
  const http = useHttp();
  const { toast } = useToasts();
  const { translate } = useI18n();
  const model = useMemo(
    () => given ?? createFeedbackModel({ api: createFeedbackApi(http), notify: toast, t: translate }),
    [given, http, toast, translate],
  );
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [feedback, setFeedback] = useState('');
  const submit = async () => {
    if (await model.submit({ name, email, feedback })) onClose();
  };
  return (
    <FormDialog
      title={t('feedback.title')}
      submitLabel={t('feedback.submit')}
      cancelLabel={t('screens.cancel')}
      onSubmit={() => void submit()}
      onClose={onClose}
      isPending={model.sending.value}
      // Blank feedback would only come back refused; there is nothing to send yet.
      isSubmitDisabled={!feedback.trim()}
      data-testid="feedback-form"
    >
      <TextField label={t('feedback.field.name')} name="name" value={name} onChange={setName} description={t('feedback.optional')} autoFocus maxLength={200} />
      <TextField label={t('feedback.field.email')} name="email" value={email} onChange={setEmail} description={t('feedback.optional')} maxLength={200} />
      <FeedbackText label={t('feedback.field.feedback')} value={feedback} onChange={setFeedback} />
    </FormDialog>
  );
}
