import { type ComponentType, lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { RedirectIfSignedIn, RequireAuth } from './guards';
import { RouteErrorBoundary, ScrollToTop } from './root-layout';

/**
 * Every route module loads on demand, so / and /home only ship what they show.
 * Declarative routes (BrowserRouter) keep React Router's data-loading runtime,
 * which this app does not use, out of the first download.
 */
const page = (load: () => Promise<{ default: ComponentType }>) => lazy(load);

const Landing = page(() => import('./routes/landing'));
const AppLayout = page(() => import('./layout/app-layout'));
const Onboarding = page(() => import('./routes/onboarding'));
const Login = page(() => import('./routes/login'));
const Home = page(() => import('./routes/home'));
const TitleDetail = page(() => import('./routes/title-detail'));
const Profile = page(() => import('./routes/profile'));
const Search = page(() => import('./routes/search'));
const Directory = page(() => import('./routes/directory'));
const Movies = page(() => import('./routes/movies'));
const Shows = page(() => import('./routes/shows'));
const Discussions = page(() => import('./routes/discussions'));
const Communities = page(() => import('./routes/communities'));
const Community = page(() => import('./routes/community'));
const Discussion = page(() => import('./routes/discussion'));
const Lists = page(() => import('./routes/lists'));
const ListEdit = page(() => import('./routes/list-edit'));
const ListView = page(() => import('./routes/list-view'));
const CreateDiscussion = page(() => import('./routes/create-discussion'));
const CreateCommunity = page(() => import('./routes/create-community'));
const CreateList = page(() => import('./routes/create-list'));
const Watchlist = page(() => import('./routes/watchlist'));
const PremiumArea = page(() => import('./routes/premium-area'));
const Messages = page(() => import('./routes/messages'));
const Feed = page(() => import('./routes/feed'));
const NotFound = page(() => import('./routes/not-found'));

export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      <ScrollToTop />
      <Suspense fallback={null}>
        <Routes>
          <Route index element={<Landing />} />
          <Route element={<AppLayout />}>
            {/* /onboarding and everything under it; the layout opens the modal. */}
            <Route path="onboarding/*" element={<Onboarding />} />
            <Route element={<RedirectIfSignedIn />}>
              <Route path="login" element={<Login />} />
            </Route>
            <Route element={<RequireAuth />}>
              <Route path="home" element={<Home />} />
              <Route path="home/:type/:id" element={<TitleDetail />} />
              <Route path="profile/view" element={<Profile />} />
              <Route path="search" element={<Search />} />
              <Route path="directory" element={<Directory />} />
              <Route path="directory/movies" element={<Directory />} />
              <Route path="directory/shows" element={<Directory />} />
              <Route path="movies" element={<Movies />} />
              <Route path="shows" element={<Shows />} />
              <Route path="discussions" element={<Discussions />} />
              <Route path="community" element={<Communities />} />
              <Route path="community/:communityId" element={<Community />} />
              <Route path="community/:communityId/discussions/:discussionId" element={<Discussion />} />
              <Route path="lists" element={<Lists />} />
              <Route path="lists/edit-list" element={<ListEdit />} />
              <Route path="lists/:listId/view" element={<ListView />} />
              <Route path="createDiscussion" element={<CreateDiscussion />} />
              <Route path="createCommunity" element={<CreateCommunity />} />
              <Route path="createList" element={<CreateList />} />
              <Route path="watchlist" element={<Watchlist />} />
              <Route path="premium" element={<PremiumArea />} />
              <Route path="gems/*" element={<PremiumArea />} />
              <Route path="badges" element={<PremiumArea />} />
              <Route path="messages" element={<Messages />} />
              <Route path="feed" element={<Feed />} />
              <Route path="*" element={<NotFound />} />
            </Route>
          </Route>
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}
