import { afterAll, beforeAll } from 'vitest';

/**
 * jsdom has <dialog> but not its modal methods: these stand in for the browser's while the calling file runs, and
 * are taken away after it, since test files share one jsdom (NoticeModal's own test needs it without them).
 */
export function standInDialogMethods(): void {
  const proto = HTMLDialogElement.prototype;
  const original = { showModal: Object.getOwnPropertyDescriptor(proto, 'showModal'), close: Object.getOwnPropertyDescriptor(proto, 'close') };
  beforeAll(() => {
    proto.showModal = function showModal(this: HTMLDialogElement) { this.setAttribute('open', ''); };
    proto.close = function close(this: HTMLDialogElement) { this.removeAttribute('open'); };
  });
  afterAll(() => {
    for (const name of ['showModal', 'close'] as const) {
      const descriptor = original[name];
      if (descriptor) Object.defineProperty(proto, name, descriptor);
      else delete (proto as Partial<HTMLDialogElement>)[name];
    }
  });
}
