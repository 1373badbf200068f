import { LIST_NOTE_MAX } from '@common/contracts/lists';
import { type DragEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { CloseIcon } from '../../../components/ui/icons';
import { ArrowDownIcon, ArrowUpIcon, GripIcon } from '../../../components/ui/list-icons';
import { PosterImage } from '../../../components/ui/poster';
import { cn } from '../../../lib/cn';
import type { SelectedMedia } from '../../../lib/lists-state';

interface ListTitlesEditorProps {
  items: SelectedMedia[];
  onChange: (next: SelectedMedia[]) => void;
  /** Field errors by item index (the server's contentList.{i}.note). */
  noteErrors: Record<number, string>;
}

const controls = ['handle', 'up', 'down', 'note'] as const;
type Control = (typeof controls)[number];

function moveItem<T>(items: T[], from: number, to: number): T[] {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}

/**
 * The chosen titles in the list's order, each with a note. Reordered by
 * dragging the grip, by the up and down buttons, or with Alt+Up / Alt+Down on
 * any part of a row; every move is announced to screen readers.
 */
export function ListTitlesEditor({ items, onChange, noteErrors }: ListTitlesEditorProps) {
  const id = useId();
  const [announcement, setAnnouncement] = useState('');
  const [armed, setArmed] = useState<string | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const [dropAt, setDropAt] = useState<number | null>(null);
  const refocus = useRef<{ itemId: string; control: Control } | null>(null);
  const controlId = (itemId: string, control: Control) => `${id}-${itemId}-${control}`;

  // The moved row keeps the focus where it was (moving a node in the DOM drops it); the handle when that control is now disabled.
  useEffect(() => {
    const target = refocus.current;
    refocus.current = null;
    if (!target) return;
    const control = document.getElementById(controlId(target.itemId, target.control)) as HTMLButtonElement | null;
    (control && !control.disabled ? control : document.getElementById(controlId(target.itemId, 'handle')))?.focus();
  });

  const move = (from: number, to: number, control: Control | null) => {
    if (to < 0 || to >= items.length || from === to) return;
    const item = items[from];
    onChange(moveItem(items, from, to));
    setAnnouncement(`${item.title} moved to position ${to + 1} of ${items.length}`);
    if (control) refocus.current = { itemId: item.id, control };
  };

  const handleKeyDown = (index: number) => (event: KeyboardEvent) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    const targetId = (event.target as HTMLElement).id;
    const control = controls.find((c) => targetId === controlId(items[index].id, c)) ?? 'handle';
    move(index, event.key === 'ArrowUp' ? index - 1 : index + 1, control);
  };

  const handleDragOver = (index: number) => (event: DragEvent<HTMLLIElement>) => {
    if (dragging === null) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    const box = event.currentTarget.getBoundingClientRect();
    setDropAt(event.clientY < box.top + box.height / 2 ? index : index + 1);
  };

  const handleDrop = (event: DragEvent) => {
    event.preventDefault();
    const from = items.findIndex((i) => i.id === dragging);
    if (from >= 0 && dropAt !== null) move(from, dropAt > from ? dropAt - 1 : dropAt, null);
    endDrag();
  };

  const endDrag = () => {
    setDragging(null);
    setArmed(null);
    setDropAt(null);
  };

  const remove = (index: number) => {
    const item = items[index];
    onChange(items.filter((_, i) => i !== index));
    setAnnouncement(`${item.title} removed`);
  };

  const setNote = (index: number, note: string) => onChange(items.map((item, i) => (i === index ? { ...item, note } : item)));

  return (
    <>
      <p id={`${id}-how`} className="sr-only">
        Press Alt and the up or down arrow to move a title, or drag it by its handle.
      </p>
      <p aria-live="assertive" className="sr-only">
        {announcement}
      </p>
      <ol className="space-y-2" aria-label="Titles in this list">
        {items.map((item, index) => {
          const noteId = controlId(item.id, 'note');
          const noteError = noteErrors[index];
          return (
            <li
              key={item.id}
              draggable={armed === item.id}
              onDragStart={(event) => {
                setDragging(item.id);
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', item.title);
              }}
              onDragEnd={endDrag}
              onDragOver={handleDragOver(index)}
              onDrop={handleDrop}
              onKeyDown={handleKeyDown(index)}
              data-testid="list-item"
              className={cn(
                'relative flex gap-2 rounded-2xl border border-[var(--border)] bg-[var(--surface)] p-2 pr-1 transition-opacity duration-150 sm:gap-3 sm:p-3',
                dragging === item.id && 'opacity-40',
                dropAt === index && dragging !== null && 'before:absolute before:inset-x-2 before:-top-1.5 before:h-0.5 before:rounded before:bg-[var(--accent)]',
                dropAt === index + 1 && index === items.length - 1 && dragging !== null && 'after:absolute after:inset-x-2 after:-bottom-1.5 after:h-0.5 after:rounded after:bg-[var(--accent)]',
              )}
            >
              <div className="flex shrink-0 flex-col items-center">
                <button
                  type="button"
                  id={controlId(item.id, 'handle')}
                  aria-label={`Reorder ${item.title}, position ${index + 1} of ${items.length}`}
                  aria-describedby={`${id}-how`}
                  onPointerDown={() => setArmed(item.id)}
                  onPointerUp={() => dragging === null && setArmed(null)}
                  className="grid h-10 w-8 cursor-grab place-items-center rounded-lg text-[var(--muted)] hover:bg-[var(--surface-2)] hover:text-[var(--text)] focus-ring active:cursor-grabbing"
                >
                  <GripIcon size={18} />
                </button>
                <span className="text-xs font-semibold text-[var(--muted)] tabular-nums" aria-hidden="true">
                  {index + 1}
                </span>
              </div>
              <PosterImage id={item.id} title={item.title} year={item.year ? String(item.year) : undefined} src={item.primaryImage} width={92} mini className="w-12 shrink-0 self-start rounded-lg sm:w-14" />
              <div className="min-w-0 flex-1">
                <div className="flex items-start gap-1">
                  <p className="min-w-0 flex-1 truncate pt-0.5 text-sm font-medium text-[var(--text)]">{item.title}</p>
                  <button
                    type="button"
                    onClick={() => remove(index)}
                    aria-label={`Remove ${item.title}`}
                    className="-mt-2 -mr-1 grid h-10 w-10 shrink-0 place-items-center rounded-lg text-[var(--muted)] hover:bg-[var(--surface-2)] hover:text-[var(--danger)] focus-ring"
                  >
                    <CloseIcon size={16} />
                  </button>
                </div>
                <p className="-mt-1.5 text-xs text-[var(--muted)] tabular-nums">
                  {item.year ?? 'N/A'} · {item.type === 'tvSeries' ? 'TV Show' : 'Movie'}
                </p>
                <label htmlFor={noteId} className="sr-only">
                  Note on {item.title}
                </label>
                <textarea
                  id={noteId}
                  value={item.note}
                  onChange={(e) => setNote(index, e.target.value)}
                  maxLength={LIST_NOTE_MAX}
                  rows={item.note ? 2 : 1}
                  placeholder="Add a note (optional)"
                  aria-invalid={noteError ? true : undefined}
                  aria-describedby={noteError ? `${noteId}-error` : undefined}
                  className="mt-1.5 block w-full resize-y rounded-lg border border-[var(--border)] bg-[var(--bg)] px-2.5 py-1.5 text-sm text-[var(--text)] placeholder:text-[var(--muted)] focus-ring max-md:text-base"
                />
                <div className="mt-0.5 flex justify-between gap-2 text-xs">
                  <span id={`${noteId}-error`} className="text-[var(--danger)]">
                    {noteError}
                  </span>
                  {item.note.length > 0 && (
                    <span className={cn('tabular-nums', item.note.length >= LIST_NOTE_MAX ? 'text-[var(--danger)]' : 'text-[var(--muted)]')}>
                      {item.note.length}/{LIST_NOTE_MAX}
                    </span>
                  )}
                </div>
              </div>
              <div className="flex shrink-0 flex-col">
                <button
                  type="button"
                  id={controlId(item.id, 'up')}
                  onClick={() => move(index, index - 1, 'up')}
                  disabled={index === 0}
                  aria-label={`Move ${item.title} up`}
                  className="grid h-10 w-10 place-items-center rounded-lg text-[var(--muted)] hover:bg-[var(--surface-2)] hover:text-[var(--text)] focus-ring disabled:opacity-30 disabled:hover:bg-transparent"
                >
                  <ArrowUpIcon size={16} />
                </button>
                <button
                  type="button"
                  id={controlId(item.id, 'down')}
                  onClick={() => move(index, index + 1, 'down')}
                  disabled={index === items.length - 1}
                  aria-label={`Move ${item.title} down`}
                  className="grid h-10 w-10 place-items-center rounded-lg text-[var(--muted)] hover:bg-[var(--surface-2)] hover:text-[var(--text)] focus-ring disabled:opacity-30 disabled:hover:bg-transparent"
                >
                  <ArrowDownIcon size={16} />
                </button>
              </div>
            </li>
          );
        })}
      </ol>
    </>
  );
}
