import { buttonClasses } from '../../../components/ui/button';
import { StarIcon } from '../../../components/ui/icons';
import { PosterPlaceholder } from '../../../components/ui/poster-placeholder';
import { Link } from '../../../lib/router';

const posters = [
  { id: 'tt0068646', title: 'The Godfather', year: '1972', rating: '9.2' },
  { id: 'tt6751668', title: 'Parasite', year: '2019', rating: '8.5' },
  { id: 'tt0306414', title: 'The Wire', year: '2002', rating: '9.3' },
  { id: 'tt0211915', title: 'Amélie', year: '2001', rating: '8.3' },
  { id: 'tt2543164', title: 'Arrival', year: '2016', rating: '7.9' },
  { id: 'tt5288744', title: 'Fleabag', year: '2016', rating: '8.7' },
];

export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-10 pb-16 sm:px-6 lg:grid-cols-[1.05fr_1fr] lg:pt-20 lg:pb-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-[var(--border)] bg-[var(--surface)] px-3 py-1 text-xs font-medium text-[var(--muted)]">
            <span className="h-1.5 w-1.5 rounded-full bg-[var(--accent)]" aria-hidden="true" />
            For people who stay for the credits
          </p>
          <h1 id="hero-title" className="mt-5 text-4xl leading-[1.05] font-semibold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            Every film has a crowd. <span className="text-[var(--accent)]">Find yours.</span>
          </h1>
          <p className="mt-5 max-w-xl text-lg text-[var(--muted)] text-pretty">
            Reelhouse is where fans of movies and TV series rate what they watch, build lists worth sharing and talk it all
            through in communities that care as much as they do.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/onboarding" className={buttonClasses('primary', 'lg')}>
              Create your free account
            </Link>
            <Link to="/home" className={buttonClasses('secondary', 'lg')}>
              I already have one
            </Link>
          </div>
          <dl className="mt-10 flex flex-wrap gap-x-10 gap-y-4 text-sm">
            {[
              ['Rate titles', '1–10'],
              ['Lists of up to', '50'],
              ['Communities', 'Open or private'],
            ].map(([label, value]) => (
              <div key={label}>
                <dt className="text-[var(--muted)]">{label}</dt>
                <dd className="mt-1 text-xl font-semibold tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <div className="relative" aria-hidden="true">
          <div className="absolute -inset-10 rounded-full bg-[var(--accent)]/10 blur-3xl" />
          <div className="relative grid grid-cols-3 gap-3 sm:gap-4 lg:rotate-[-4deg]">
            {posters.map((p, i) => (
              <div key={p.id} className={i % 3 === 1 ? 'translate-y-8' : ''}>
                <div className="relative transition-transform duration-200 hover:-translate-y-1">
                  <PosterPlaceholder id={p.id} title={p.title} year={p.year} brand={false} />
                  <span className="absolute top-2 right-2 inline-flex items-center gap-1 rounded-full bg-black/60 px-2 py-0.5 text-xs font-semibold text-[#ffc857] tabular-nums backdrop-blur">
                    <StarIcon size={11} /> {p.rating}
                  </span>
                </div>
              </div>
            ))}
          </div>
        </div>
      </div>
    </section>
  );
}
