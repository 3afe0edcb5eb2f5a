import { useHttp } from '../../lib/http';
import { useI18n } from '../../lib/i18n';
import { useToasts } from '../toast/model';
import { createViewsApi } from './api';
import { RotationContext } from './rotationSlot';
import { createRotationModel, type RotationModel } from './rotationModel';

/** The app's view rotation: the Rotate Views entry and the control bar drive the same one, made on first use. */
export function useRotation(): RotationModel {
  const slot = RotationContext.use();
  const http = useHttp();
  const { toast } = useToasts();
  const { translate } = useI18n();
  slot.model ??= createRotationModel({ api: createViewsApi(http), open: slot.open, notify: toast, t: translate });
  return slot.model;
}
