import { signal, type ReadonlySignal } from '@preact/signals-react';

/** The part of Web Audio a tone needs, so tests can hand in a fake. */
export interface ToneContext {
  readonly state: string;
  readonly currentTime: number;
  readonly destination: unknown;
  resume(): Promise<void>;
  createOscillator(): { frequency: { value: number }; connect(to: unknown): unknown; start(at?: number): void; stop(at?: number): void };
  createGain(): { gain: { setValueAtTime(v: number, t: number): unknown; exponentialRampToValueAtTime(v: number, t: number): unknown }; connect(to: unknown): unknown };
}

export interface Chime {
  /** True while the browser blocks sound until someone taps: the screen offers "Tap to enable sound" once. */
  readonly blocked: ReadonlySignal<boolean>;
  /** A short tone: high for a new problem, lower for a recovery. Nothing else calls it (alerts.ts onChange). */
  play(change: 'problem' | 'recovery'): void;
  /** The tap: lets sound play from now on. */
  enable(): Promise<void>;
}

const TONES = { problem: 880, recovery: 440 } as const;
const LENGTH_S = 0.35;

/** Issue 10, opt-in sound (sound=on): a tone from Web Audio, no files. */
export function createChime(makeContext: () => ToneContext | undefined): Chime {
  const context = makeContext();
  const blocked = signal(context?.state === 'suspended');
  return {
    blocked,
    play(change) {
      if (!context || context.state !== 'running') return;
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.frequency.value = TONES[change];
      const t = context.currentTime;
      gain.gain.setValueAtTime(0.3, t);
      gain.gain.exponentialRampToValueAtTime(0.001, t + LENGTH_S);
      osc.connect(gain);
      gain.connect(context.destination);
      osc.start(t);
      osc.stop(t + LENGTH_S);
    },
    async enable() {
      await context?.resume();
      blocked.value = false;
    },
  };
}

/** The browser's AudioContext, if it has one. */
export function browserToneContext(): ToneContext | undefined {
  const Ctor = (globalThis as { AudioContext?: new () => ToneContext }).AudioContext;
  return Ctor ? new Ctor() : undefined;
}
