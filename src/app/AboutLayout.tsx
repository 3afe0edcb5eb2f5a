import { useSignals } from '@preact/signals-react/runtime';
import { Link } from 'wouter';
import { useSearch } from 'wouter/use-browser-location';
import { ContentFrame } from '../features/frame/ContentFrame';
import { useFrame } from '../features/frame/model';
import { useT } from '../lib/i18n';
import { BASE } from '../lib/base';
import './AboutLayout.css';

type AboutPage = 'main' | 'legal' | 'license';

const PAGES: Record<AboutPage, { frame: string; href: string; labelKey: string }> = {
  main: { frame: 'about/main.php', href: '/about', labelKey: 'about.about' },
  legal: { frame: 'about/legal.php', href: '/about?legal', labelKey: 'about.legal' },
  license: { frame: 'about/license.php', href: '/about?license', labelKey: 'about.license' },
};

/** The flag `legal` shows the legal page, `license` the licence page, anything else the main about page (spec 2.2). */
export function aboutPageFor(search: string): AboutPage {
  const params = new URLSearchParams(search);
  if (params.has('legal')) return 'legal';
  if (params.has('license')) return 'license';
  return 'main';
}

/** The About layout: its own secondary menu beside the content frame. */
export function AboutLayout() {
  useSignals();
  const t = useT();
  const frame = useFrame();
  const page = aboutPageFor(useSearch());
  return (
    <div className="about-layout" data-fullscreen={frame.fullscreen.value || undefined}>
      <header className="about-header">
        <a href={BASE}>{t('about.back')}</a>
      </header>
      <nav className="about-nav" aria-label={t('about.nav')}>
        <ul>
          {(Object.keys(PAGES) as AboutPage[]).map((key) => (
            <li key={key}>
              <Link href={PAGES[key].href} aria-current={key === page ? 'page' : undefined}>{t(PAGES[key].labelKey)}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <main className="about-main">
        <ContentFrame section="home" path={PAGES[page].frame} />
      </main>
    </div>
  );
}
