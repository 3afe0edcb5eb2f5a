import { describe, expect, it } from 'vitest';
import en from '../../../server/static/lang/json/en_US.json';
import de from '../../../server/static/lang/json/de_DE.json';
import { ENTERPRISE_FEATURES, ENTERPRISE_LINKS } from '../enterprise/enterpriseLinks';

const sources = import.meta.glob(['../{screens,tools,dashboards,configOptions,enterprise,toast}/**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
  query: '?raw', import: 'default', eager: true,
}) as Record<string, string>;
const english = en as Record<string, string>;
const german = de as Record<string, string>;
const PREFIXES = /^(screens|tools|dashboards|config|enterprise|toast)\./;

/** Literal keys, plus the keys the screens build from a fixed set of parts. */
function usedKeys(): string[] {
  const keys = new Set<string>();
  for (const text of Object.values(sources)) {
    for (const m of text.matchAll(/'((?:screens|tools|dashboards|config|enterprise|toast)\.[A-Za-z0-9_.]+)'/g)) keys.add(m[1]!);
  }
  for (const scope of ['personal', 'common']) {
    for (const k of ['intro', 'empty', 'notice.where', 'notice.gone', 'launch.back']) keys.add(`tools.${k}.${scope}`);
  }
  for (const a of ['add', 'edit', 'delete']) keys.add(`tools.notice.${a}Failed`);
  for (const a of ['add', 'edit', 'clone', 'export', 'delete']) keys.add(`dashboards.notice.${a}Failed`);
  for (const a of ['added', 'edited', 'cloned', 'exported', 'deleted']) keys.add(`dashboards.notice.${a}`).add(`dashboards.notice.${a}Detail`);
  for (const a of ['clone', 'edit', 'export', 'delete']) keys.add(`dashboards.action.${a}`).add(`dashboards.${a}Named`);
  for (const f of ENTERPRISE_FEATURES) keys.add(`enterprise.feature.${f.id}`).add(`enterprise.feature.${f.id}Detail`);
  for (const l of ENTERPRISE_LINKS) keys.add(`enterprise.link.${l.id}`);
  return [...keys].sort();
}

describe('native screen translations', () => {
  it('has an English text for every key the screens use', () => {
    expect(usedKeys().length).toBeGreaterThan(100);
    expect(usedKeys().filter((k) => !english[k])).toEqual([]);
  });

  it('has German for every screen key, with the same interpolation variables', () => {
    const keys = Object.keys(english).filter((k) => PREFIXES.test(k));
    expect(keys.filter((k) => !german[k])).toEqual([]);
    const vars = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort().join();
    expect(keys.filter((k) => vars(english[k]!) !== vars(german[k] ?? ''))).toEqual([]);
  });

  it('uses the exact spec texts', () => {
    expect(english['dashboards.import.invalid']).toBe('File Is Not a Valid Dashboard File!');
    expect(english['dashboards.notice.imported']).toBe('Dashboard Imported.');
    expect(english['dashboards.notice.importedDetail']).toBe('Access your new dashboard via My Dashboards.');
    expect(english['enterprise.heading']).toBe('Welcome To Enterprise!');
    expect(ENTERPRISE_FEATURES.map((f) => english[`enterprise.feature.${f.id}`])).toEqual(ENTERPRISE_FEATURES.map((f) => f.name));
  });
});
