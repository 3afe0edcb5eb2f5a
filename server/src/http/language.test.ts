/**
 * Issue 20, a language is the whole product: the server's own text (classic pages, Admin Home, refusals) is looked up
 * by its English, and a missing German entry is listed here, in `npm test`, not found by users.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  answerIn, keyOf, loadCatalogue, SERVER_LANG_DIR, t, translate, visitorLanguage, withRequestLanguage,
} from './language.js';

const SERVER_SRC = path.resolve(import.meta.dirname, '..');

/** The cooked text of a template literal's parts, as the tag receives them. */
function cook(raw: string): string {
  return raw.replace(/\\(\r?\n|.)/g, (_all, c: string) => (
    c === 'n' ? '\n' : c === 't' ? '\t' : c.startsWith('\n') || c.startsWith('\r') ? '' : c));
}

/** The key of every t`…` in `text`: its parts joined with {0}, {1}…; values may hold braces and strings. */
function templateKeys(text: string): string[] {
  const keys: string[] = [];
  for (const start of text.matchAll(/(?<![\w$.])t`/g)) {
    const parts: string[] = [];
    let part = '';
    let i = start.index + 2;
    for (; i < text.length && text[i] !== '`'; i++) {
      if (text[i] === '\\') {
        part += text.slice(i, i + 2);
        i++;
      } else if (text[i] === '$' && text[i + 1] === '{') {
        parts.push(cook(part));
        part = '';
        let depth = 0;
        for (i += 1; i < text.length; i++) {
          if (text[i] === '{') depth++;
          else if (text[i] === '}' && --depth === 0) break;
        }
      } else part += text[i];
    }
    parts.push(cook(part));
    keys.push(keyOf(parts));
  }
  return keys;
}

/** English kept in constants and translated where shown: mark('…') and translate('…') with a literal. */
function literalKeys(text: string): string[] {
  return [...text.matchAll(/\b(?:mark|translate)\(\s*(['"])((?:\\.|(?!\1).)*)\1/g)].map((m) => cook(m[2]!));
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

function usedKeys(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of sourceFiles(SERVER_SRC)) {
    // Comments may show t`…` as an example: only code counts.
    const text = fs.readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
    for (const key of [...templateKeys(text), ...literalKeys(text)]) found.set(key, path.relative(SERVER_SRC, file));
  }
  return found;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\d+)\}/g)].map((m) => m[1]).sort().join();

describe('server text in the request language', () => {
  it('builds the key from the English with numbered places, and puts the values back in the translation', () => {
    expect(templateKeys('throw notFound(t`The host \'${name}\' on ${engine.name} was not found.`);'))
      .toEqual(["The host '{0}' on {1} was not found."]);
    expect(templateKeys('const x = `not ${a}`; const y = t`Hosts`;')).toEqual(['Hosts']);
    const name = 'web1';
    withRequestLanguage(() => {
      expect(t`The host '${name}' was not found.`).toBe("The host 'web1' was not found.");
      answerIn('de_DE');
      expect(t`This page does not exist.`).toBe('Diese Seite gibt es nicht.');
      expect(translate('No such text in any catalogue {0}', [1])).toBe('No such text in any catalogue 1');
    });
    // Outside a request (the CLI, startup) text is English.
    expect(t`This page does not exist.`).toBe('This page does not exist.');
  });

  it('keeps each request in its own language while both run', async () => {
    const seen: string[] = [];
    const request = (language: string) => withRequestLanguage(async () => {
      answerIn(language);
      await new Promise((resolve) => setImmediate(resolve));
      seen.push(`${language}:${t`This page does not exist.`}`);
    });
    await Promise.all([request('de_DE'), request('en_US')]);
    expect(seen.sort()).toEqual(['de_DE:Diese Seite gibt es nicht.', 'en_US:This page does not exist.']);
  });
});

describe('the language of a visitor nobody has signed in as (login page, pairing screen)', () => {
  const known = ['en_US', 'de_DE'];
  it("takes the last user's language from the cookie, else the browser's best known language, else English", () => {
    expect(visitorLanguage('de_DE', 'en-US', known)).toBe('de_DE');
    expect(visitorLanguage('xx_YY', 'de-CH', known)).toBe('de_DE');
    expect(visitorLanguage(undefined, 'fr-FR, en;q=0.4, de;q=0.8', known)).toBe('de_DE');
    expect(visitorLanguage(undefined, 'de;q=0, en-GB', known)).toBe('en_US');
    expect(visitorLanguage(undefined, 'fr, *;q=0.1', known)).toBe('en_US');
    expect(visitorLanguage(undefined, undefined, known)).toBe('en_US');
  });
});

describe('server translations are complete', () => {
  const used = usedKeys();
  const languages = fs.readdirSync(SERVER_LANG_DIR).filter((d) => fs.statSync(path.join(SERVER_LANG_DIR, d)).isDirectory());

  it('finds the text the server translates', () => {
    expect(used.size).toBeGreaterThan(50);
    expect(languages).toContain('de_DE');
  });

  it.each(languages)('%s has every text the server translates (missing ones listed with their file)', (language) => {
    const catalogue = loadCatalogue(language);
    expect([...used].filter(([key]) => !catalogue.has(key)).map(([key, file]) => `${key} (${file})`)).toEqual([]);
  });

  it.each(languages)('%s has no entry the server no longer uses, and keeps every value place', (language) => {
    const catalogue = loadCatalogue(language);
    expect([...catalogue.keys()].filter((key) => !used.has(key))).toEqual([]);
    expect([...catalogue].filter(([key, value]) => placeholders(key) !== placeholders(value)).map(([key]) => key))
      .toEqual([]);
  });
});

/**
 * Issue 38, one rule for state words in every language: a state as the engine's code (UP, DOWN, CRITICAL…, in status
 * lists and badges) is the engine's own word, the one in its logs, notifications and commands; a state named in prose
 * (Up, Down, Critical… on dashlets, the home page, the wall's cards) is translated. A German page showed "UP/DOWN"
 * beside "UNERREICHBAR" and "Down" beside "Kritisch".
 */
describe('state words', () => {
  const CODES = ['UP', 'DOWN', 'UNREACHABLE', 'OK', 'WARNING', 'CRITICAL', 'UNKNOWN', 'PENDING'];
  const PROSE = ['Up', 'Down', 'Unreachable', 'Warning', 'Critical', 'Unknown', 'Pending'];
  const languages = fs.readdirSync(SERVER_LANG_DIR).filter((d) => fs.statSync(path.join(SERVER_LANG_DIR, d)).isDirectory());

  it.each(languages)('%s keeps the engine\'s codes and translates the prose names', (language) => {
    const catalogue = loadCatalogue(language);
    expect(CODES.filter((code) => catalogue.get(code) !== code)).toEqual([]);
    expect(PROSE.filter((word) => !catalogue.get(word) || catalogue.get(word) === word)).toEqual([]);
  });
});
