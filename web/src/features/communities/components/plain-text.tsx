import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

/** http(s) addresses and bare www. ones; a trailing full stop, comma or closing bracket stays text. */
const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"]+[^\s<>".,;:!?)\]'’”]/gi;

/** Splits text into strings and links; never builds HTML, so nothing in the text can run. */
export function linkify(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const start = match.index ?? 0;
    if (start > last) parts.push(text.slice(last, start));
    const raw = match[0];
    const href = raw.toLowerCase().startsWith('www.') ? `https://${raw}` : raw;
    parts.push(
      <a key={start} href={href} target="_blank" rel="noopener noreferrer nofollow ugc" className="[overflow-wrap:anywhere] text-[var(--accent)] underline underline-offset-2 hover:no-underline focus-ring rounded-sm">
        {raw}
      </a>,
    );
    last = start + raw.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

/** A discussion's or comment's text: plain text, line breaks kept, links clickable. */
export function PlainText({ text, className, testId }: { text: string; className?: string; testId?: string }) {
  return (
    <p className={cn('leading-relaxed whitespace-pre-line break-words', className)} data-testid={testId}>
      {linkify(text)}
    </p>
  );
}
