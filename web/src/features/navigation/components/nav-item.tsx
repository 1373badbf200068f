import { cn } from '../../../lib/cn';
import { NavLink } from '../../../lib/router';
import type { NavLinkItem } from '../nav-config';

export const navRowClasses = (active: boolean) =>
  cn(
    'group flex min-h-11 w-full items-center gap-3 rounded-xl px-3 text-[0.94rem] font-medium transition-colors duration-150 focus-ring lg:min-h-10',
    active
      ? 'bg-[var(--accent-soft)] text-[var(--text)] [&_svg]:text-[var(--accent)]'
      : 'text-[var(--muted)] hover:bg-[var(--surface-2)] hover:text-[var(--text)]',
  );

export function NavItem({ item, end = false }: { item: NavLinkItem; end?: boolean }) {
  const Icon = item.icon;
  return (
    <li>
      <NavLink to={item.to} end={end} className={({ isActive }) => navRowClasses(isActive)}>
        <Icon size={20} />
        {item.label}
      </NavLink>
    </li>
  );
}
