import { Link } from '../../../lib/router';
import { useTopDiscussions } from '../api/home';
import { HomeNotice, HomeRowLoading, homeCardClass, homeRowClass, noticeButtonClass } from './home-notice';
import { TopDiscussionCard } from './top-discussion-card';

/** Home "Top Discussions": loaded as its own chunk (app/routes/home.tsx), the skeleton row showing meanwhile. */
export default function TopDiscussionsSection() {
  const top = useTopDiscussions();
  if (top.isPending) return <HomeRowLoading label="Loading top discussions" />;
  if (top.isError) {
    return (
      <HomeNotice action={<button type="button" className={noticeButtonClass} onClick={() => top.refetch()}>Try again</button>}>
        The top discussions did not load. {top.error.message}
      </HomeNotice>
    );
  }
  if (top.data.length === 0) {
    return (
      <HomeNotice action={<Link to="/createDiscussion" className={noticeButtonClass}>Start a discussion</Link>}>
        No discussions yet in the communities you can see. Start the first one.
      </HomeNotice>
    );
  }
  return (
    <ul className={homeRowClass}>
      {top.data.map((d) => (
        <li key={d.discussionId} className={homeCardClass}>
          <TopDiscussionCard discussion={d} className="h-full" />
        </li>
      ))}
    </ul>
  );
}
