import { useId } from 'react';
import { useT } from '../lib/i18n';
import { Icon } from '../ui/Icon';

function isApple(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
}

/** The header search box; focusing it (or Ctrl/Cmd+K) opens the global search palette (spec 2.5). */
export function SearchBox() {
  const t = useT();
  const id = useId();
  const hint = isApple() ? '⌘K' : 'Ctrl+K';
  return (
    <div className="search-box" role="search">
      <label htmlFor={id} className="search-box-label">
        <Icon name="search" size={16} />
        <span className="visually-hidden">{t('shell.search.label')}</span>
      </label>
      <input id={id} type="search" className="search-box-input" placeholder={t('shell.search.placeholder')} aria-keyshortcuts="Control+K Meta+K" data-search-trigger="" autoComplete="off" />
      <kbd className="search-box-hint" aria-hidden="true">{hint}</kbd>
    </div>
  );
}
