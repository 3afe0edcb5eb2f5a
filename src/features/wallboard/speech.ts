import type { Translate } from '../../lib/i18n';
import type { Problem } from './alerts';

/** The part of the Web Speech API the wallboard uses, so tests can hand in a fake. */
export interface SpeechOutput {
  getVoices(): ReadonlyArray<{ name: string }>;
  speak(text: string, voice: { name: string } | undefined): void;
}

export interface Speaker {
  /** Says what changed; called only for real changes (alerts.ts onChange), never on reload, reconnect or visibility. */
  say(change: 'problem' | 'recovery', problems: readonly Problem[]): void;
}

const HOST_STATES: Record<number, string> = { 1: 'DOWN', 2: 'UNREACHABLE' };
const SERVICE_STATES: Record<number, string> = { 1: 'WARNING', 2: 'CRITICAL', 3: 'UNKNOWN' };
/** A screen that finds twenty problems at once says how many, rather than talking for a minute. */
const MAX_SPOKEN = 3;

function subject(p: Problem): string {
  return p.service ? `${p.host} ${p.service}` : p.host;
}

/** The line spoken for one change, in the screen's language. */
export function spokenText(change: 'problem' | 'recovery', problems: readonly Problem[], t: Translate): string {
  if (change === 'recovery') return problems.map((p) => t('wallboard.speech.recovered', { subject: subject(p) })).join(' ');
  const lines = problems.slice(0, MAX_SPOKEN).map((p) => t('wallboard.speech.problem', {
    subject: subject(p),
    state: (p.service ? SERVICE_STATES : HOST_STATES)[p.state] ?? String(p.state),
  }));
  if (problems.length > MAX_SPOKEN) lines.push(t('wallboard.speech.more', { count: problems.length - MAX_SPOKEN }));
  return lines.join(' ');
}

/** Issue 10, voice=<name>: speech instead of the tone; an unknown name (or "default") uses the browser's default voice. */
export function createSpeaker(output: SpeechOutput, voice: string, t: Translate): Speaker {
  return {
    say(change, problems) {
      if (!problems.length) return;
      const chosen = output.getVoices().find((v) => v.name === voice);
      output.speak(spokenText(change, problems, t), chosen);
    },
  };
}

/** The browser's speechSynthesis, if it has one. */
export function browserSpeech(): SpeechOutput | undefined {
  const synth = globalThis.speechSynthesis as SpeechSynthesis | undefined;
  if (!synth || typeof SpeechSynthesisUtterance === 'undefined') return undefined;
  return {
    getVoices: () => synth.getVoices(),
    speak(text, voice) {
      const utterance = new SpeechSynthesisUtterance(text);
      const found = voice && synth.getVoices().find((v) => v.name === voice.name);
      if (found) utterance.voice = found;
      synth.speak(utterance);
    },
  };
}
