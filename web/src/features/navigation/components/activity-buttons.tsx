import type { ReactNode } from 'react';
import { HoverCard } from '../../../components/ui/hover-card';
import { BellIcon, MessageIcon } from '../../../components/ui/icons';

const iconButton =
  'grid h-10 w-10 place-items-center rounded-full text-[var(--muted)] transition-colors duration-150 hover:bg-[var(--surface-2)] hover:text-[var(--text)] focus-ring';

function ActivityButton({ label, icon, title, body }: { label: string; icon: ReactNode; title: string; body: string }) {
  return (
    <HoverCard
      trigger={(props) => (
        <button type="button" aria-label={label} className={iconButton} {...props}>
          {icon}
        </button>
      )}
    >
      <p className="font-medium">{title}</p>
      <p className="mt-1 text-[var(--muted)]">{body}</p>
    </HoverCard>
  );
}

/** Notification bell and messages: quiet previews until those features arrive. */
export function ActivityButtons() {
  return (
    <>
      <ActivityButton
        label="Notifications"
        icon={<BellIcon />}
        title="No notifications yet"
        body="Replies, likes and community news will show up here. Notifications are coming soon."
      />
      <ActivityButton
        label="Messages"
        icon={<MessageIcon />}
        title="Your inbox is quiet"
        body="Direct messages with other fans are coming soon to Reelhouse."
      />
    </>
  );
}
