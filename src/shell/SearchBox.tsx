import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense, useEffect, useId, type ComponentType } from 'react';
import { listenForPalette, usePaletteTrigger } from '../features/palette/trigger';
import { useT } from '../lib/i18n';
import { Icon } from '../ui/Icon';

function ClosePalette() {
  const palette = usePaletteTrigger();
  useEffect(() => {
    palette.isOpen.value = false;
  }, [palette]);
  return null;
}

// A palette that cannot load closes again rather than taking the header down with it.
const Palette = lazy<ComponentType>(() => import('../features/palette/Palette').then((m) => ({ default: m.Palette }), (error: unknown) => {
  console.error(error);
  return { default: ClosePalette };
}));

function isApple(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
}

/** The header search box; focusing it, Ctrl/Cmd+K or a same-origin 'search' message opens the global search palette (spec 2.5). */
export function SearchBox() {
  useSignals();
  const t = useT();
  const id = useId();
  const palette = usePaletteTrigger();
  // The key as the keyboard is labelled in the reader's language: Ctrl in English, Strg in German.
  const hint = isApple() ? '⌘K' : t('shell.search.hintCtrl');
  useEffect(() => listenForPalette(window, palette.open), [palette]);
  return (
    <div className="search-box" role="search">
      <label htmlFor={id} className="search-box-label">
        <Icon name="search" size={16} />
        <span className="visually-hidden">{t('shell.search.label')}</span>
      </label>
      <input
        id={id}
        type="search"
        className="search-box-input"
        placeholder={t('shell.search.placeholder')}
        aria-keyshortcuts="Control+K Meta+K"
        aria-haspopup="dialog"
        data-search-trigger=""
        autoComplete="off"
        onFocus={palette.open}
      />
      <kbd className="search-box-hint" aria-hidden="true">{hint}</kbd>
      {palette.isOpen.value && <Suspense fallback={null}><Palette /></Suspense>}
    </div>
  );
}
