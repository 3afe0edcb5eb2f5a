import { useT } from '../../lib/i18n';
import { Checkbox } from '../../ui/Checkbox';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';

/** What a wall does besides rotating, as the dialog holds it: empty strings are left out of the address. */
export interface LinkExtras { alerts: boolean; alertseconds: string; night: string; nightmode: 'dim' | 'blank'; sound: boolean }

export const NO_EXTRAS: LinkExtras = { alerts: false, alertseconds: '', night: '', nightmode: 'dim', sound: false };

/** The address's parameters for these choices (a signed-in wall has alerts off unless asked: issue 35). */
export function extrasParams(extras: LinkExtras): Record<string, string> {
  const night = extras.night.trim();
  return {
    ...(extras.alerts ? { alerts: 'on', ...(extras.alertseconds.trim() ? { alertseconds: extras.alertseconds.trim() } : {}) } : {}),
    ...(night ? { night, ...(extras.nightmode === 'blank' ? { nightmode: 'blank' } : {}) } : {}),
    ...(extras.sound ? { sound: 'on' } : {}),
  };
}

/** Issue 35: alerts with their seconds, night care and sound in the Wallboard link dialog. */
export function WallboardLinkExtras({ value, onChange }: { value: LinkExtras; onChange: (next: LinkExtras) => void }) {
  const t = useT();
  const set = (change: Partial<LinkExtras>) => onChange({ ...value, ...change });
  return (
    <fieldset className="wallboard-link-views" data-testid="wallboard-link-extras">
      <legend>{t('wallboard.link.extras')}</legend>
      <Checkbox isSelected={value.alerts} onChange={(alerts) => set({ alerts })}>{t('wallboard.link.alerts')}</Checkbox>
      {value.alerts && <TextField label={t('wallboard.link.alertSeconds')} name="alertseconds" value={value.alertseconds} onChange={(alertseconds) => set({ alertseconds })} />}
      <TextField label={t('wallboard.link.night')} name="night" value={value.night} onChange={(night) => set({ night })} />
      {value.night.trim() && (
        <SelectField
          label={t('wallboard.link.nightMode')}
          value={value.nightmode}
          onChange={(nightmode) => set({ nightmode: nightmode === 'blank' ? 'blank' : 'dim' })}
          options={(['dim', 'blank'] as const).map((mode) => ({ value: mode, label: t(`wallboard.link.nightMode.${mode}`) }))}
        />
      )}
      <Checkbox isSelected={value.sound} onChange={(sound) => set({ sound })}>{t('wallboard.link.sound')}</Checkbox>
    </fieldset>
  );
}
