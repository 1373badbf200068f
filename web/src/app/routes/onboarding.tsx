import { PosterPlaceholder } from '../../components/ui/poster-placeholder';

const backdrop = [
  'The Godfather', 'Spirited Away', 'Parasite', 'The Wire', 'Amélie', 'Heat', 'Fleabag', 'Alien',
  'In the Mood for Love', 'Succession', 'Arrival', 'Dark', 'Moonlight', 'Chernobyl', 'Oldboy', 'Paddington 2',
  'Twin Peaks', 'Whiplash', 'Mad Men', 'Rashomon', 'Shōgun', 'Her', 'Atlanta', 'Jaws',
];

/** /onboarding: a quiet poster wall behind the onboarding modal (the layout opens the modal). */
export default function OnboardingRoute() {
  return (
    <>
      <title>Welcome · Reelhouse</title>
      <div aria-hidden="true" className="pointer-events-none fixed inset-0 top-16 overflow-hidden opacity-35">
        <div className="grid grid-cols-3 gap-3 p-3 sm:grid-cols-5 lg:grid-cols-8">
          {backdrop.map((title) => (
            <PosterPlaceholder key={title} id={title} title={title} />
          ))}
        </div>
      </div>
    </>
  );
}
