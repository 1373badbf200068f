import { lazy } from 'react';

export { MessagesButton } from './components/messages-button';

/** "Message" on a person's profile (`<MessagePersonButton userId name />`): its own small chunk. */
export const MessagePersonButton = lazy(() => import('./components/message-person-button'));
