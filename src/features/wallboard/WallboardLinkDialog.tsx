import { useState } from 'react';
import { useT } from '../../lib/i18n';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { FormDialog } from '../../ui/FormDialog';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';
import { useMenu } from '../menu/MenuProvider';
import { THEMES } from '../theme/model';
import { parseWallboardParams, wallboardUrl, type StripPlace } from './params';
import { BUILT_IN, HISTORY_PAGE, myViews } from './playlist';
import { extrasParams, NO_EXTRAS, WallboardLinkExtras } from './WallboardLinkExtras';
import './WallboardLinkDialog.css';

/** Builds the address a TV is set up with once: choices in, a copyable URL and what it will show out (issue 8). */
export default function WallboardLinkDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const { menu } = useMenu();
  const views = myViews(menu);
  const [chosen, setChosen] = useState<number[]>([]);
  const [history, setHistory] = useState(false);
  const [speed, setSpeed] = useState('');
  const [strip, setStrip] = useState<StripPlace>('bottom');
  const [theme, setTheme] = useState('');
  const [reload, setReload] = useState('');
  const [extras, setExtras] = useState(NO_EXTRAS);
  const [copied, setCopied] = useState(false);
  // With a page in the address only what it names rotates: the recent changes join all of My Views when none is chosen.
  const viewList = history && !chosen.length ? views.map((_, i) => i) : chosen;
  const url = wallboardUrl({
    views: viewList.join(','), pages: history ? [HISTORY_PAGE] : [], speed, theme, reload: reload.trim(), strip: strip === 'bottom' ? '' : strip, ...extrasParams(extras),
  });
  const config = parseWallboardParams(new URL(url).search);
  const listed = viewList.length ? viewList.map((i) => views[i]!.title) : views.length || history ? views.map((v) => v.title) : BUILT_IN.map((b) => t(b.titleKey));
  const shown = history ? [...listed, t('wallboard.history')] : listed;
  const toggle = (index: number, on: boolean) => setChosen((prev) => (on ? [...prev, index].sort((a, b) => a - b) : prev.filter((i) => i !== index)));
  const copy = () => {
    navigator.clipboard?.writeText(url).then(() => setCopied(true), () => setCopied(false));
  };
  return (
    <FormDialog
      title={t('wallboard.link.title')}
      submitLabel={t('wallboard.link.openPreview')}
      cancelLabel={t('wallboard.link.close')}
      onSubmit={() => window.open(url, '_blank', 'noopener')}
      onClose={onClose}
      data-testid="wallboard-link-dialog"
    >
      <fieldset className="wallboard-link-views">
        <legend>{t('wallboard.link.views')}</legend>
        {views.length === 0 && <p>{t('wallboard.link.noViews')}</p>}
        {views.map((view, i) => (
          <Checkbox key={view.url} isSelected={chosen.includes(i)} onChange={(on) => toggle(i, on)}>{view.title}</Checkbox>
        ))}
        <Checkbox isSelected={history} onChange={setHistory}>{t('wallboard.link.history')}</Checkbox>
      </fieldset>
      <TextField label={t('wallboard.link.speed')} name="speed" value={speed} onChange={setSpeed} />
      <SelectField
        label={t('wallboard.link.strip')}
        value={strip}
        onChange={(value) => setStrip(value as StripPlace)}
        options={(['bottom', 'top', 'off'] as const).map((s) => ({ value: s, label: t(`wallboard.link.strip.${s}`) }))}
      />
      {/* Themes by their names, as My Account Settings shows them; the id goes only into the address. */}
      <SelectField
        label={t('wallboard.link.theme')}
        value={theme}
        onChange={setTheme}
        options={[{ value: '', label: t('wallboard.link.theme.account') }, ...THEMES.map((name) => ({ value: name, label: t(`theme.name.${name}`) }))]}
      />
      <TextField label={t('wallboard.link.reload')} name="reload" value={reload} onChange={setReload} />
      <WallboardLinkExtras value={extras} onChange={setExtras} />
      <div className="wallboard-link-url">
        <TextField label={t('wallboard.link.url')} name="url" value={url} onChange={() => undefined} isReadOnly />
        <Button onPress={copy}>{copied ? t('wallboard.link.copied') : t('wallboard.link.copy')}</Button>
      </div>
      <div className="wallboard-link-preview" aria-live="polite" data-testid="wallboard-link-preview">
        <p>{t('wallboard.link.preview')}</p>
        <ol>{shown.map((title, i) => <li key={`${i}-${title}`}>{title}</li>)}</ol>
        {config.notices.map((n) => (
          <p key={`${n.name}=${n.value}`} className="wallboard-link-notice">{t('wallboard.ignored', { name: n.name, value: n.value, rule: t(n.rule) })}</p>
        ))}
      </div>
    </FormDialog>
  );
}
