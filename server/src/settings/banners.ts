import { boolField, fieldRequired, str } from '../http/input.js';
import { badRequest } from '../http/errors.js';
import { t } from '../http/language.js';
import { BANNER_COLORS, type BannerColor } from '../db/banners.js';

/** Parses a new banner from form fields (API and classic page) or CLI options. */
export function parseBanner(fields: Record<string, unknown>): { message: string; color: BannerColor; acknowledgeable: boolean } {
  const message = str(fields, 'message', { required: true, max: 1000 }).trim();
  if (!message) throw badRequest(fieldRequired('message'));
  const color = str(fields, 'color', { required: true, max: 20 });
  if (!(BANNER_COLORS as readonly string[]).includes(color)) {
    throw badRequest(t`The field 'color' must be one of ${BANNER_COLORS.join(', ')}.`);
  }
  return { message, color: color as BannerColor, acknowledgeable: boolField(fields, 'acknowledgeable', true) };
}
