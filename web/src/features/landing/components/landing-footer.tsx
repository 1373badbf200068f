import { QRCodeSVG } from 'qrcode.react';
import { Logo } from '../../../components/ui/logo';
import { Link } from '../../../lib/router';
import { StoreBadges } from './store-badges';

/** Every footer link leads to a real page; only the logo leads back to /. */
export const FOOTER_GROUPS = [
  {
    title: 'Who we are',
    links: [
      { label: 'About Reelhouse', to: '/about' },
      { label: 'Community guidelines', to: '/guidelines' },
    ],
  },
  {
    title: 'Learn more',
    links: [
      { label: 'How it works', to: '/help#how-it-works' },
      { label: 'Levels and gems', to: '/help#levels-and-gems' },
      { label: 'Premium', to: '/help#premium' },
    ],
  },
  {
    title: 'Help',
    links: [
      { label: 'Help centre', to: '/help' },
      { label: 'Privacy', to: '/privacy' },
      { label: 'Terms of use', to: '/terms' },
    ],
  },
];

/** The landing footer: Ready to start, store badges, a QR code to the app, link groups to the pages about Reelhouse. */
export function LandingFooter() {
  const appUrl = typeof window === 'undefined' ? 'https://reelhouse.app' : window.location.origin;
  return (
    <footer className="border-t border-[var(--border)] bg-[var(--surface)]/60">
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
        <div className="flex flex-col gap-8 rounded-3xl border border-[var(--border)] bg-[var(--bg)] p-6 sm:flex-row sm:items-center sm:justify-between sm:p-10">
          <div>
            <h2 className="text-2xl font-semibold tracking-tight sm:text-3xl">Ready to start</h2>
            <p className="mt-2 max-w-md text-[var(--muted)]">Take Reelhouse with you to the cinema. Scan the code to open it on your phone.</p>
            <div className="mt-6">
              <StoreBadges />
            </div>
          </div>
          <figure className="flex shrink-0 items-center gap-4">
            <div className="rounded-2xl bg-white p-3 shadow-lg">
              <QRCodeSVG value={appUrl} size={112} level="M" bgColor="#ffffff" fgColor="#0c111b" title={`QR code for ${appUrl}`} />
            </div>
            <figcaption className="max-w-32 text-sm text-[var(--muted)]">Scan to open Reelhouse on your phone</figcaption>
          </figure>
        </div>

        <div className="mt-12 grid gap-10 sm:grid-cols-[1.4fr_repeat(3,1fr)]">
          <div>
            <Link to="/" aria-label="Reelhouse, home" className="inline-flex rounded focus-ring">
              <Logo />
            </Link>
            <p className="mt-3 max-w-xs text-sm text-[var(--muted)]">The community for people who love films and series.</p>
          </div>
          {FOOTER_GROUPS.map((group) => (
            <nav key={group.title} aria-label={group.title}>
              <h3 className="text-sm font-semibold">{group.title}</h3>
              <ul className="mt-3 space-y-1">
                {group.links.map(({ label, to }) => (
                  <li key={label}>
                    <Link to={to} className="inline-flex min-h-10 items-center rounded text-sm text-[var(--muted)] hover:text-[var(--text)] focus-ring sm:min-h-8">
                      {label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <p className="mt-12 text-xs text-[var(--muted)]">© {new Date().getFullYear()} Reelhouse. Film data credits are listed on each title.</p>
      </div>
    </footer>
  );
}
