import { createViewsApi } from './api';
import { RotationContext } from './rotationSlot';
import { createRotationModel, type RotationModel } from './rotationModel';

/** The app's view rotation: the Rotate Views entry and the control bar drive the same one, made on first use. */
export function useRotation(): RotationModel {
  const slot = RotationContext.use();
  slot.model ??= createRotationModel({ api: createViewsApi(), open: slot.open });
  return slot.model;
}
