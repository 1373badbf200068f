import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TrashIcon } from '../../../components/ui/icons';
import { clearDraft, listsStore } from '../../../lib/lists-state';
import { toast } from '../../../lib/toast';
import { useDeleteList } from '../api/delete-list';

/** Delete, after a confirmation; then back to /lists. */
export function DeleteListButton({ listId, name, className }: { listId: string; name: string; className?: string }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteList();
  const navigate = useNavigate();
  const handleDelete = () =>
    remove.mutate(listId, {
      onSuccess: () => {
        if (listsStore.get().draftOf === listId) clearDraft();
        setConfirming(false);
        toast(`${name} deleted`, 'success');
        navigate('/lists', { replace: true });
      },
      onError: (error) => toast(error.message, 'error'),
    });
  return (
    <>
      <Button variant="ghost" className={className} onClick={() => setConfirming(true)}>
        <TrashIcon size={18} className="text-[var(--danger)]" />
        Delete list
      </Button>
      {confirming && (
        <Dialog label={`Delete ${name}?`} onClose={() => setConfirming(false)} className="mx-4 w-full max-w-md rounded-2xl border border-[var(--border)] bg-[var(--surface)] p-6 shadow-2xl">
          <h2 className="text-lg font-semibold tracking-tight text-balance">Delete “{name}”?</h2>
          <p className="mt-2 text-sm text-pretty text-[var(--muted)]">The list, its notes, likes and views are gone for good. Titles stay in the catalogue and on your watchlist.</p>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setConfirming(false)} data-autofocus>
              Keep it
            </Button>
            <Button variant="danger" onClick={handleDelete} loading={remove.isPending}>
              Delete for good
            </Button>
          </div>
        </Dialog>
      )}
    </>
  );
}
