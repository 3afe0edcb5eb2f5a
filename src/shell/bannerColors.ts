export type BannerType = 'info' | 'success' | 'warning' | 'critical';

const PREFIX = 'banner_message_banner_';
const TYPES: readonly BannerType[] = ['info', 'success', 'warning', 'critical'];

/** Spec 3: banner_color carries a prefix that is stripped; anything unknown is shown as information. */
export function bannerType(color: string): BannerType {
  const bare = color.startsWith(PREFIX) ? color.slice(PREFIX.length) : color;
  return (TYPES as readonly string[]).includes(bare) ? (bare as BannerType) : 'info';
}

/** The label key that names each colour in words, so colour is never the only signal. */
export const BANNER_LABEL_KEYS: Record<BannerType, string> = {
  info: 'shell.banner.info',
  success: 'shell.banner.success',
  warning: 'shell.banner.warning',
  critical: 'shell.banner.critical',
};

export const BANNER_ICONS = { info: 'info', success: 'success', warning: 'warning', critical: 'critical' } as const;
