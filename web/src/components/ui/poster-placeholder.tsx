import { cn } from '../../lib/cn';

const gradients = [
  ['#3b1f5c', '#e0673b'],
  ['#0f3b57', '#3fb6a8'],
  ['#4a1c2b', '#f2a65a'],
  ['#1d2b53', '#7e5bef'],
  ['#2d3a1f', '#c9a227'],
  ['#3a1020', '#ef4f6b'],
  ['#12344d', '#f28f3b'],
  ['#25163f', '#4cc9f0'],
];

function hash(text: string): number {
  let h = 0;
  for (const char of text) h = (h * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return h;
}

/** A designed poster when there is no image: the title set in type over a gradient chosen from the id. */
export function PosterPlaceholder({ id, title, year, className }: { id: string; title: string; year?: string; className?: string }) {
  const [from, to] = gradients[hash(id) % gradients.length];
  return (
    <div
      className={cn('relative flex aspect-[2/3] flex-col justify-end overflow-hidden rounded-xl p-3 text-white shadow-lg', className)}
      style={{ backgroundImage: `linear-gradient(160deg, ${from} 0%, ${to} 100%)` }}
    >
      <span className="absolute inset-0 bg-[radial-gradient(circle_at_30%_20%,rgba(255,255,255,0.18),transparent_55%)]" aria-hidden="true" />
      <span className="relative text-[0.95rem] leading-tight font-semibold text-balance drop-shadow">{title}</span>
      {year && <span className="relative mt-1 text-xs tabular-nums opacity-80">{year}</span>}
    </div>
  );
}
