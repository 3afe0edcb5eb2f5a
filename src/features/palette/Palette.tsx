import { useSignal, useSignals } from '@preact/signals-react/runtime';
import { useEffect, useLayoutEffect, useState } from 'react';
import { useMenu } from '../menu/MenuProvider';
import { useAuth } from '../session/AuthProvider';
import { useHttp } from '../../lib/http';
import { useT } from '../../lib/i18n';
import { Dialog } from '../../ui/Dialog';
import { IconButton } from '../../ui/IconButton';
import { Modal } from '../../ui/Modal';
import { useNavigate, type Navigate } from '../../ui/RouterProvider';
import { SearchCombobox } from '../../ui/SearchCombobox';
import { preloadOverlays } from '../../ui/overlays';
import { useOpenOverlayState } from '../../ui/useOverlayState';
import { createPaletteApi } from './api';
import { createPaletteModel } from './model';
import { GROUP_LIMIT, type PaletteTarget } from './results';
import { SearchFailure } from './SearchFailure';
import { usePaletteTrigger } from './trigger';
import './Palette.css';

// The modal's react-aria code is needed at once: fetch it alongside this chunk's first render.
preloadOverlays();

/** Whatever was typed into the header search box before the palette arrived moves over to the palette. */
function takeHeaderText(): string {
  const box = document.querySelector<HTMLInputElement>('input[data-search-trigger]');
  const text = box?.value ?? '';
  if (box) box.value = '';
  return text;
}

function follow(target: PaletteTarget, navigate: Navigate | undefined): void {
  if (target.kind === 'window') window.open(target.href, target.target, target.target === '_blank' ? 'noopener,noreferrer' : undefined);
  else if (target.kind === 'route' && navigate) navigate(target.href);
  else window.location.assign(target.href);
}

/** Spec 2.5: the global search palette, a modal with a combobox over menu entries and server suggestions. */
export function Palette() {
  useSignals();
  const t = useT();
  const navigate = useNavigate();
  const { menu } = useMenu();
  const menuSignal = useSignal(menu);
  const auth = useAuth();
  // The server's own rule for commands (gates.commands): administrators and monitoring users.
  const canCommand = useSignal(auth.isAdmin || auth.isAuthorizedForMonitoringSystem);
  const http = useHttp();
  const palette = usePaletteTrigger();
  const [model] = useState(() => createPaletteModel({
    api: createPaletteApi(http),
    menu: menuSignal,
    navigate: (target) => follow(target, navigate),
    t,
    isOpen: palette.isOpen,
    canCommand,
  }));

  useEffect(() => {
    menuSignal.value = menu;
  }, [menu, menuSignal]);
  useEffect(() => {
    canCommand.value = auth.isAdmin || auth.isAuthorizedForMonitoringSystem;
  }, [auth, canCommand]);
  useEffect(() => {
    const carried = takeHeaderText();
    if (carried) model.setTerm(carried);
    return model.dispose;
  }, [model]);
  // A microtask runs once this commit has removed the dialog, and before react-aria's frame-delayed restore,
  // which would reopen the palette when focus goes back to the header search box.
  useLayoutEffect(() => () => queueMicrotask(palette.restoreFocus), [palette]);

  const state = useOpenOverlayState(model.close);

  const groups = model.groups.value.map((g) => ({ ...g, options: g.results }));
  const count = groups.reduce((n, g) => n + (g.total ?? g.options.length), 0);
  const cut = groups.some((g) => g.total !== undefined);
  const status = model.status.value;
  return (
    <Modal state={state} className="palette-modal">
      <Dialog
        title={t('palette.title')}
        hideTitle
        className="palette"
        actions={<IconButton icon="close" label={t('palette.close')} onPress={model.close} className="palette-close" />}
      >
        <SearchCombobox
          label={t('palette.inputLabel')}
          listLabel={t('palette.results')}
          placeholder={t('palette.placeholder')}
          value={model.term.value}
          onChange={model.setTerm}
          groups={groups}
          onPick={model.pick}
          isBusy={status === 'loading'}
          autoFocus
        >
          <p role="status" className="palette-status">
            {model.noResults.value ? t('palette.noResults') : status === 'loading' ? t('palette.searching') : t('palette.count', { count })}
            {cut && !model.noResults.value && ` ${t('palette.narrow', { limit: GROUP_LIMIT })}`}
          </p>
          {status === 'failed' && <SearchFailure />}
        </SearchCombobox>
        <p className="palette-hint" aria-hidden="true">{t('palette.hint')}</p>
      </Dialog>
    </Modal>
  );
}
