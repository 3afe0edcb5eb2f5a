import { useEffect, useState, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import type { MenuEntry } from '../../lib/apiTypes';
import { useT } from '../../lib/i18n';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import type { FavoritesModel } from './model';
import './FavoriteRename.css';

export interface FavoriteRenameProps {
  entry: MenuEntry;
  model: FavoritesModel;
  /** The entry's link, which takes focus back once the form is done. */
  linkRef: RefObject<HTMLAnchorElement | null>;
  /** Saved or cancelled: back to the link. */
  onDone: () => void;
}

/**
 * Rename mode of a Favorites entry (spec 4): an inline title field with Save and Cancel. Escape cancels; an empty
 * title is refused with a message and a failed save keeps the text, so nothing typed is lost without a word.
 */
export function FavoriteRename({ entry, model, linkRef, onDone }: FavoriteRenameProps) {
  const t = useT();
  const [title, setTitle] = useState(entry.label);
  const [empty, setEmpty] = useState(false);
  const [saving, setSaving] = useState(false);
  // Passive cleanups run after the link is back in the page, so focus can return to it.
  useEffect(() => () => linkRef.current?.focus(), [linkRef]);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    const result = await model.rename(entry, title);
    setSaving(false);
    setEmpty(result === 'empty');
    if (result === 'saved') onDone();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    // Escape is this form's Cancel, not a request to close a drawer or dialog around the menu.
    event.preventDefault();
    event.stopPropagation();
    onDone();
  };
  return (
    <form className="favorite-rename" onSubmit={(e) => void save(e)} onKeyDown={onKeyDown} aria-busy={saving || undefined} noValidate data-testid={`favorite-rename-${entry.id}`}>
      <TextField
        label={t('favorites.field.title')}
        value={title}
        onChange={(value) => {
          setTitle(value);
          setEmpty(false);
        }}
        autoFocus
        maxLength={255}
        errorMessage={empty ? t('favorites.error.empty') : undefined}
      />
      <div className="favorite-rename-actions">
        <Button onPress={onDone}>{t('screens.cancel')}</Button>
        {/* Button is always type=button; Enter in the field submits through this one. */}
        <button type="submit" className="ui-button" data-variant="primary" aria-disabled={saving || undefined} data-disabled={saving || undefined}>
          {t('screens.save')}
        </button>
      </div>
    </form>
  );
}
