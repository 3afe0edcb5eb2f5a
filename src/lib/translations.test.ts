import { describe, expect, it } from 'vitest';
import en from '../../server/static/lang/json/en_US.json';
import de from '../../server/static/lang/json/de_DE.json';
import serverDashboards from '../../server/lang/de_DE/dashboards.json';
import serverStatus from '../../server/lang/de_DE/status.json';

/**
 * Issue 20, a language is the whole product: every key the app uses has English, every English key has German with
 * the same variables, and nothing is left untranslated by mistake. Run in `npm test`; a failure lists the keys.
 */
const sources = import.meta.glob(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../**/*.test-utils.{ts,tsx}'], {
  query: '?raw', import: 'default', eager: true,
}) as Record<string, string>;
const english = en as Record<string, string>;
const german = de as Record<string, string>;

/** Keys whose German is the English word on purpose: the same word in German, a name, or a file name. */
const SAME_KEYS = new Set([
  'connection.offline', 'dashboards.field.transparent', 'displays.version', 'enterprise.feature.bpi', 'feedback.optional',
  'menuIcons.icon.info', 'pageActions.permalink.title', 'shell.banner.info', 'shell.license.link.upgrade', 'shell.license.promoFile',
  'shell.nav.drawerTitle', 'shell.pageActions.permalink', 'shell.status.engineNamed', 'shell.status.ok', 'shell.top.exchange',
  'palette.engine', 'wallboard.alert.engine', 'wallboard.position',
]);
/** German that is the same as English on purpose: names, product words and abbreviations. */
const SAME_IN_GERMAN = /^(Pharos|Dashboards?|Dashlets|Hosts?|Services|Enterprise|Core Config Manager|Nagios.*|OK|Status|Name|Tools?|Version|Backend|Admin|Manager|Import|Export|Start|Login|Logout|Server|Feedback|Support|Info|Link|URL|E-Mail|Details|Chat|Screen Dashboard|Home Dashboard|Test|[^A-Za-z]*)$/;

/** Keys the app names literally: t('…'), translate('…'), and 'section.key' strings handed to them. */
function literalKeys(): Map<string, string> {
  const found = new Map<string, string>();
  const prefixes = new Set(Object.keys(english).map((k) => k.split('.')[0]!));
  for (const [file, text] of Object.entries(sources)) {
    for (const m of text.matchAll(/\b(?:t|translate|i18n\.t)\(\s*'([A-Za-z0-9_.]+)'/g)) found.set(m[1]!, file);
    for (const m of text.matchAll(/'([a-z][A-Za-z0-9]*\.[A-Za-z0-9_.]+)'/g)) {
      const key = m[1]!;
      // A resource's or a poll's name (`key: 'dashboards'`, `name: 'wallboard.alerts'`) is not a translation key.
      if (/\b(name|key):\s*$/.test(text.slice(Math.max(0, m.index - 12), m.index))) continue;
      // Only strings that look like keys of ours (a known first part, no file extension).
      if (prefixes.has(key.split('.')[0]!) && !/\.(php|html|json|js|css|svg|png|tsx?)$/.test(key)) found.set(key, file);
    }
  }
  return found;
}

const variables = (text: string) => [...text.matchAll(/\{\{\s*([A-Za-z0-9_]+)[^}]*\}\}/g)].map((m) => m[1]).sort();

describe('translations are complete', () => {
  it('every key the app names has English (missing keys listed with the file that uses them)', () => {
    const keys = literalKeys();
    expect(keys.size).toBeGreaterThan(300);
    const missing = [...keys].filter(([key]) => english[key] === undefined).map(([key, file]) => `${key} (${file})`);
    expect(missing).toEqual([]);
  });

  it('every English key has German, and no German key is left over', () => {
    expect(Object.keys(english).filter((k) => !german[k])).toEqual([]);
    expect(Object.keys(german).filter((k) => english[k] === undefined)).toEqual([]);
  });

  it('German keeps every variable of the English text', () => {
    const differ = Object.keys(english).filter((k) => german[k] !== undefined && variables(english[k]!).join() !== variables(german[k]!).join());
    expect(differ).toEqual([]);
  });

  it('no German text is the English one left untranslated, but for names that stay the same', () => {
    const same = Object.keys(english).filter((k) => german[k] === english[k] && !SAME_KEYS.has(k) && !SAME_IN_GERMAN.test(english[k]!));
    expect(same).toEqual([]);
  });
});

describe('state words', () => {
  it("the wall's cards name a state in the same German words as the server's pages (prose: translated)", () => {
    const server: Record<string, string> = { ...serverDashboards, ...serverStatus };
    expect({
      down: german['wallboard.alert.state.1h'], unreachable: german['wallboard.alert.state.2h'], critical: german['wallboard.alert.state.2s'],
    }).toEqual({ down: server.Down, unreachable: server.Unreachable, critical: server.Critical });
  });
});
