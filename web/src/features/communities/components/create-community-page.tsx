import { useNavigate } from '../../../lib/router';
import { useCreateCommunity } from '../api/communities';
import { communityPath } from './community-card';
import { CommunityForm } from './community-form';

/** /createCommunity: the creator becomes the community's admin. */
export function CreateCommunityPage() {
  const create = useCreateCommunity();
  const navigate = useNavigate();
  return (
    <div className="mx-auto max-w-2xl">
      <title>Create Community · Reelhouse</title>
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Create a community</h1>
      <p className="mt-1 mb-6 text-sm text-[var(--muted)]">Gather fans around a genre, a director or a single show. You will be its admin.</p>
      <div className="rounded-2xl border border-[var(--border)] bg-[var(--surface)] p-4 sm:p-6">
        <CommunityForm
          submitLabel="Create community"
          busy={create.isPending}
          serverError={create.error}
          onSubmit={(values) => create.mutate(values, { onSuccess: (community) => navigate(communityPath(community.communityId)) })}
        />
      </div>
    </div>
  );
}
