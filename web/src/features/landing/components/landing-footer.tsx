import { QRCodeSVG } from 'qrcode.react';
import { Logo } from '../../../components/ui/logo';
import { Link } from '../../../lib/router';
import { StoreBadges } from './store-badges';

const groups = [
  { title: 'Who we are', links: ['About Reelhouse', 'Careers', 'Press', 'Contact'] },
  { title: 'Learn more', links: ['How it works', 'Levels and gems', 'Premium', 'Community guidelines'] },
  { title: 'Help', links: ['Help centre', 'Privacy', 'Terms of use', 'Accessibility'] },
];

/** The landing footer: Ready to start, store badges, a QR code to the app, link groups (all to /). */
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
            <Logo />
            <p className="mt-3 max-w-xs text-sm text-[var(--muted)]">The community for people who love films and series.</p>
          </div>
          {groups.map((group) => (
            <nav key={group.title} aria-label={group.title}>
              <h3 className="text-sm font-semibold">{group.title}</h3>
              <ul className="mt-3 space-y-1">
                {group.links.map((label) => (
                  <li key={label}>
                    <Link to="/" className="inline-flex min-h-10 items-center rounded text-sm text-[var(--muted)] hover:text-[var(--text)] focus-ring sm:min-h-8">
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
