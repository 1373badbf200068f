import { LEVELS } from '@common/contracts/levels';
import { type ReactNode, useEffect } from 'react';
import { INFO_LINKS } from '../../lib/info-links';
import { Link, useLocation } from '../../lib/router';

/** The pages the landing footer links to, one route each (app/routes/info.tsx). */
export type InfoPageId = 'about' | 'help' | 'guidelines' | 'privacy' | 'terms';

function Page({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-2xl py-6 sm:py-10">
      <title>{`${title} · Reelhouse`}</title>
      <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-3 text-lg text-[var(--muted)]">{lead}</p>
      <div className="mt-8 space-y-8">{children}</div>
      <nav aria-label="More about Reelhouse" className="mt-12 border-t border-[var(--border)] pt-6 text-sm">
        <ul className="flex flex-wrap gap-x-5 gap-y-2">
          {INFO_LINKS.map((l) => (
            <li key={l.to}>
              <Link to={l.to} className="inline-flex min-h-10 items-center text-[var(--muted)] hover:text-[var(--text)] focus-ring sm:min-h-8">
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </article>
  );
}

function Part({ id, title, children }: { id?: string; title: string; children: ReactNode }) {
  return (
    <section id={id} className="scroll-mt-20">
      <h2 className="text-xl font-semibold tracking-tight">{title}</h2>
      <div className="mt-3 space-y-3 leading-relaxed text-[var(--text)]/90 [&_li]:ml-5 [&_li]:list-disc [&_ul]:space-y-1.5">{children}</div>
    </section>
  );
}

const A = ({ to, children }: { to: string; children: ReactNode }) => (
  <Link to={to} className="font-medium text-[var(--accent)] underline-offset-2 hover:underline focus-ring">
    {children}
  </Link>
);

function About() {
  return (
    <Page title="About Reelhouse" lead="Reelhouse is a community for people who love films and series: a place to keep track of what you watch and to talk about it.">
      <Part title="What you can do here">
        <ul>
          <li>Find movies and TV series, see where to watch them, and rate and review what you saw.</li>
          <li>Keep a watchlist and a diary, build lists and share them.</li>
          <li>Join communities, start discussions, follow people and message them.</li>
          <li>Climb the levels from Reel Apprentice to Reel Savant and earn gems on the way.</li>
        </ul>
      </Part>
      <Part title="Where the film data comes from">
        <p>
          Titles, years, genres and IMDb ratings come from IMDb's public datasets (for personal and non-commercial use) and
          from JustWatch exports; posters and upcoming releases from TMDB when the server has a TMDB key. Each title page
          shows the figures it uses. Ratings and reviews by Reelhouse members are their own.
        </p>
      </Part>
      <Part title="Your data goes with you">
        <p>
          Bring your history in from Letterboxd, IMDb or Trakt, and download everything you added at any time from{' '}
          <A to="/settings/account">your account settings</A>.
        </p>
      </Part>
    </Page>
  );
}

function Help() {
  return (
    <Page title="Help centre" lead="Short answers to the questions people ask most. Signed in, the links below open the pages they name.">
      <Part id="how-it-works" title="How it works">
        <p>
          Sign in with your e-mail: we send a link that signs you in, no password needed. The first time, the same link
          creates your account and asks for a display name; the rest of your profile is optional.
        </p>
        <p>
          A sign-in link works once and for 15 minutes. If it expired, ask for a new one on the <A to="/login">sign-in page</A>. A
          link someone shared with you (a list, a title, a discussion, a profile) opens once you are signed in.
        </p>
      </Part>
      <Part id="on-your-phone" title="On your phone">
        <p>
          Reelhouse runs in your phone's browser: scan the code on the home page or open the same address. There is no App Store
          or Google Play app yet; to keep Reelhouse one tap away, add the page to your home screen from the browser's Share or
          menu button.
        </p>
      </Part>
      <Part id="levels-and-gems" title="Levels and gems">
        <p>
          Everyone starts as Reel Apprentice. Each level asks for a little more: completing your profile, rating and reviewing
          titles, joining communities and starting discussions. The ladder: {LEVELS.map((l) => l.name).join(', ')}.
        </p>
        <p>
          Reaching a level from Reel Buff on earns gems (10 for Reel Buff, up to 1000 for Reel Savant). Gems buy profile
          badges; you can also buy bundles of gems. See your progress on <A to="/levels">Levels</A> and your balance and history
          on <A to="/gems">Gems</A>.
        </p>
      </Part>
      <Part id="premium" title="Premium">
        <p>
          Premiere (4.99 a month) and Platinum (49.99 a year) show your badge on your profile picture. A plan is paid one period
          at a time and does not renew by itself; cancel it in <A to="/premium">Premium</A>.
        </p>
      </Part>
      <Part id="safety" title="Safety">
        <p>
          Block or mute anyone from their profile; report a review, discussion, comment or list from its menu. Moderators read
          every report. Choose what notifies you in <A to="/settings/safety">Safety and notifications</A>, and read the{' '}
          <A to="/guidelines">community guidelines</A>.
        </p>
      </Part>
      <Part id="account" title="Your account">
        <p>
          Export your data or close your account in <A to="/settings/account">Account settings</A>. Closing it deletes your
          profile, ratings, reviews, lists and messages.
        </p>
      </Part>
    </Page>
  );
}

function Guidelines() {
  return (
    <Page title="Community guidelines" lead="Reelhouse works when people can disagree about films without disliking each other. A few rules keep it that way.">
      <Part title="Be kind to people, honest about films">
        <ul>
          <li>Criticise the film, never the person who liked it. No insults, harassment, threats or hate.</li>
          <li>Mark spoilers. Reviews and comments have a spoiler switch: use it for anything a first viewer would not want to know.</li>
          <li>Stay on topic in communities; each community's admin may set its own rules on top of these.</li>
        </ul>
      </Part>
      <Part title="Keep it real">
        <ul>
          <li>One person, one account. No fake reviews, rating campaigns or bought likes.</li>
          <li>No spam, advertising or links to pirated copies.</li>
          <li>Post only images you may share; nothing sexual, violent or illegal.</li>
        </ul>
      </Part>
      <Part title="What happens when someone breaks them">
        <p>
          Report what breaks these rules from its menu. A community's admin can remove posts and members of their community;
          Reelhouse moderators can hide content anywhere and suspend accounts. A suspended account is signed out and what it
          wrote leaves what others read.
        </p>
      </Part>
    </Page>
  );
}

function Privacy() {
  return (
    <Page title="Privacy" lead="What Reelhouse keeps about you, why, and how you take it out again.">
      <Part title="What we keep">
        <ul>
          <li>Your e-mail address, to send sign-in links. It is never shown to other members.</li>
          <li>Your profile: display name, username, picture, bio, country and favourite titles, as you fill them in.</li>
          <li>What you do here: ratings, reviews, watchlist, diary, lists, communities, discussions, comments, follows and messages.</li>
          <li>Purchases of gems and plans, and the gems you earned and spent.</li>
        </ul>
      </Part>
      <Part title="Who sees it">
        <p>
          Your profile, reviews, public lists and posts in public communities are public to members. Private lists are yours
          alone; posts in a private community are for its members; messages are for the people in the conversation. Blocked
          people do not see your activity.
        </p>
      </Part>
      <Part title="Cookies">
        <p>
          One cookie, <code className="rounded bg-[var(--surface-2)] px-1">idToken</code>, keeps you signed in for up to 30
          days. There are no advertising or tracking cookies. The theme you pick is kept in your browser.
        </p>
      </Part>
      <Part title="Your choices">
        <p>
          Download everything you added, or close your account (which deletes it), in <A to="/settings/account">Account
          settings</A>. Payments, when real ones are switched on, go through Stripe, which keeps the card details; Reelhouse never
          sees them.
        </p>
      </Part>
    </Page>
  );
}

function Terms() {
  return (
    <Page title="Terms of use" lead="The short version: use Reelhouse to talk about films and series, respect other people, and own what you write.">
      <Part title="Your account">
        <p>
          You need an e-mail address you can read to sign in. Keep your sign-in links to yourself; anyone who opens one signs in
          as you. You may close your account at any time.
        </p>
      </Part>
      <Part title="What you post">
        <p>
          You own your reviews, lists, discussions and pictures, and you let Reelhouse show them to the members who may see
          them. Follow the <A to="/guidelines">community guidelines</A>; content that breaks them may be removed, and accounts
          that keep breaking them suspended.
        </p>
      </Part>
      <Part title="Gems and plans">
        <p>
          Gems and badges have no cash value and cannot be exchanged or transferred. Plans are paid one period at a time and do
          not renew by themselves. A server running in test mode (it says TEST MODE at checkout) takes no money at all.
        </p>
      </Part>
      <Part title="Film data">
        <p>
          Film and series data comes from IMDb's datasets, JustWatch and TMDB, under their terms; it is shown for reference and
          may be incomplete. Reelhouse is provided as it is, without a promise that it is always available.
        </p>
      </Part>
    </Page>
  );
}

const PAGES: Record<InfoPageId, () => ReactNode> = { about: About, help: Help, guidelines: Guidelines, privacy: Privacy, terms: Terms };

export function InfoPage({ page }: { page: InfoPageId }) {
  const { hash } = useLocation();
  // A footer link to a part (/help#premium): that part, once the page is there.
  useEffect(() => {
    if (hash.length > 1) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
  const Component = PAGES[page];
  return <Component />;
}
