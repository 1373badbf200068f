import { useId, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { TrashIcon } from '../../../components/ui/icons';
import { clearDraft, listsStore } from '../../../lib/lists-state';
import { useNavigate } from '../../../lib/router';
import { toast } from '../../../lib/toast';
import { useDeleteList } from '../api/delete-list';

/**
 * Delete, after a confirmation in the platform's modal dialog (focus kept
 * inside, Escape and "Keep it" close it); then back to /lists.
 */
export function DeleteListButton({ listId, name, className }: { listId: string; name: string; className?: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const remove = useDeleteList();
  const navigate = useNavigate();
  const handleDelete = () =>
    remove.mutate(listId, {
      onSuccess: () => {
        if (listsStore.get().draftOf === listId) clearDraft();
        dialog.current?.close();
        toast(`${name} deleted`, 'success');
        navigate('/lists', { replace: true });
      },
      onError: (error) => toast(error.message, 'error'),
    });
  return (
    <>
      <Button variant="ghost" className={className} onClick={() => dialog.current?.showModal()}>
        <TrashIcon size={18} className="text-[var(--danger)]" />
        Delete list
      </Button>
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl border border-[var(--border)] bg-[var(--surface)] p-6 text-[var(--text)] shadow-2xl backdrop:bg-black/65 backdrop:backdrop-blur-sm open:animate-pop-in"
      >
        <h2 id={`${id}-title`} className="text-lg font-semibold tracking-tight text-balance">
          Delete “{name}”?
        </h2>
        <p id={`${id}-text`} className="mt-2 text-sm text-pretty text-[var(--muted)]">
          The list, its notes, likes and views are gone for good. The titles stay in the catalogue and on your watchlist.
        </p>
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => dialog.current?.close()} autoFocus>
            Keep it
          </Button>
          <Button variant="danger" onClick={handleDelete} loading={remove.isPending}>
            Delete for good
          </Button>
        </div>
      </dialog>
    </>
  );
}
