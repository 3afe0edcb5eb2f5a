import { useId, useRef, useState } from 'react';
import { useT } from '../../lib/i18n';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Modal } from '../../ui/Modal';
import { CopyIcon } from './CopyIcon';
import { useOpenOverlayState } from '../../ui/useOverlayState';
import { permalinkFor } from './model';
import '../../ui/Field.css';
import './pageActions.css';

export interface PermalinkDialogProps {
  location: string;
  onClose: () => void;
  /** The clipboard write; injected in tests. */
  writeText?: (text: string) => Promise<void>;
}

const clipboardWrite = (text: string) => navigator.clipboard.writeText(text);

/** Spec 2.15: the permalink with a copy button whose icon becomes a check once copied. */
export function PermalinkDialog({ location, onClose, writeText = clipboardWrite }: PermalinkDialogProps) {
  const t = useT();
  const state = useOpenOverlayState(onClose);
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const link = permalinkFor(location);
  const onCopy = async () => {
    try {
      await writeText(link);
      setCopy('copied');
    } catch {
      // No clipboard access (permission, insecure context): the link is selected for the user to copy.
      input.current?.select();
      setCopy('failed');
    }
  };
  const copied = copy === 'copied';
  return (
    <Modal state={state} className="page-actions-dialog">
      <Dialog title={t('pageActions.permalink.title')}>
        <p className="page-actions-text">{t('pageActions.permalink.description')}</p>
        <div className="ui-field">
          <label htmlFor={inputId} className="ui-field-label">{t('pageActions.permalink.field')}</label>
          <div className="page-actions-copy-row">
            <input ref={input} id={inputId} className="ui-field-input" readOnly value={link} onFocus={(e) => e.currentTarget.select()} data-testid="permalink-value" />
            <Button
              aria-label={t(copied ? 'pageActions.permalink.copied' : 'pageActions.permalink.copy')}
              title={t(copied ? 'pageActions.permalink.copied' : 'pageActions.permalink.copy')}
              onPress={() => void onCopy()}
              className="ui-icon-button"
              data-testid="permalink-copy"
            >
              <CopyIcon copied={copied} />
            </Button>
          </div>
        </div>
        <p role="status" className="page-actions-status">
          {copied ? t('pageActions.permalink.copied') : copy === 'failed' ? t('pageActions.permalink.copyFailed') : ''}
        </p>
        <div className="page-actions-buttons">
          <Button variant="primary" onPress={onClose}>{t('shell.close')}</Button>
        </div>
      </Dialog>
    </Modal>
  );
}
