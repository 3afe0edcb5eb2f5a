import { useEffect, useRef, useState } from 'react';
import { useHttp } from '../lib/http';
import { useResource } from '../lib/resource';
import { bannerType } from './bannerColors';
import { Banner } from './Banner';
import { acknowledgeBanner, useShellData } from '../features/shellData/shellData';

/** Spec 9: the collapse runs this long before the acknowledgement is sent. */
export const ACK_DELAY_MS = 1000;

/** Spec 2.3: the active announcement banners; message text is shown as text, never as markup. */
export function AnnouncementBanners() {
  const { data, error, refresh } = useResource(useShellData().banners);
  const http = useHttp();
  const [collapsing, setCollapsing] = useState<ReadonlySet<string>>(new Set());
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);
  if (error && !data) throw error;
  if (!data || data.length === 0) return null;

  const dismiss = (id: string) => {
    setCollapsing((prev) => new Set(prev).add(id));
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      acknowledgeBanner(http, id)
        .catch((e: unknown) => console.error('Failed to acknowledge the banner.', e))
        .finally(() => {
          void refresh().then(() => setCollapsing((prev) => { const next = new Set(prev); next.delete(id); return next; }));
        });
    }, ACK_DELAY_MS);
    timers.current.add(timer);
  };

  return (
    <div className="announcement-banners">
      {data.map((b) => (
        <Banner
          key={b.msg_id}
          type={bannerType(b.banner_color)}
          onDismiss={b.acknowledgeable === '1' ? () => dismiss(b.msg_id) : undefined}
          collapsing={collapsing.has(b.msg_id)}
          data-testid={`banner-${b.msg_id}`}
        >
          {b.message}
        </Banner>
      ))}
    </div>
  );
}
