import { buttonClasses } from '../../../components/ui/button';
import { useProviders } from '../api/get-providers';

/** "Continue with {name}" per configured identity provider; nothing when there are none. */
export function ProviderButtons() {
  const { data: providers } = useProviders();
  if (!providers?.length) return null;
  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3 text-xs tracking-wide text-[var(--muted)] uppercase">
        <span className="h-px flex-1 bg-[var(--border)]" />
        or
        <span className="h-px flex-1 bg-[var(--border)]" />
      </div>
      {providers.map((provider) => (
        <a key={provider.id} href={provider.signInUrl} className={buttonClasses('secondary', 'lg', 'w-full')}>
          Continue with {provider.name}
        </a>
      ))}
    </div>
  );
}
