import { type IconProps, Svg } from './icons';

/** A cut gem: the unit of the gem ledger. Its own file, so the pages that show gems alone carry it. */
export function GemIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M6 3h12l4 6-10 12L2 9z" />
      <path d="M2 9h20M12 21 8 9l4-6 4 6-4 12" />
    </Svg>
  );
}
