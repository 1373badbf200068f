import { ChatIcon, ListIcon, StarIcon, UsersIcon } from '../../../components/ui/icons';

const features = [
  { icon: StarIcon, title: 'Rate and review', body: 'Score anything out of 10, write as much or as little as you like, and see how your taste compares.' },
  { icon: ListIcon, title: 'Lists worth sharing', body: 'Rank your top 50, keep a watchlist, or make the definitive guide to 90s thrillers.' },
  { icon: UsersIcon, title: 'Communities', body: 'Public or private rooms for every genre, director, franchise and guilty pleasure.' },
  { icon: ChatIcon, title: 'Discussions that stay readable', body: 'Threads, replies and likes, built for long conversations about the last ten minutes.' },
];

export function FeaturesGrid() {
  return (
    <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 pb-20 sm:px-6">
      <h2 id="features-title" className="sr-only">
        What you can do on Reelhouse
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {features.map(({ icon: Icon, title, body }) => (
          <li key={title} className="rounded-2xl border border-[var(--border)] bg-[var(--surface)] p-5">
            <span className="grid h-10 w-10 place-items-center rounded-xl bg-[var(--accent-soft)] text-[var(--accent)]">
              <Icon size={20} />
            </span>
            <h3 className="mt-4 font-semibold">{title}</h3>
            <p className="mt-1.5 text-sm text-[var(--muted)]">{body}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
