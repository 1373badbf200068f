import { FeaturesGrid } from './features-grid';
import { Hero } from './hero';
import { LandingFooter } from './landing-footer';
import { LandingTopBar } from './landing-top-bar';

export function LandingPage() {
  return (
    <>
      <LandingTopBar />
      <main id="main">
        <Hero />
        <FeaturesGrid />
      </main>
      <LandingFooter />
    </>
  );
}
