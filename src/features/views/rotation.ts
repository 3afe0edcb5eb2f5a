import { createViewsApi } from './api';
import { createRotationModel } from './rotationModel';

/** The app's view rotation: the Rotate Views entry and the control bar above the views menu drive the same one. */
export const rotation = createRotationModel({ api: createViewsApi() });
