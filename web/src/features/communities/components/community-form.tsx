import { COMMUNITY_DESCRIPTION_MAX, COMMUNITY_NAME_MAX, COMMUNITY_NAME_MIN, type Community } from '@common/contracts/communities';
import { IMAGE_MAX_BYTES } from '@common/contracts/uploads';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { CloseIcon } from '../../../components/ui/icons';
import { isApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useUploadCommunityImage } from '../api/communities';
import { fieldClass } from './bits';
import { GlobeIcon, ImageIcon, LockIcon } from './icons';

export interface CommunityFormValues {
  name: string;
  description: string;
  isPublic: boolean;
  communityImage: string | null;
}

const ACCEPTED = ['image/png', 'image/jpeg', 'image/webp'];

/** Name, description, public or private, and an image uploaded with a preview: creating and editing a community. */
export function CommunityForm({
  initial,
  submitLabel,
  onSubmit,
  busy,
  serverError,
  onCancel,
}: {
  initial?: Community;
  submitLabel: string;
  onSubmit: (values: CommunityFormValues) => void;
  busy: boolean;
  serverError: unknown;
  onCancel?: () => void;
}) {
  const id = useId();
  const [name, setName] = useState(initial?.name ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [isPublic, setIsPublic] = useState(initial?.isPublic ?? true);
  const [image, setImage] = useState<string | null>(initial?.communityImage ?? null);
  const [preview, setPreview] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const upload = useUploadCommunityImage();
  const fileRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (isApiError(serverError) && (serverError.code === 'name_taken' || serverError.message.startsWith('name'))) setNameError(serverError.message);
  }, [serverError]);

  const handleFile = (file: File | undefined) => {
    setImageError(null);
    if (!file) return;
    if (!ACCEPTED.includes(file.type)) {
      setImageError('Choose a PNG, JPEG or WebP image.');
      return;
    }
    if (file.size > IMAGE_MAX_BYTES) {
      setImageError('Choose an image of at most 5 MB.');
      return;
    }
    // A data: address, which the content security policy allows for images (blob: it does not).
    const reader = new FileReader();
    reader.onload = () => setPreview(typeof reader.result === 'string' ? reader.result : null);
    reader.readAsDataURL(file);
    setImage(null);
    upload.mutate(file, {
      onSuccess: (stored) => setImage(stored.url),
      onError: (error) => {
        setImageError(error.message);
        setPreview(null);
      },
    });
  };

  const clearImage = () => {
    setImage(null);
    setPreview(null);
    setImageError(null);
    upload.reset();
    if (fileRef.current) fileRef.current.value = '';
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed.length < COMMUNITY_NAME_MIN || trimmed.length > COMMUNITY_NAME_MAX) {
      setNameError(`The name must be ${COMMUNITY_NAME_MIN} to ${COMMUNITY_NAME_MAX} characters.`);
      return;
    }
    setNameError(null);
    onSubmit({ name: trimmed, description: description.trim(), isPublic, communityImage: image });
  };

  const shown = preview ?? image;
  const otherError = serverError && !(isApiError(serverError) && serverError.code === 'name_taken') ? (serverError as Error).message : null;

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-6">
      <div>
        <span className="block text-sm font-medium" id={`${id}-image-label`}>
          Image <span className="font-normal text-[var(--muted)]">(optional)</span>
        </span>
        <div className="mt-2 flex flex-col gap-4 sm:flex-row sm:items-center">
          <div className="relative aspect-[16/9] w-full overflow-hidden rounded-2xl border border-dashed border-[var(--border)] bg-[var(--surface-2)] sm:w-72">
            {shown ? (
              <img src={shown} alt="Preview of what you chose" className="h-full w-full object-cover" />
            ) : (
              <div className="grid h-full place-items-center text-[var(--muted)]">
                <ImageIcon size={32} />
              </div>
            )}
            {upload.isPending && (
              <div className="absolute inset-0 grid place-items-center bg-black/50 text-sm font-medium text-white" role="status">
                Uploading…
              </div>
            )}
          </div>
          <div className="flex flex-col gap-2">
            <div className="flex flex-wrap gap-2">
              <label className={cn('inline-flex h-11 cursor-pointer items-center gap-2 rounded-xl border border-[var(--border)] bg-[var(--surface-2)] px-4 text-sm font-medium hover:bg-[var(--surface-3)] focus-within:outline focus-within:outline-2 focus-within:outline-[var(--focus)]')}>
                <ImageIcon size={18} />
                {shown ? 'Choose another image' : 'Choose an image'}
                <input
                  ref={fileRef}
                  type="file"
                  accept={ACCEPTED.join(',')}
                  className="sr-only"
                  aria-labelledby={`${id}-image-label`}
                  aria-describedby={`${id}-image-help`}
                  onChange={(e) => handleFile(e.target.files?.[0])}
                />
              </label>
              {shown && (
                <Button variant="ghost" onClick={clearImage}>
                  <CloseIcon size={16} /> Remove
                </Button>
              )}
            </div>
            <p id={`${id}-image-help`} className="text-xs text-[var(--muted)]">
              PNG, JPEG or WebP, up to 5 MB. Shown at 16:9 on cards.
            </p>
            {imageError && (
              <p role="alert" className="text-sm text-[var(--danger)]">
                {imageError}
              </p>
            )}
          </div>
        </div>
      </div>

      <div>
        <label htmlFor={`${id}-name`} className="block text-sm font-medium">
          Name
        </label>
        <input
          id={`${id}-name`}
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={COMMUNITY_NAME_MAX}
          required
          autoComplete="off"
          placeholder="Slow Cinema Club"
          className={cn(fieldClass, 'mt-1.5')}
          aria-invalid={Boolean(nameError) || undefined}
          aria-describedby={nameError ? `${id}-name-error` : `${id}-name-help`}
        />
        {nameError ? (
          <p id={`${id}-name-error`} role="alert" className="mt-1 text-sm text-[var(--danger)]">
            {nameError}
          </p>
        ) : (
          <p id={`${id}-name-help`} className="mt-1 text-xs text-[var(--muted)]">
            {COMMUNITY_NAME_MIN} to {COMMUNITY_NAME_MAX} characters; no two communities share a name.
          </p>
        )}
      </div>

      <div>
        <label htmlFor={`${id}-description`} className="block text-sm font-medium">
          Description
        </label>
        <textarea
          id={`${id}-description`}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          maxLength={COMMUNITY_DESCRIPTION_MAX}
          rows={4}
          placeholder="What the community talks about, and who it is for."
          className={cn(fieldClass, 'mt-1.5 resize-y')}
        />
        <p className="mt-1 text-right text-xs text-[var(--muted)] tabular-nums">
          {description.length.toLocaleString('en')} / {COMMUNITY_DESCRIPTION_MAX.toLocaleString('en')}
        </p>
      </div>

      <fieldset>
        <legend className="text-sm font-medium">Who can join</legend>
        <div className="mt-2 grid gap-3 sm:grid-cols-2">
          {[
            { value: true, title: 'Public', text: 'Anyone can join and read its discussions.', icon: <GlobeIcon size={18} /> },
            { value: false, title: 'Private', text: 'You approve each member; only members read its discussions.', icon: <LockIcon size={18} /> },
          ].map((o) => (
            <label
              key={o.title}
              className={cn(
                'flex cursor-pointer gap-3 rounded-2xl border p-4 transition-colors duration-150 has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-[var(--focus)]',
                isPublic === o.value ? 'border-[var(--accent)] bg-[var(--accent-soft)]' : 'border-[var(--border)] bg-[var(--surface)] hover:border-[var(--surface-3)]',
              )}
            >
              <input type="radio" name={`${id}-visibility`} className="sr-only" checked={isPublic === o.value} onChange={() => setIsPublic(o.value)} />
              <span className={cn('mt-0.5', isPublic === o.value ? 'text-[var(--accent)]' : 'text-[var(--muted)]')}>{o.icon}</span>
              <span>
                <span className="block text-sm font-semibold">{o.title}</span>
                <span className="block text-xs text-[var(--muted)]">{o.text}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      {otherError && (
        <p role="alert" className="rounded-xl border border-[var(--danger)]/50 bg-[var(--danger)]/10 px-3 py-2 text-sm">
          {otherError}
        </p>
      )}

      <div className="flex flex-wrap gap-3">
        <Button type="submit" size="lg" loading={busy} disabled={upload.isPending}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button variant="ghost" size="lg" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
