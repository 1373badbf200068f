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
  ['#1b3a2f', '#8bd17c'],
  ['#3d2a14', '#e8b04a'],
];

function hash(text: string): number {
  let h = 0;
  for (const char of text) h = (h * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return h;
}

/** The two colours of a title's placeholder, stable for its id. */
export function placeholderColours(id: string): [string, string] {
  const [from, to] = gradients[hash(id) % gradients.length];
  return [from, to];
}

/**
 * A designed poster when there is no image, or the image fails: the title set
 * in type over a gradient chosen from the id, with the year. The type scales
 * with the card (container units), so it reads at every size.
 */
export function PosterPlaceholder({
  id,
  title,
  year,
  className,
  mini = false,
  brand = true,
}: {
  id: string;
  title: string;
  year?: string;
  className?: string;
  mini?: boolean;
  /** The small "Reelhouse" word at the top; left out where a badge takes that corner. */
  brand?: boolean;
}) {
  const [from, to] = placeholderColours(id);
  // Size the type so that the longest word fits on one line (no mid-word breaks).
  const longestWord = Math.max(...title.split(/\s+/).map((w) => w.length));
  const size =
    longestWord > 12 || title.length > 40
      ? 'text-[max(0.7rem,8cqw)]'
      : longestWord > 8 || title.length > 24
        ? 'text-[max(0.75rem,10cqw)]'
        : 'text-[max(0.9rem,13cqw)]';
  if (mini) {
    // Thumbnails (search suggestions): the initial alone, over the same gradient.
    return (
      <div
        aria-hidden="true"
        className={cn('grid aspect-[2/3] place-items-center overflow-hidden rounded-md text-sm font-bold text-white/90', className)}
        style={{ backgroundImage: `linear-gradient(160deg, ${from} 0%, ${to} 115%)` }}
      >
        {Array.from(title.replace(/^(the|a|an)\s+/i, ''))[0]?.toUpperCase() ?? '?'}
      </div>
    );
  }
  return (
    <div
      aria-hidden="true"
      className={cn('@container relative flex aspect-[2/3] flex-col justify-between overflow-hidden rounded-xl text-white', className)}
      style={{ backgroundImage: `linear-gradient(160deg, ${from} 0%, ${to} 115%)` }}
    >
      <span className="absolute inset-0 bg-[radial-gradient(circle_at_25%_15%,rgba(255,255,255,0.22),transparent_55%)]" />
      <span className="absolute inset-[5%] rounded-[0.6rem] border border-white/15" />
      <span className="relative px-[10%] pt-[10%] text-[max(0.55rem,7cqw)] font-semibold tracking-[0.2em] text-white/70 uppercase">
        {brand ? 'Reelhouse' : null}
      </span>
      <span className="relative px-[10%] pb-[11%]">
        <span
          className={cn('line-clamp-5 leading-[1.05] font-bold tracking-tight text-balance hyphens-auto drop-shadow-[0_1px_8px_rgba(0,0,0,0.35)]', size)}
          lang="en"
        >
          {title}
        </span>
        {year && <span className="mt-[6%] block text-[max(0.65rem,8cqw)] font-medium text-white/80 tabular-nums">{year}</span>}
      </span>
    </div>
  );
}
