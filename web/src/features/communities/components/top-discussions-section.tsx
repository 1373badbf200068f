import { Notice, noticeButtonClass, QueryState } from '../../../components/ui/query-state';
import { Link } from '../../../lib/router';
import { useTopDiscussions } from '../api/home';
import { HomeRowLoading, homeCardClass, homeRowClass } from './home-notice';
import { TopDiscussionCard } from './top-discussion-card';

/** Home "Top Discussions": loaded as its own chunk (app/routes/home.tsx), the skeleton row showing meanwhile. */
export default function TopDiscussionsSection() {
  const top = useTopDiscussions();
  return (
    <QueryState
      query={top}
      loading={<HomeRowLoading label="Loading top discussions" />}
      errorTitle="The top discussions did not load"
      errorVariant="notice"
      empty={
        <Notice
          action={
            <Link to="/createDiscussion" className={noticeButtonClass}>
              Start a discussion
            </Link>
          }
        >
          No discussions yet in the communities you can see. Start the first one.
        </Notice>
      }
    >
      {(discussions) => (
        <ul className={homeRowClass}>
          {discussions.map((d) => (
            <li key={d.discussionId} className={homeCardClass}>
              <TopDiscussionCard discussion={d} className="h-full" />
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}
