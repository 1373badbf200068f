import { type ReactNode, useState } from 'react';
import { cn } from '../../lib/cn';
import { Button } from './button';
import { EyeIcon } from './icons';

/** Spoilers stay blurred until the reader asks ("Show {label}"); without `spoiler` the text shows as is. */
export function SpoilerBlock({ spoiler, label, children, className }: { spoiler: boolean; label: string; children: ReactNode; className?: string }) {
  const [revealed, setRevealed] = useState(false);
  const hidden = spoiler && !revealed;
  return (
    <div className={cn('relative', className)}>
      {spoiler && <p className="mb-1 text-[0.7rem] font-semibold tracking-wider text-[var(--danger)] uppercase">Contains spoilers</p>}
      <div className={cn(hidden && 'pointer-events-none max-h-40 overflow-hidden blur-md select-none')} aria-hidden={hidden || undefined} data-spoiler-hidden={hidden || undefined}>
        {children}
      </div>
      {hidden && (
        <div className="absolute inset-0 top-5 grid place-items-center">
          <Button variant="secondary" size="sm" onClick={() => setRevealed(true)} className="shadow-lg">
            <EyeIcon size={16} />
            Show {label}
          </Button>
        </div>
      )}
    </div>
  );
}
