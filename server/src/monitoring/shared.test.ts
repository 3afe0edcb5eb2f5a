import { describe, expect, it } from 'vitest';
import { serviceOf, SERVICE_COLUMNS } from './livestatus/tables.js';
import { flat, sharedList, sharedText } from './shared.js';

/** A Livestatus services row with the columns the source asks for, set from `fields` and blank elsewhere. */
function serviceRow(fields: Record<string, unknown>): unknown[] {
  return SERVICE_COLUMNS.map((c) => fields[c] ?? (c === 'groups' ? [] : ''));
}

describe('records share what they hold alike', () => {
  it('gives equal lists one frozen array, which no record can change for the others', () => {
    const a = sharedList(['linux-servers', 'web-servers']);
    expect(sharedList(['linux-servers', 'web-servers'])).toBe(a);
    expect(a).toEqual(['linux-servers', 'web-servers']);
    expect(sharedList(['web-servers', 'linux-servers'])).not.toBe(a);
    expect(sharedList(['["a","b"]'])).not.toBe(sharedList(['a', 'b']));
    expect(() => a.push('databases')).toThrow(TypeError);
    expect(sharedList([])).toEqual([]);
  });

  it('hands out the copy of a text it already holds', () => {
    const first = sharedText(['check', 'dummy'].join('_'));
    expect(sharedText(`check_${'dummy'}`)).toBe(first);
    expect(sharedText('')).toBe('');
  });

  it('reads the same Livestatus record as before, its host name and groups shared with the other services', () => {
    const one = serviceOf(serviceRow({ host_name: 'web1', description: 'PING', plugin_output: 'PING OK', groups: ['net'], state: 0, has_been_checked: 1 }), 'paris')!;
    const two = serviceOf(serviceRow({ host_name: 'web1', description: 'HTTP', plugin_output: 'HTTP OK', groups: ['net'], state: 2, has_been_checked: 1 }), 'paris')!;
    expect(one.service).toMatchObject({ host_name: 'web1', service_description: 'PING', output: 'PING OK', servicegroups: ['net'], engine: 'paris', current_state: 0 });
    expect(two.service).toMatchObject({ host_name: 'web1', service_description: 'HTTP', current_state: 2, engine: 'paris' });
    expect(two.service.servicegroups).toBe(one.service.servicegroups);
    expect(one.checked).toBe(true);
  });

  it('keeps a demo plugin line exactly as written when it makes it one flat string', () => {
    for (const text of ['', 'OK', `CRITICAL - ${93.2}% (15264 MB) of 16384 MB used`, 'lone \ud800 surrogate and ünïcödé, long enough']) {
      expect(flat(text)).toBe(text);
    }
  });
});
