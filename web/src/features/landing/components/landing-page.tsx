import { lazy, Suspense } from 'react';
import { FeaturesGrid } from './features-grid';
import { Hero } from './hero';
import { LandingFooter } from './landing-footer';
import { LandingTopBar } from './landing-top-bar';

/** Said only while the catalogue is empty or being imported (a first start); its own small chunk. */
const CatalogueNotice = lazy(() => import('../../../components/catalogue-notice'));

export function LandingPage() {
  return (
    <>
      <LandingTopBar />
      <main id="main">
        <Suspense fallback={null}>
          <div className="mx-auto max-w-6xl px-4 pt-6 empty:hidden sm:px-6">
            <CatalogueNotice />
          </div>
        </Suspense>
        <Hero />
        <FeaturesGrid />
      </main>
      <LandingFooter />
    </>
  );
}
