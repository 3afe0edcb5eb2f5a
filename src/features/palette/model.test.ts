import { signal } from '@preact/signals-react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BASE } from '../../lib/base';
import { ApiError } from '../../lib/http';
import { testTranslate } from '../../lib/testTranslate.test-utils';
import type { SearchSuggestion } from '../../lib/apiTypes';
import type { PaletteApi } from './api';
import { createPaletteModel, SUGGEST_DEBOUNCE_MS } from './model';
import type { PaletteTarget } from './results';
import { TEST_MENU } from './testMenu.test-utils';

const WEB01: SearchSuggestion = { category: 'Hosts', url: `${BASE}includes/components/xicore/status.php?show=hostdetail&host=web01`, value: 'web01', label: 'web01' };
const HTTP: SearchSuggestion = { category: 'Services', url: `${BASE}includes/components/xicore/status.php?show=servicedetail&host=web01&service=HTTP`, value: 'HTTP', label: 'web01 / HTTP' };

interface Call { term: string; signal: AbortSignal; resolve: (list: SearchSuggestion[]) => void; reject: (error: unknown) => void }

/** Suggestions answer only when the test says so, so the order of answers is under control. */
function fakeApi() {
  const calls: Call[] = [];
  const api: PaletteApi = {
    suggest: (term, abort) => new Promise((resolve, reject) => calls.push({ term, signal: abort, resolve, reject })),
  };
  return { api, calls };
}

