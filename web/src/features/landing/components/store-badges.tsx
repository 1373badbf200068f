import { Link } from '../../../lib/router';

const badge =
  'inline-flex h-12 items-center gap-2.5 rounded-xl border border-white/25 bg-black px-3.5 text-white transition-transform duration-150 hover:-translate-y-0.5 focus-ring';

function AppleMark() {
  return (
    <svg viewBox="0 0 24 24" className="h-6 w-6" fill="currentColor" aria-hidden="true" focusable="false">
      <path d="M16.4 12.6c0-2.4 2-3.5 2-3.6-1.1-1.6-2.8-1.8-3.4-1.8-1.4-.1-2.8.9-3.5.9s-1.8-.8-3-.8c-1.5 0-3 .9-3.8 2.3-1.6 2.8-.4 7 1.2 9.3.8 1.1 1.7 2.4 2.9 2.3 1.2 0 1.6-.7 3-.7s1.8.7 3 .7c1.3 0 2.1-1.1 2.8-2.3.9-1.3 1.3-2.6 1.3-2.6s-2.5-1-2.5-3.7zM14.2 5.5c.6-.8 1.1-1.9 1-3-1 0-2.1.7-2.8 1.5-.6.7-1.1 1.8-1 2.8 1.1.1 2.1-.5 2.8-1.3z" />
    </svg>
  );
}

function PlayMark() {
  return (
    <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true" focusable="false">
      <path d="M4 2.8 13.6 12 4 21.2c-.4-.2-.6-.6-.6-1.1V3.9c0-.5.2-.9.6-1.1z" fill="#3ddc84" />
      <path d="M16.7 8.9 13.6 12 4 2.8c.3-.1.7-.1 1 .1z" fill="#4fc3f7" />
      <path d="M16.7 15.1 5 21.1c-.3.2-.7.2-1 .1l9.6-9.2z" fill="#ff5252" />
      <path d="m20.2 10.9-3.5-2L13.6 12l3.1 3.1 3.5-2c.8-.5.8-1.7 0-2.2z" fill="#ffd740" />
    </svg>
  );
}

/** App-store badges drawn in SVG (spec 2's footer); until store apps ship they lead to how to use Reelhouse on a phone. */
export function StoreBadges() {
  return (
    <div className="flex flex-wrap gap-3">
      <Link to="/help#on-your-phone" className={badge} aria-label="Download on the App Store">
        <AppleMark />
        <span className="flex flex-col leading-none">
          <span className="text-[0.62rem] tracking-wide">Download on the</span>
          <span className="mt-0.5 text-[1.05rem] font-semibold">App Store</span>
        </span>
      </Link>
      <Link to="/help#on-your-phone" className={badge} aria-label="Get it on Google Play">
        <PlayMark />
        <span className="flex flex-col leading-none">
          <span className="text-[0.62rem] tracking-wide uppercase">Get it on</span>
          <span className="mt-0.5 text-[1.05rem] font-semibold">Google Play</span>
        </span>
      </Link>
    </div>
  );
}
