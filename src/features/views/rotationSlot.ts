import { createModelContext } from '../../lib/modelContext';
import type { RotationModel } from './rotationModel';

/**
 * Where the app's one view rotation lives. The composition root makes the slot with the frame's opener; the model
 * itself is made on first use by the views section's lazily loaded entries, so its code stays off the first load.
 */
export interface RotationSlot {
  /** Shows a view without adding history (rotation never grows it); false when it is not a safe frame target. */
  open: (url: string) => boolean;
  model?: RotationModel;
}

export const RotationContext = createModelContext<RotationSlot>('RotationSlot');
