import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createResourceRegistry } from '../../lib/resource';
import { testTranslate } from '../../lib/testTranslate.test-utils';
import { createAlertWatch, type Problem } from './alerts';
import { parseWallboardParams } from './params';
import { createSpeaker, spokenText, type SpeechOutput } from './speech';

function fakeSpeech(voices: string[] = ['Alice', 'Bob']) {
  const said: { text: string; voice: string | undefined }[] = [];
  const output: SpeechOutput = {
    getVoices: () => voices.map((name) => ({ name })),
    speak: (text, voice) => { said.push({ text, voice: voice?.name }); },
  };
  return { output, said };
}

const disk: Problem = { host: 'web01', service: 'Disk', state: 2, output: 'full', since: 1_000 };
const db: Problem = { host: 'db01', state: 1, output: 'down', since: 500 };

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('spoken alerts (voice=)', () => {
  it('says new problems and the recovery of the one on screen, and nothing for what was there at start, a reconnect or a reload', async () => {
    const { output, said } = fakeSpeech();
    const speaker = createSpeaker(output, 'Bob', testTranslate);
    let problems: Problem[] = [db];
    let fail = false;
    const onChange = (c: 'problem' | 'recovery', p: Problem[]) => speaker.say(c, p);
    const watch = createAlertWatch({ resources: createResourceRegistry(), load: async () => { if (fail) throw new Error('offline'); return problems; }, showMs: 300_000, onChange });
    watch.start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(said).toEqual([]);
    problems = [db, disk];
    await vi.advanceTimersByTimeAsync(30_000);
    expect(said).toEqual([{ text: 'web01 Disk is CRITICAL.', voice: 'Bob' }]);
    fail = true;
    await vi.advanceTimersByTimeAsync(60_000);
    fail = false;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(said).toHaveLength(1);
    problems = [db];
    await vi.advanceTimersByTimeAsync(30_000);
    expect(said.map((s) => s.text)).toEqual(['web01 Disk is CRITICAL.', 'web01 Disk recovered.']);
    const reloaded = createAlertWatch({ resources: createResourceRegistry(), load: async () => [db, disk], showMs: 60_000, onChange });
    reloaded.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(said).toHaveLength(2);
  });

  it('names host states, counts beyond three, and falls back to the default voice for an unknown name', () => {
    const many = [db, disk, { ...disk, service: 'Load' }, { ...disk, service: 'Swap' }, { ...db, host: 'db02', state: 2 }];
    expect(spokenText('problem', many, testTranslate)).toBe('db01 is DOWN. web01 Disk is CRITICAL. web01 Load is CRITICAL. And 2 more.');
    const { output, said } = fakeSpeech();
    createSpeaker(output, 'Nobody', testTranslate).say('problem', [db]);
    expect(said).toEqual([{ text: 'db01 is DOWN.', voice: undefined }]);
  });

  it('reads voice= with sound, and refuses an empty or overlong name with a notice', () => {
    expect(parseWallboardParams('?sound=on&voice=Google%20UK%20English%20Female')).toMatchObject({ sound: true, voice: 'Google UK English Female', notices: [] });
    for (const bad of ['', 'x'.repeat(101), 'a%00b']) {
      const config = parseWallboardParams(`?sound=on&voice=${bad}`);
      expect(config.voice, bad).toBeUndefined();
      expect(config.notices.map((n) => [n.name, n.rule])).toEqual([['voice', 'wallboard.rule.voice']]);
    }
  });
});
