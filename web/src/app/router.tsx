import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { RedirectIfSignedIn, RequireAuth } from './guards';
import { RouteErrorBoundary, ScrollToTop } from './root-layout';

/**
 * Every route module loads on demand, so / and /home only ship what they show.
 * Routes are wouter's: a `Switch` renders its first matching `Route` (patterns are
 * case-insensitive and allow a final slash; `/*?` also matches the bare path). A
 * frame or a guard is a component around a nested `Switch`, and a `Route` without
 * a path is the fallback. Pages read the router through lib/router.tsx only.
 */
const page = <P extends object = object>(load: () => Promise<{ default: ComponentType<P> }>) => lazy(load);

const Landing = page(() => import('./routes/landing'));
const AppLayout = page<{ children: ReactNode }>(() => import('./layout/app-layout'));
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
const Diary = page(() => import('./routes/diary'));
const YearReview = page(() => import('./routes/year-review'));
const PremiumArea = page(() => import('./routes/premium-area'));
const Messages = page(() => import('./routes/messages'));
const Feed = page(() => import('./routes/feed'));
const Levels = page(() => import('./routes/levels'));
const People = page(() => import('./routes/people'));
const SettingsImport = page(() => import('./routes/settings-import'));
const SettingsAccount = page(() => import('./routes/settings-account'));
const NotificationTarget = page(() => import('./routes/notification-target'));
const Moderation = page(() => import('./routes/moderation'));
const SettingsSafety = page(() => import('./routes/settings-safety'));
const NotFound = page(() => import('./routes/not-found'));
const Info = page(() => import('./routes/info'));

/** The pages for signed-in people only; anything else here is "not found". */
function SignedInPages() {
  return (
    <RequireAuth>
      <Switch>
        <Route path="/home" component={Home} />
        <Route path="/home/:type/:id" component={TitleDetail} />
        <Route path="/profile/view" component={Profile} />
        <Route path="/profile/:username" component={Profile} />
        <Route path="/search" component={Search} />
        <Route path="/directory" component={Directory} />
        <Route path="/directory/movies" component={Directory} />
        <Route path="/directory/shows" component={Directory} />
        <Route path="/movies" component={Movies} />
        <Route path="/shows" component={Shows} />
        <Route path="/discussions" component={Discussions} />
        <Route path="/community" component={Communities} />
        <Route path="/community/:communityId" component={Community} />
        <Route path="/community/:communityId/discussions/:discussionId" component={Discussion} />
        <Route path="/lists" component={Lists} />
        <Route path="/lists/edit-list" component={ListEdit} />
        <Route path="/lists/:listId/view" component={ListView} />
        <Route path="/createDiscussion" component={CreateDiscussion} />
        <Route path="/createCommunity" component={CreateCommunity} />
        <Route path="/createList" component={CreateList} />
        <Route path="/watchlist" component={Watchlist} />
        <Route path="/diary" component={Diary} />
        <Route path="/diary/:year" component={YearReview} />
        <Route path="/messages" component={Messages} />
        <Route path="/feed" component={Feed} />
        <Route path="/levels" component={Levels} />
        <Route path="/people" component={People} />
        <Route path="/settings/import" component={SettingsImport} />
        <Route path="/settings/account" component={SettingsAccount} />
        <Route path="/settings/safety" component={SettingsSafety} />
        <Route path="/moderation" component={Moderation} />
        <Route path="/go/:kind/:id" component={NotificationTarget} />
        <Route path="/premium" component={PremiumArea} />
        <Route path="/gems/*?" component={PremiumArea} />
        <Route path="/badges" component={PremiumArea} />
        <Route component={NotFound} />
      </Switch>
    </RequireAuth>
  );
}

export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      <ScrollToTop />
      <Suspense fallback={null}>
        <Switch>
          <Route path="/" component={Landing} />
          <Route>
            <AppLayout>
              <Switch>
                {/* /onboarding and everything under it; the layout opens the modal. */}
                <Route path="/onboarding/*?" component={Onboarding} />
                {/* The pages the landing footer links to: open to everyone. */}
                <Route path="/about" component={Info} />
                <Route path="/help" component={Info} />
                <Route path="/guidelines" component={Info} />
                <Route path="/privacy" component={Info} />
                <Route path="/terms" component={Info} />
                <Route path="/login">
                  <RedirectIfSignedIn>
                    <Login />
                  </RedirectIfSignedIn>
                </Route>
                <Route>
                  <SignedInPages />
                </Route>
              </Switch>
            </AppLayout>
          </Route>
        </Switch>
      </Suspense>
    </RouteErrorBoundary>
  );
}
