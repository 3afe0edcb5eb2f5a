declare let self: ServiceWorkerGlobalScope;

/** The page (src/lib/sw.ts) asks a waiting worker to take over after the user agreed to update. */
export function listenForMessages(): void {
  self.addEventListener('message', (event: ExtendableMessageEvent) => {
    const data: unknown = event.data;
    if (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'SKIP_WAITING') {
      void self.skipWaiting();
    }
  });
}
