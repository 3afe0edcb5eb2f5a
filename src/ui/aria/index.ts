/** The react-aria part of src/ui, loaded on demand through ../overlays.ts; nothing at first paint imports it. */
export { Dialog } from './Dialog';
export { MenuPopover } from './MenuPopover';
export { Modal } from './Modal';
export { Popover } from './Popover';
export { TooltipController } from './TooltipController';
