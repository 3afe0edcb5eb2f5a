import type { SearchSuggestion } from '../../lib/apiTypes';
import type { HttpClient } from '../../lib/http';

export interface PaletteApi {
  suggest(term: string, signal: AbortSignal): Promise<SearchSuggestion[]>;
}

/** The server refuses longer terms (400), which would read as a failed search. */
export const MAX_TERM_LENGTH = 200;

function isSuggestion(value: unknown): value is SearchSuggestion {
  if (typeof value !== 'object' || value === null) return false;
  const s = value as Record<string, unknown>;
  return typeof s.category === 'string' && typeof s.url === 'string' && typeof s.label === 'string' && typeof s.value === 'string'
    && (s.engine === undefined || typeof s.engine === 'string');
}

export function createPaletteApi(http: HttpClient): PaletteApi {
  return {
    async suggest(term, signal) {
      const answer = await http.get<unknown>('suggest.php', { params: { type: 'multi', term: term.slice(0, MAX_TERM_LENGTH) }, signal });
      return Array.isArray(answer) ? answer.filter(isSuggestion) : [];
    },
  };
}