function setup(canCommand = false) {
  const { api, calls } = fakeApi();
  const isOpen = signal(true);
  const navigate = vi.fn<(target: PaletteTarget) => void>();
  const model = createPaletteModel({ api, menu: signal(TEST_MENU), navigate, t: testTranslate, isOpen, canCommand: signal(canCommand) });
  const labels = () => model.groups.value.map((g) => g.label);
  return { model, calls, isOpen, navigate, labels };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('palette model', () => {
  it('lists the menu without a term and asks the server nothing', () => {
    const { model, calls, labels } = setup();
    expect(labels()).toEqual(['Home', 'Views', 'Dashboards', 'Admin', 'Help', 'Core Config Manager']);
    expect(model.noResults.value).toBe(false);
    vi.runAllTimers();
    expect(calls).toEqual([]);
  });

  it('puts the services search first once a term is typed, then menu matches, then server suggestions by category', async () => {
    const { model, calls, labels } = setup();
    model.setTerm('web');
    expect(labels()).toEqual(['Search']);
    expect(model.groups.value[0]!.results[0]!.label).toBe('Search services for “web”');
    expect(model.status.value).toBe('loading');
    vi.advanceTimersByTime(SUGGEST_DEBOUNCE_MS);
    expect(calls.map((c) => c.term)).toEqual(['web']);
    calls[0]!.resolve([WEB01, HTTP]);
    await vi.runAllTimersAsync();
    expect(labels()).toEqual(['Search', 'Hosts', 'Services']);
    expect(model.status.value).toBe('idle');

    model.setTerm('problems');
    expect(labels()).toEqual(['Search', 'Home', 'Help', 'Hosts', 'Services']);
  });

  it('offers the bulk actions for the hosts and services found, last, to users who may send commands (issue 38)', async () => {
    const group = { category: 'Host Groups', url: `${BASE}includes/components/xicore/status.php?show=hostgroups&hostgroup=web`, value: 'web', label: 'web' };
    const paris = { ...HTTP, url: `${HTTP.url}&engine=paris`, engine: 'paris' };
    const { model, calls, labels, navigate } = setup(true);
    model.setTerm('web');
    vi.advanceTimersByTime(SUGGEST_DEBOUNCE_MS);
    calls[0]!.resolve([WEB01, HTTP, paris, group]);
    await vi.runAllTimersAsync();
    expect(labels()).toEqual(['Search', 'Hosts', 'Services', 'Host Groups', 'Bulk actions for all 3 found']);
    const bulk = model.groups.value.at(-1)!;
    expect(bulk.results.map((r) => r.label)).toEqual([
      'Acknowledge…', 'Remove acknowledgement…', 'Schedule downtime…', 'Re-check now…', 'Disable notifications…', 'Enable notifications…',
    ]);
    const page = `includes/components/pharos/bulkcommands.php?action=acknowledge&o=${encodeURIComponent('h//web01')}`
      + `&o=${encodeURIComponent('s//web01/HTTP')}&o=${encodeURIComponent('s/paris/web01/HTTP')}`;
    model.pick(bulk.results[0]!);
    expect(navigate).toHaveBeenCalledWith({ kind: 'route', href: `${BASE}?xiwindow=${encodeURIComponent(page)}` });
    // Only groups found: nothing to act on. Nothing but the search and the actions: still "No results found."
    model.open();
    model.setTerm('only groups');
    vi.advanceTimersByTime(SUGGEST_DEBOUNCE_MS);
    calls[1]!.resolve([group]);
    await vi.runAllTimersAsync();
    expect(labels()).toEqual(['Search', 'Host Groups']);
  });

  it('offers no bulk actions to users who may not send commands', async () => {
    const { model, calls, labels } = setup(false);
    model.setTerm('web');
    vi.advanceTimersByTime(SUGGEST_DEBOUNCE_MS);
    calls[0]!.resolve([WEB01, HTTP]);
    await vi.runAllTimersAsync();
    expect(labels()).toEqual(['Search', 'Hosts', 'Services']);
  });

  it('names the engine of each suggestion with several engines', async () => {
    const { model, calls } = setup();
    model.setTerm('web01');
    vi.advanceTimersByTime(SUGGEST_DEBOUNCE_MS);
    calls[0]!.resolve([{ ...WEB01, engine: 'berlin' }, { ...WEB01, url: `${WEB01.url}&engine=paris`, engine: 'paris' }]);
    await vi.runAllTimersAsync();
    const hosts = model.groups.value.find((g) => g.label === 'Hosts')!;
    expect(hosts.results.map((r) => `${r.label} · ${r.detail}`)).toEqual(['web01 · Engine berlin', 'web01 · Engine paris']);
  });

  it('waits for a pause in typing before asking, and asks once for the last term', () => {
    const { model, calls } = setup();
    model.setTerm('w');
    vi.advanceTimersByTime(SUGGEST_DEBOUNCE_MS - 1);
    model.setTerm('we');
    vi.advanceTimersByTime(SUGGEST_DEBOUNCE_MS - 1);
    model.setTerm('web');
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(SUGGEST_DEBOUNCE_MS);
    expect(calls.map((c) => c.term)).toEqual(['web']);
  });

  it('aborts the previous request when the term changes, and a late answer to it is dropped', async () => {
    const { model, calls, labels } = setup();
    model.setTerm('web');
    vi.advanceTimersByTime(SUGGEST_DEBOUNCE_MS);
    model.setTerm('http');
    expect(calls[0]!.signal.aborted).toBe(true);
    vi.advanceTimersByTime(SUGGEST_DEBOUNCE_MS);
    calls[1]!.resolve([HTTP]);
    calls[0]!.resolve([WEB01]);
    await vi.runAllTimersAsync();
    expect(labels()).toEqual(['Search', 'Services']);
  });

  it('does not ask again when only surrounding spaces change', async () => {
    const { model, calls } = setup();
    model.setTerm('web');
    vi.advanceTimersByTime(SUGGEST_DEBOUNCE_MS);
    calls[0]!.resolve([WEB01]);
    await vi.runAllTimersAsync();
    model.setTerm('web ');
    vi.runAllTimers();
    expect(calls).toHaveLength(1);
    expect(model.status.value).toBe('idle');
  });

  it('says No results found. only once the answer is in and nothing but the services search matches', async () => {
    const { model, calls } = setup();
    model.setTerm('qwxz');
    vi.advanceTimersByTime(SUGGEST_DEBOUNCE_MS);
    expect(model.noResults.value).toBe(false);
    calls[0]!.resolve([]);
    await vi.runAllTimersAsync();
    expect(model.noResults.value).toBe(true);
    expect(model.groups.value.map((g) => g.id)).toEqual(['search']);
  });

  it('reports a failed search but keeps the menu results and takes the next term', async () => {
    const { model, calls, labels } = setup();
    model.setTerm('problems');
    vi.advanceTimersByTime(SUGGEST_DEBOUNCE_MS);
    calls[0]!.reject(new ApiError(500, 'boom'));
    await vi.runAllTimersAsync();
    expect(model.status.value).toBe('failed');
    expect(model.noResults.value).toBe(false);
    expect(labels()).toEqual(['Search', 'Home', 'Help']);
    model.setTerm('web');
    vi.advanceTimersByTime(SUGGEST_DEBOUNCE_MS);
    calls[1]!.resolve([WEB01]);
    await vi.runAllTimersAsync();
    expect(model.status.value).toBe('idle');
    expect(labels()).toEqual(['Search', 'Hosts']);
  });

  it('clears suggestions when the term is emptied', async () => {
    const { model, calls, labels } = setup();
    model.setTerm('web');
    vi.advanceTimersByTime(SUGGEST_DEBOUNCE_MS);
    calls[0]!.resolve([WEB01]);
    await vi.runAllTimersAsync();
    model.setTerm('');
    expect(labels()).not.toContain('Hosts');
    expect(model.status.value).toBe('idle');
  });

  it('picking a result closes the palette and follows its target', () => {
    const { model, isOpen, navigate } = setup();
    model.setTerm('users');
    const result = model.groups.value[1]!.results[0]!;
    model.pick(result);
    expect(isOpen.value).toBe(false);
    expect(navigate).toHaveBeenCalledWith({ kind: 'route', href: `${BASE}admin/?xiwindow=users.php` });
  });

  it('closing cancels a pending lookup and aborts a running one', () => {
    const { model, calls, isOpen } = setup();
    model.setTerm('web');
    vi.advanceTimersByTime(SUGGEST_DEBOUNCE_MS);
    model.setTerm('http');
    model.close();
    expect(isOpen.value).toBe(false);
    expect(calls[0]!.signal.aborted).toBe(true);
    vi.runAllTimers();
    expect(calls).toHaveLength(1);
  });
});
