import type { CurrentUser, SetProfileRequest } from '@common/contracts/auth';
import { type Profile, TOP_TITLES_MAX, USERNAME_PATTERN } from '@common/contracts/people';
import type { MediaSearchResult, TitleType } from '@common/contracts/titles';
import { capitalizeWords } from '@common/format';
import { safeNextPath } from '@common/next-path';
import { useQuery } from '@tanstack/react-query';
import { type ChangeEvent, type ComponentType, type FormEvent, type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { Button, Spinner } from '../../../components/ui/button';
import { CheckIcon, CloseIcon } from '../../../components/ui/icons';
import { PosterImage } from '../../../components/ui/poster';
import { ProfilePicture } from '../../../components/ui/profile-picture';
import { QueryState } from '../../../components/ui/query-state';
import { isApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { profileQueryOptions } from '../../../lib/profile';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { useCountries, useFavouriteGenreChoices, useSaveProfileStep, useUploadProfilePicture } from '../api/profile-steps';
import { countryCountText, fieldError, firstOpenStep, STEP_IDS, type StepId, suggestUsername } from './onboarding-progress';

/** The search box in its selection mode (default variant, one title type: up to 5), handed in by the app frame. */
export interface SelectionSearchBoxProps {
  variant: 'default';
  titleType: TitleType;
  selection: { selected: MediaSearchResult[]; onChange: (next: MediaSearchResult[]) => void };
  className?: string;
}
export type SelectionSearchBox = ComponentType<SelectionSearchBoxProps>;


const STEPS: Record<StepId, { eyebrow: string; title: string; lead: string; optional?: boolean }> = {
  name: { eyebrow: 'Your name', title: 'How should fans know you?', lead: 'Your display name shows on everything you post; your username makes your profile address.' },
  country: { eyebrow: 'Where you watch from', title: 'Pick your country', lead: 'Shown on your profile, next to your name.' },
  genres: { eyebrow: 'Your taste', title: 'Favourite genres', lead: 'Choose the genres you love most (up to 10).' },
  movies: { eyebrow: 'Top 5 movies', title: 'Your top 5 movies', lead: 'Search and pick the five films that made you a fan.' },
  shows: { eyebrow: 'Top 5 TV shows', title: 'Your top 5 TV shows', lead: 'Search and pick the five series you would rewatch tomorrow.' },
  picture: { eyebrow: 'Profile picture', title: 'Add a profile picture', lead: 'A face, a poster, your cat: whatever says you.', optional: true },
  bio: { eyebrow: 'Bio', title: 'Say a little about yourself', lead: 'A line or two other fans see on your profile.', optional: true },
};

const NAME_MAX = 40;
/** The numbered places of a top 5. */
const SLOTS = Array.from({ length: TOP_TITLES_MAX }, (_, i) => `slot-${i + 1}`);
const BIO_MAX = 300;
const GENRES_MAX = 10;
const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

const fieldClasses = (invalid: boolean) =>
  cn(
    'w-full rounded-xl border bg-[var(--bg)] px-4 text-base text-[var(--text)] transition-colors duration-150 focus-ring',
    invalid ? 'border-[var(--danger)]' : 'border-[var(--border)] hover:border-[var(--muted)]',
  );

interface Draft {
  displayName: string;
  username: string;
  country: string | null;
  genres: string[];
  movies: MediaSearchResult[];
  shows: MediaSearchResult[];
  imageUrl: string | null;
  bio: string;
}

/** The onboarding steps (spec 9's Reel Apprentice requirement, then picture and bio), over the app in the onboarding modal. */
export function OnboardingSteps({ user, SearchBox }: { user: CurrentUser; SearchBox: SelectionSearchBox }) {
  const profile = useQuery({ ...profileQueryOptions('me'), staleTime: 0 });
  return (
    <QueryState
      query={profile}
      loading={
        <div className="grid min-h-64 place-items-center text-[var(--muted)]" role="status" aria-label="Loading your profile">
          <Spinner className="h-6 w-6" />
        </div>
      }
      errorTitle="We could not load your profile"
      errorVariant="inline"
    >
      {(data) => <Wizard user={user} profile={data} SearchBox={SearchBox} />}
    </QueryState>
  );
}

function Wizard({ user, profile, SearchBox }: { user: CurrentUser; profile: Profile; SearchBox: SelectionSearchBox }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const asked = params.get('step');
  const next = safeNextPath(params.get('next'));
  const [step, setStep] = useState<StepId>(() => (STEP_IDS.includes(asked as StepId) ? (asked as StepId) : firstOpenStep(profile, user.onboarded, TOP_TITLES_MAX)));
  const [draft, setDraft] = useState<Draft>(() => ({
    displayName: user.displayName ? capitalizeWords(user.displayName) : '',
    username: profile.username ?? '',
    country: profile.country?.code ?? null,
    genres: profile.favouriteGenres,
    movies: profile.topMovies,
    shows: profile.topShows,
    imageUrl: profile.imageUrl,
    bio: profile.bio ?? '',
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveProfileStep();
  const index = STEP_IDS.indexOf(step);
  const meta = STEPS[step];
  const update = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors({});
  };

  const goTo = (to: StepId | null) => {
    setErrors({});
    if (to) setStep(to);
    else navigate(next ?? '/profile/view');
  };
  const nextStep = (): StepId | null => STEP_IDS[index + 1] ?? null;

  /** Each step sends what it asks for (the display name always travels: the server requires it). */
  const payloadOf = (id: StepId): SetProfileRequest | string => {
    const displayName = draft.displayName.trim();
    switch (id) {
      case 'name': {
        if (!displayName) return 'displayName:Display name is required.';
        const username = draft.username.trim();
        if (!USERNAME_PATTERN.test(username)) return 'username:Use 3 to 30 letters, digits, dots or underscores.';
        return { displayName, username };
      }
      case 'country':
        if (!draft.country) return 'country:Choose your country.';
        return { displayName, country: draft.country };
      case 'genres':
        if (draft.genres.length === 0) return 'favouriteGenres:Choose at least one genre.';
        return { displayName, favouriteGenres: draft.genres };
      case 'movies':
        if (draft.movies.length !== TOP_TITLES_MAX) return `topMovies:Pick ${TOP_TITLES_MAX} movies (${draft.movies.length} so far).`;
        return { displayName, topMovies: draft.movies.map((m) => m.id) };
      case 'shows':
        if (draft.shows.length !== TOP_TITLES_MAX) return `topShows:Pick ${TOP_TITLES_MAX} TV shows (${draft.shows.length} so far).`;
        return { displayName, topShows: draft.shows.map((m) => m.id) };
      case 'picture':
        return { displayName, imageUrl: draft.imageUrl };
      case 'bio':
        return { displayName, bio: draft.bio.trim() };
    }
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const payload = payloadOf(step);
    if (typeof payload === 'string') {
      const [field, message] = payload.split(/:(.*)/s);
      setErrors({ [field]: message });
      return;
    }
    save.mutate(payload, {
      onSuccess: () => goTo(nextStep()),
      onError: (error) => {
        if (isApiError(error) && error.status === 401) return; // handled once, globally
        const { field, message } = fieldError(error);
        setErrors({ [field ?? 'form']: message });
      },
    });
  };

  const skip = () => goTo(nextStep());

  return (
    <form onSubmit={handleSubmit} noValidate className="flex min-h-0 flex-1 flex-col gap-5" aria-labelledby="onboarding-step-title">
      <div>
        <div className="flex items-center justify-between gap-3">
          <p className="text-sm font-medium text-[var(--accent)]">
            Step {index + 1} of {STEP_IDS.length} · {meta.eyebrow}
          </p>
          {meta.optional && <span className="rounded-full bg-[var(--surface-2)] px-2.5 py-0.5 text-xs text-[var(--muted)]">Optional</span>}
        </div>
        <ol className="mt-3 flex gap-1.5" aria-hidden="true">
          {STEP_IDS.map((id, i) => (
            <li key={id} className={cn('h-1.5 flex-1 rounded-full transition-colors duration-200', i <= index ? 'bg-[var(--accent)]' : 'bg-[var(--surface-2)]')} />
          ))}
        </ol>
        <h2 id="onboarding-step-title" className="mt-4 text-2xl font-semibold tracking-tight sm:text-3xl">
          {meta.title}
        </h2>
        <p className="mt-1.5 text-[var(--muted)]">{meta.lead}</p>
      </div>

      <div className="min-h-0 flex-1">
        {step === 'name' && <NameStep draft={draft} update={update} errors={errors} />}
        {step === 'country' && <CountryStep value={draft.country} onChange={(country) => update({ country })} error={errors.country} />}
        {step === 'genres' && <GenresStep value={draft.genres} onChange={(genres) => update({ genres })} error={errors.favouriteGenres} />}
        {step === 'movies' && (
          <TitlesStep SearchBox={SearchBox} titleType="movie" value={draft.movies} onChange={(movies) => update({ movies })} error={errors.topMovies} />
        )}
        {step === 'shows' && (
          <TitlesStep SearchBox={SearchBox} titleType="tvSeries" value={draft.shows} onChange={(shows) => update({ shows })} error={errors.topShows} />
        )}
        {step === 'picture' && (
          <PictureStep name={draft.displayName} value={draft.imageUrl} onChange={(imageUrl) => update({ imageUrl })} error={errors.imageUrl} onError={(m) => setErrors({ imageUrl: m })} />
        )}
        {step === 'bio' && <BioStep value={draft.bio} onChange={(bio) => update({ bio })} error={errors.bio} />}
      </div>

      {errors.form && (
        <p role="alert" className="rounded-xl border border-[var(--danger)]/50 bg-[var(--danger)]/10 px-3 py-2 text-sm">
          {errors.form}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3 border-t border-[var(--border)] pt-4">
        {index > 0 && (
          <Button type="button" variant="ghost" onClick={() => goTo(STEP_IDS[index - 1])}>
            Back
          </Button>
        )}
        <div className="ml-auto flex items-center gap-3">
          {meta.optional ? (
            <Button type="button" variant="secondary" onClick={skip}>
              Skip
            </Button>
          ) : (
            <Button type="button" variant="ghost" onClick={() => navigate(next ?? '/home')}>
              Finish later
            </Button>
          )}
          <Button type="submit" loading={save.isPending}>
            {nextStep() ? 'Continue' : 'Finish'}
          </Button>
        </div>
      </div>
    </form>
  );
}

function FieldError({ id, children }: { id: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} role="alert" className="mt-1.5 text-sm text-[var(--danger)]">
      {children}
    </p>
  );
}

function NameStep({ draft, update, errors }: { draft: Draft; update: (p: Partial<Draft>) => void; errors: Record<string, string> }) {
  const nameId = useId();
  const userId = useId();
  // The username follows the display name until the person edits it.
  const [usernameTouched, setUsernameTouched] = useState(Boolean(draft.username));
  const handleName = (e: ChangeEvent<HTMLInputElement>) => {
    const displayName = e.target.value;
    update(usernameTouched ? { displayName } : { displayName, username: suggestUsername(displayName) });
  };
  return (
    <div className="space-y-5">
      <div>
        <div className="mb-1.5 flex items-baseline justify-between">
          <label htmlFor={nameId} className="text-sm font-medium">
            Display name
          </label>
          <span className="text-xs text-[var(--muted)] tabular-nums" aria-hidden="true">
            {draft.displayName.length}/{NAME_MAX}
          </span>
        </div>
        <input
          id={nameId}
          data-autofocus
          // biome-ignore lint/a11y/noAutofocus: the step has one job; start on its first field
          autoFocus
          required
          maxLength={NAME_MAX}
          autoComplete="nickname"
          value={draft.displayName}
          onChange={handleName}
          aria-invalid={errors.displayName ? true : undefined}
          aria-describedby={errors.displayName ? `${nameId}-error` : undefined}
          className={cn(fieldClasses(Boolean(errors.displayName)), 'h-12')}
        />
        <FieldError id={`${nameId}-error`}>{errors.displayName}</FieldError>
      </div>
      <div>
        <label htmlFor={userId} className="mb-1.5 block text-sm font-medium">
          Username
        </label>
        <div className="relative">
          <span className="pointer-events-none absolute top-1/2 left-4 -translate-y-1/2 text-[var(--muted)]" aria-hidden="true">
            @
          </span>
          <input
            id={userId}
            required
            maxLength={30}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={draft.username}
            onChange={(e) => {
              setUsernameTouched(true);
              update({ username: e.target.value.trim() });
            }}
            aria-invalid={errors.username ? true : undefined}
            aria-describedby={`${userId}-hint${errors.username ? ` ${userId}-error` : ''}`}
            className={cn(fieldClasses(Boolean(errors.username)), 'h-12 pl-9')}
          />
        </div>
        <p id={`${userId}-hint`} className="mt-1.5 text-xs text-[var(--muted)]">
          3 to 30 letters, digits, dots or underscores. Your profile: /profile/{draft.username || 'username'}
        </p>
        <FieldError id={`${userId}-error`}>{errors.username}</FieldError>
      </div>
    </div>
  );
}

function CountryStep({ value, onChange, error }: { value: string | null; onChange: (code: string) => void; error?: string }) {
  const countries = useCountries();
  const [query, setQuery] = useState('');
  const searchId = useId();
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    const all = countries.data ?? [];
    if (!q) return all;
    return all.filter((c) => c.name.toLowerCase().includes(q) || c.code.toLowerCase() === q);
  }, [countries.data, query]);
  const chosen = countries.data?.find((c) => c.code === value);
  return (
    <div className="flex h-full flex-col gap-3">
      <label htmlFor={searchId} className="sr-only">
        Search countries
      </label>
      <input
        id={searchId}
        type="search"
        // biome-ignore lint/a11y/noAutofocus: the step has one job; start on its search
        autoFocus
        placeholder="Search countries"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        className={cn(fieldClasses(false), 'h-11')}
        aria-describedby={error ? `${searchId}-error` : undefined}
      />
      <p className="text-sm text-[var(--muted)]" aria-live="polite">
        {chosen && (
          <>
            Chosen: <span className="font-medium text-[var(--text)]">{chosen.name}</span> ·{' '}
          </>
        )}
        {countryCountText(shown.length, countries.data?.length ?? 0, query.trim() !== '')}
      </p>
      <div role="radiogroup" aria-label="Country" className="h-[288px] overflow-y-auto rounded-xl border border-[var(--border)] p-1 max-sm:h-[40dvh]">
        {countries.isPending && <p className="p-3 text-sm text-[var(--muted)]">Loading countries…</p>}
        {countries.isError && <p className="p-3 text-sm text-[var(--danger)]">Could not load the countries. Close and try again.</p>}
        {countries.isSuccess && shown.length === 0 && <p className="p-3 text-sm text-[var(--muted)]">No country matches “{query.trim()}”.</p>}
        {shown.map((c) => (
          <label
            key={c.code}
            className={cn(
              'flex min-h-10 cursor-pointer items-center gap-3 rounded-lg px-3 text-sm hover:bg-[var(--surface-2)] has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-[var(--accent)]',
              value === c.code && 'bg-[var(--surface-2)] font-medium',
            )}
          >
            <input type="radio" name="country" value={c.code} checked={value === c.code} onChange={() => onChange(c.code)} className="sr-only" />
            <span className="w-7 text-xs text-[var(--muted)] tabular-nums">{c.code}</span>
            <span className="flex-1">{c.name}</span>
            {value === c.code && <CheckIcon size={16} className="text-[var(--accent)]" />}
          </label>
        ))}
      </div>
      <FieldError id={`${searchId}-error`}>{error}</FieldError>
    </div>
  );
}

function GenresStep({ value, onChange, error }: { value: string[]; onChange: (genres: string[]) => void; error?: string }) {
  const genres = useFavouriteGenreChoices();
  const errorId = useId();
  const toggle = (name: string) => {
    if (value.includes(name)) onChange(value.filter((g) => g !== name));
    else if (value.length < GENRES_MAX) onChange([...value, name]);
  };
  return (
    <div>
      <p className="mb-3 text-sm text-[var(--muted)] tabular-nums" aria-live="polite">
        {value.length} of {GENRES_MAX} chosen
      </p>
      {genres.isPending && <p className="text-sm text-[var(--muted)]">Loading genres…</p>}
      {genres.isError && <p className="text-sm text-[var(--danger)]">Could not load the genres. Close and try again.</p>}
      <ul className="flex flex-wrap gap-2" aria-label="Genres" aria-describedby={error ? errorId : undefined}>
        {genres.data?.map((name) => {
          const on = value.includes(name);
          return (
            <li key={name}>
              <button
                type="button"
                aria-pressed={on}
                disabled={!on && value.length >= GENRES_MAX}
                onClick={() => toggle(name)}
                className={cn(
                  'flex min-h-10 items-center gap-1.5 rounded-full border px-4 text-sm transition-colors duration-150 focus-ring disabled:opacity-40',
                  on ? 'border-[var(--accent)] bg-[var(--accent)] text-[var(--accent-ink)]' : 'border-[var(--border)] hover:border-[var(--muted)]',
                )}
              >
                {on && <CheckIcon size={14} strokeWidth={3} />}
                {name}
              </button>
            </li>
          );
        })}
      </ul>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

function TitlesStep({
  SearchBox,
  titleType,
  value,
  onChange,
  error,
}: { SearchBox: SelectionSearchBox; titleType: TitleType; value: MediaSearchResult[]; onChange: (next: MediaSearchResult[]) => void; error?: string }) {
  const errorId = useId();
  const noun = titleType === 'movie' ? 'movie' : 'TV show';
  return (
    <div className="space-y-4">
      <SearchBox variant="default" titleType={titleType} selection={{ selected: value, onChange }} />
      <p className="text-sm text-[var(--muted)] tabular-nums" aria-live="polite">
        {value.length} of {TOP_TITLES_MAX} chosen
      </p>
      <ol className="grid grid-cols-3 gap-3 sm:grid-cols-5" aria-label={`Your top ${noun}s`} aria-describedby={error ? errorId : undefined}>
        {SLOTS.map((slot, i) => {
          const item = value[i];
          if (!item) {
            return (
              <li key={slot} className="grid aspect-[2/3] place-items-center rounded-lg border border-dashed border-[var(--border)] text-sm text-[var(--muted)] tabular-nums">
                {i + 1}
              </li>
            );
          }
          return (
            <li key={item.id} className="relative">
              <PosterImage id={item.id} title={item.title} year={item.year ? String(item.year) : undefined} src={item.primaryImage} width={200} mini className="rounded-lg" />
              <button
                type="button"
                onClick={() => onChange(value.filter((v) => v.id !== item.id))}
                aria-label={`Remove ${item.title}`}
                className="absolute top-1 right-1 grid h-9 w-9 place-items-center rounded-full border border-[var(--border)] bg-[var(--surface)]/90 text-[var(--text)] shadow focus-ring"
              >
                <CloseIcon size={14} />
              </button>
              <p className="mt-1 truncate text-xs" title={item.title}>
                {item.title}
              </p>
            </li>
          );
        })}
      </ol>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

/** The picture types the server accepts (GIF and SVG are not: the server answers 415 for them). */
const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

function PictureStep({ name, value, onChange, error, onError }: { name: string; value: string | null; onChange: (url: string | null) => void; error?: string; onError: (m: string) => void }) {
  const upload = useUploadProfilePicture();
  const inputId = useId();
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  const handleFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!PICTURE_TYPES.includes(file.type)) return onError('Choose a JPEG, PNG or WebP image.');
    if (file.size > IMAGE_MAX_BYTES) return onError('That image is larger than 5 MB.');
    setPreview(URL.createObjectURL(file));
    upload.mutate(file, {
      onSuccess: (image) => onChange(image.url),
      onError: (err) => {
        setPreview(null);
        onError(fieldError(err).message);
      },
    });
  };

  return (
    <div className="flex flex-col items-center gap-5 py-2 text-center">
      <ProfilePicture name={name} photoURL={preview ?? value} size={144} />
      <div className="flex flex-wrap justify-center gap-3">
        <label
          htmlFor={inputId}
          className="inline-flex h-11 cursor-pointer items-center rounded-xl border border-[var(--border)] bg-[var(--surface-2)] px-4 text-sm font-medium hover:bg-[var(--surface-3)] has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-[var(--accent)]"
        >
          {value || preview ? 'Choose another picture' : 'Upload a picture'}
          <input id={inputId} type="file" accept={PICTURE_TYPES.join(',')} className="sr-only" onChange={handleFile} />
        </label>
        {(value || preview) && (
          <Button
            type="button"
            variant="ghost"
            onClick={() => {
              setPreview(null);
              onChange(null);
            }}
          >
            Remove
          </Button>
        )}
      </div>
      <p className="text-sm text-[var(--muted)]" aria-live="polite">
        {upload.isPending ? 'Uploading…' : value ? 'Looking good. Continue to save it.' : 'JPEG, PNG or WebP, up to 5 MB.'}
      </p>
      <FieldError id={`${inputId}-error`}>{error}</FieldError>
    </div>
  );
}

function BioStep({ value, onChange, error }: { value: string; onChange: (bio: string) => void; error?: string }) {
  const bioId = useId();
  return (
    <div>
      <div className="mb-1.5 flex items-baseline justify-between">
        <label htmlFor={bioId} className="text-sm font-medium">
          Bio
        </label>
        <span className="text-xs text-[var(--muted)] tabular-nums" aria-hidden="true">
          {value.length}/{BIO_MAX}
        </span>
      </div>
      <textarea
        id={bioId}
        rows={5}
        maxLength={BIO_MAX}
        // biome-ignore lint/a11y/noAutofocus: the step has one job
        autoFocus
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder="Slow cinema, 90s thrillers, anything by Agnès Varda…"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${bioId}-error` : undefined}
        className={cn(fieldClasses(Boolean(error)), 'resize-none py-3')}
      />
      <FieldError id={`${bioId}-error`}>{error}</FieldError>
    </div>
  );
}
