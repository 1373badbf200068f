import { RATING_MAX } from '@common/contracts/ratings';
import { useId, useState } from 'react';
import { StarIcon, StarOutlineIcon } from '../../../components/ui/icons';
import { cn } from '../../../lib/cn';

interface StarPickerProps {
  value: number | null;
  onChange: (value: number) => void;
  disabled?: boolean;
  label: string;
}

/** Ten stars as native radio buttons (arrow keys move between them); hover previews, a press chooses. */
export function StarPicker({ value, onChange, disabled = false, label }: StarPickerProps) {
  const name = useId();
  const [preview, setPreview] = useState<number | null>(null);
  const shown = preview ?? value ?? 0;
  return (
    <fieldset disabled={disabled}>
      <legend className="sr-only">{label}</legend>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: leaving the stars ends the hover preview; the radios inside are the controls */}
      <div className="flex" onMouseLeave={() => setPreview(null)}>
        {Array.from({ length: RATING_MAX }, (_, i) => i + 1).map((n) => (
          <label
            key={n}
            onMouseEnter={() => !disabled && setPreview(n)}
            className={cn(
              'relative grid h-10 w-7 cursor-pointer place-items-center rounded-md has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-[var(--accent)] sm:h-9',
              disabled && 'cursor-not-allowed opacity-50',
              n <= shown ? 'text-[var(--rating)]' : 'text-[var(--muted)]',
            )}
          >
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              onClick={() => value === n && onChange(n)}
              aria-label={`${n} out of ${RATING_MAX}`}
              className="absolute inset-0 m-0 cursor-pointer appearance-none opacity-0 disabled:cursor-not-allowed"
            />
            {n <= shown ? <StarIcon size={22} /> : <StarOutlineIcon size={22} />}
          </label>
        ))}
      </div>
      <p className="mt-0.5 h-5 text-sm font-semibold tabular-nums" aria-hidden="true">
        {shown ? `${shown}/10` : ''}
      </p>
    </fieldset>
  );
}
