import { lazy } from 'react';

/** "Message" on a person's profile (`<MessagePersonButton userId name />` inside Suspense): its own small chunk. */
export const MessagePersonButton = lazy(() => import('./components/message-person-button'));
