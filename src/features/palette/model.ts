import { batch, computed, signal, type ReadonlySignal, type Signal } from '@preact/signals-react';
import type { Menu, SearchSuggestion } from '../../lib/apiTypes';
import { isAbortError } from '../../lib/http';
import type { Translate } from '../../lib/i18n';
import type { PaletteApi } from './api';
import {
  bulkGroup, capGroups, GROUP_LIMIT, menuGroups, searchGroup, suggestionGroups, BULK_GROUP_ID, SEARCH_GROUP_ID, type BulkAction, type PaletteGroup, type PaletteResult,
  type PaletteTarget,
} from './results';

/** Typing pauses this long before suggestions are asked for. */
export const SUGGEST_DEBOUNCE_MS = 150;

/** 'loading' from the keystroke on (debounce included), so 'No results found.' never shows for a term still being looked up. */
export type SearchStatus = 'idle' | 'loading' | 'failed';

const CATEGORY_KEYS: Record<string, string> = {
  'Hosts': 'palette.category.hosts',
  'Services': 'palette.category.services',
  'Host Groups': 'palette.category.hostGroups',
  'Service Groups': 'palette.category.serviceGroups',
};

export interface PaletteModelOptions {
  api: PaletteApi;
  menu: ReadonlySignal<Menu>;
  /** Follows a picked result (in-app navigation, a full load or a new window). */
  navigate: (target: PaletteTarget) => void;
  t: Translate;
  /** Open/closed, shared with the first-load trigger (trigger.ts). */
  isOpen?: Signal<boolean>;
  debounceMs?: number;
  /** Whether the user may send commands: the bulk actions for the results are offered only then. */
  canCommand?: ReadonlySignal<boolean>;
}

export interface PaletteModel {
  readonly isOpen: ReadonlySignal<boolean>;
  readonly term: ReadonlySignal<string>;
  readonly status: ReadonlySignal<SearchStatus>;
  /** The services search first (once a term is typed), then menu sections, then server suggestions as they arrive. */
  readonly groups: ReadonlySignal<PaletteGroup[]>;
  /** A term is typed, its suggestions are in, and nothing but the services search matches. */
  readonly noResults: ReadonlySignal<boolean>;
  open(): void;
  close(): void;
  setTerm(term: string): void;
  pick(result: PaletteResult): void;
  /** Cancels a pending or running lookup (the palette unmounted). */
  dispose(): void;
}

/** Spec 4 "Search palette": typing updates the term and refreshes suggestions; choosing a result closes it. */
const BULK_LABELS: Record<BulkAction, string> = {
  acknowledge: 'palette.bulk.acknowledge',
  remove_acknowledgement: 'palette.bulk.removeAcknowledgement',
  schedule_downtime: 'palette.bulk.scheduleDowntime',
  recheck: 'palette.bulk.recheck',
  disable_notifications: 'palette.bulk.disableNotifications',
  enable_notifications: 'palette.bulk.enableNotifications',
};

export function createPaletteModel({
  api, menu, navigate, t, isOpen = signal(true), debounceMs = SUGGEST_DEBOUNCE_MS, canCommand = signal(false),
}: PaletteModelOptions): PaletteModel {
  const term = signal('');
  const suggestions = signal<SearchSuggestion[]>([]);
  const status = signal<SearchStatus>('idle');
  let timer: ReturnType<typeof setTimeout> | undefined;
  let request: AbortController | undefined;
  // The trimmed term whose suggestions are on screen: typing a space after it needs no new lookup.
  let shown = '';

  const cancel = (): void => {
    clearTimeout(timer);
    timer = undefined;
    request?.abort();
    request = undefined;
  };

  const lookUp = async (text: string): Promise<void> => {
    const controller = new AbortController();
    request = controller;
    try {
      const list = await api.suggest(text, controller.signal);
      if (controller.signal.aborted) return;
      shown = text;
      batch(() => {
        suggestions.value = list;
        status.value = 'idle';
      });
    } catch (error) {
      if (controller.signal.aborted || isAbortError(error)) return;
      console.error('Search suggestions failed', error);
      shown = '';
      batch(() => {
        suggestions.value = [];
        status.value = 'failed';
      });
    } finally {
      if (request === controller) request = undefined;
    }
  };

  const categoryLabel = (category: string): string => {
    const key = CATEGORY_KEYS[category];
    return key ? t(key) : category;
  };

  // Apart from the term: a keystroke does not rework the suggestions that are on screen.
  const engineLabel = (engine: string): string => t('palette.engine', { engine });
  const suggested = computed(() => capGroups(suggestionGroups(suggestions.value, categoryLabel, engineLabel)));
  // Issue 38: what the palette found, handled in one go (after the results it acts on).
  const bulk = computed(() => (canCommand.value
    ? bulkGroup(suggestions.value, (count) => t('palette.group.bulk', { count }), (action) => t(BULK_LABELS[action]))
    : []));
  const groups = computed(() => {
    const text = term.value.trim();
    return [
      ...searchGroup(text, t('palette.group.search'), t('palette.searchServices', { term: text })),
      ...menuGroups(menu.value, text, GROUP_LIMIT),
      ...suggested.value,
      ...bulk.value,
    ];
  });

  const noResults = computed(() => term.value.trim() !== '' && status.value === 'idle' && groups.value.every((g) => g.id === SEARCH_GROUP_ID || g.id === BULK_GROUP_ID));

  const close = (): void => {
    cancel();
    isOpen.value = false;
  };

  return {
    isOpen,
    term,
    status,
    groups,
    noResults,
    open: () => {
      isOpen.value = true;
    },
    close,
    setTerm(value) {
      cancel();
      const text = value.trim();
      const current = text === shown;
      if (!text) shown = '';
      batch(() => {
        term.value = value;
        if (!text) suggestions.value = [];
        status.value = text && !current ? 'loading' : 'idle';
      });
      if (!text || current) return;
      timer = setTimeout(() => {
        timer = undefined;
        void lookUp(text);
      }, debounceMs);
    },
    pick(result) {
      close();
      navigate(result.target);
    },
    dispose: cancel,
  };
}
