import { createModelContext } from '../../lib/modelContext';
import type { RotationModel } from './rotationModel';

/** The app's view rotation (made by the composition root): the Rotate Views entry and the control bar drive the same one. */
export const RotationContext = createModelContext<RotationModel>('RotationModel');
export const useRotation = RotationContext.use;
