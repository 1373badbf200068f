import { Dialog } from '../../../components/ui/dialog';
import { CheckIcon, CloseIcon } from '../../../components/ui/icons';
import { LogoMark } from '../../../components/ui/logo';
import { PosterPlaceholder } from '../../../components/ui/poster-placeholder';
import { useCurrentUser } from '../../../lib/current-user';
import { useNavigate } from '../../../lib/router';
import { useNextPath } from '../hooks/use-next-path';
import { OnboardingSteps, type SelectionSearchBox } from './onboarding-steps';
import { SignInPanel } from './sign-in-panel';

const perks = ['Rate and review what you watch', 'Build lists worth sharing', 'Talk films with communities that get it'];
const wall = [
  { id: 'tt0111161', title: 'The Shawshank Redemption', year: '1994' },
  { id: 'tt6751668', title: 'Parasite', year: '2019' },
  { id: 'tt0903747', title: 'Breaking Bad', year: '2008' },
  { id: 'tt0245429', title: 'Spirited Away', year: '2001' },
  { id: 'tt0211915', title: 'Amélie', year: '2001' },
  { id: 'tt5288744', title: 'Fleabag', year: '2016' },
  { id: 'tt2543164', title: 'Arrival', year: '2016' },
  { id: 'tt0306414', title: 'The Wire', year: '2002' },
  { id: 'tt0113277', title: 'Heat', year: '1995' },
  { id: 'tt0364569', title: 'Oldboy', year: '2003' },
  { id: 'tt4975722', title: 'Moonlight', year: '2016' },
  { id: 'tt7366338', title: 'Chernobyl', year: '2019' },
];

/**
 * Sign-in, sign-up and the profile steps, over the app whenever the path starts with /onboarding. Signed in, the
 * steps open where the person left off (or at `?step=`, from the profile's Edit profile).
 */
export default function OnboardingModal({ SearchBox }: { SearchBox: SelectionSearchBox }) {
  const navigate = useNavigate();
  const { user, status } = useCurrentUser();
  // A shared link opened signed out: closing (or finishing) leads there rather than home.
  const next = useNextPath();
  const close = () => navigate(next ?? '/home');

  return (
    <Dialog
      label="Welcome to Reelhouse"
      onClose={close}
      className="flex h-dvh max-h-dvh w-screen max-w-[100vw] overflow-hidden bg-[var(--surface)] shadow-2xl shadow-black/50 sm:h-[710px] sm:max-h-[calc(100dvh-2rem)] sm:w-[900px] sm:max-w-[calc(100vw-2rem)] sm:rounded-3xl sm:border sm:border-[var(--border)]"
    >
      <aside className="relative hidden w-[42%] shrink-0 flex-col justify-between overflow-hidden bg-[#0a0f18] p-8 text-white md:flex" aria-hidden="true">
        <div className="absolute -inset-x-16 -top-10 grid rotate-[-8deg] grid-cols-3 gap-3 opacity-80">
          {wall.map((p) => (
            <PosterPlaceholder key={p.id} id={p.id} title={p.title} year={p.year} />
          ))}
        </div>
        <div className="absolute inset-0 bg-gradient-to-t from-[#0a0f18] via-[#0a0f18]/75 to-[#0a0f18]/10" />
        <div className="relative flex items-center gap-2 text-lg font-semibold">
          <LogoMark /> Reelhouse
        </div>
        <div className="relative">
          <p className="text-3xl leading-tight font-semibold text-balance">Every film has a crowd. Find yours.</p>
          <ul className="mt-5 space-y-2.5 text-sm text-white/85">
            {perks.map((perk) => (
              <li key={perk} className="flex items-center gap-2.5">
                <span className="grid h-5 w-5 place-items-center rounded-full bg-[#ff8a3d] text-[#1f0e02]">
                  <CheckIcon size={13} strokeWidth={3} />
                </span>
                {perk}
              </li>
            ))}
          </ul>
        </div>
      </aside>
      <div className="relative flex min-w-0 flex-1 flex-col overflow-y-auto">
        <div className="flex items-center justify-between px-5 pt-4 sm:px-8 sm:pt-6">
          <span className="flex items-center gap-2 font-semibold md:invisible">
            <LogoMark /> Reelhouse
          </span>
          <button
            type="button"
            onClick={close}
            aria-label="Close"
            className="grid h-10 w-10 place-items-center rounded-full text-[var(--muted)] transition-colors duration-150 hover:bg-[var(--surface-2)] hover:text-[var(--text)] focus-ring"
          >
            <CloseIcon />
          </button>
        </div>
        <div className={user ? 'flex flex-1 flex-col px-5 pt-2 pb-6 sm:px-10' : 'flex flex-1 flex-col justify-center px-5 pt-4 pb-10 sm:px-12'}>
          {user ? (
            <OnboardingSteps user={user} SearchBox={SearchBox} />
          ) : status === 'checking' ? (
            <p className="text-[var(--muted)]">Checking your session…</p>
          ) : (
            <SignInPanel headingLevel="h2" autoFocus next={next} />
          )}
        </div>
      </div>
    </Dialog>
  );
}
