import type { Menu } from '../../lib/apiTypes';
import { stripBase } from '../../lib/base';
import { createModelContext } from '../../lib/modelContext';
import type { Resource, ResourceRegistry } from '../../lib/resource';

/**
 * What changed on the server: `lists` is every list of views, dashboards, tools, favourites and displays (the menu
 * and the list screens' resources); `account` is the user's theme and language.
 */
export type Change = 'lists' | 'account';

/** The registry keys of the list screens' resources; the menu holds My Views, My Dashboards, My Tools and favourites. */
const LIST_KEYS = /^(dashboards|tools\.|admin\.displays$)/;
/** Classic pages that show one of the lists: the frame reloads them when it changes elsewhere. */
const LIST_PAGES = new Set(['views/main.php']);
/** Classic pages whose forms save the account's theme and language. */
const ACCOUNT_PAGES = /^account\//;
const CHANNEL = 'pharos-changes';

/** The part of BroadcastChannel this uses, so tests can hand in a fake. */
export interface ChangeChannel {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  removeEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  close(): void;
}

export interface SyncDeps {
  menu: Pick<Resource<Menu>, 'refresh'>;
  resources: Pick<ResourceRegistry, 'invalidate'>;
  frame: {
    readonly src: { peek(): string };
    set(absolutePath: string): void;
  };
  /** Loads the account's theme and language again and applies them at once. */
  followAccount: () => Promise<void>;
  /** Other tabs of this browser; none where BroadcastChannel is missing. */
  channel?: () => ChangeChannel | undefined;
}

export interface SyncModel {
  /**
   * Something in this tab changed a list (a native screen, a dialog of the shell): every list here loads again, a
   * classic list page in the frame reloads, and other tabs are told. Resolves once the menu has reloaded.
   */
  listsChanged(): Promise<void>;
  /**
   * A form of the classic page in the frame was sent and its answer has loaded (`action` is where it was sent, an
   * absolute path): that page already shows the change; the shell, its lists and other tabs follow.
   */
  framePosted(action: string): void;
  /** Listens to other tabs; returns the stop. */
  start(): () => void;
}

function isChangeList(value: unknown): value is Change[] {
  return Array.isArray(value) && value.every((v) => v === 'lists' || v === 'account');
}

/** One place that keeps every screen, the frame and other tabs in step after a write (issue 20, "lists stay in step"). */
export function createSyncModel({ menu, resources, frame, followAccount, channel = browserChannel }: SyncDeps): SyncModel {
  let open: ChangeChannel | undefined;

  const reloadLists = async (): Promise<void> => {
    resources.invalidate((key) => LIST_KEYS.test(key));
    await menu.refresh();
  };

  const reloadListPage = () => {
    const src = frame.src.peek();
    if (src && LIST_PAGES.has(stripBase(src).split(/[?#]/, 1)[0]!)) frame.set(src);
  };

  /** Applies changes made elsewhere (the frame's page or another tab). */
  const apply = (changes: Change[], reloadFrame: boolean): Promise<void> => {
    const work: Promise<void>[] = [];
    if (changes.includes('lists')) {
      work.push(reloadLists());
      if (reloadFrame) reloadListPage();
    }
    if (changes.includes('account')) work.push(followAccount().catch((error: unknown) => console.error('Failed to load the account settings.', error)));
    return Promise.all(work).then(() => undefined);
  };

  const tell = (changes: Change[]) => {
    try {
      open?.postMessage({ changes });
    } catch (error) {
      console.error('Failed to tell other tabs about a change.', error);
    }
  };

  return {
    listsChanged() {
      tell(['lists']);
      return apply(['lists'], true);
    },
    framePosted(action) {
      const changes: Change[] = ACCOUNT_PAGES.test(stripBase(action).replace(/^\/+/, '')) ? ['lists', 'account'] : ['lists'];
      tell(changes);
      void apply(changes, false);
    },
    start() {
      open = channel();
      if (!open) return () => undefined;
      const current = open;
      const onMessage = (event: { data: unknown }) => {
        const changes = (event.data as { changes?: unknown } | null)?.changes;
        if (isChangeList(changes)) void apply(changes, true);
      };
      current.addEventListener('message', onMessage);
      return () => {
        current.removeEventListener('message', onMessage);
        current.close();
        if (open === current) open = undefined;
      };
    },
  };
}

function browserChannel(): ChangeChannel | undefined {
  return typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(CHANNEL);
}

export const SyncContext = createModelContext<SyncModel>('SyncModel');
export const useSync = SyncContext.use;
