import type { ReactNode } from 'react';
import { useSession } from '../../session/SessionProvider';
// QuickPromotions first, as when it lived in analytics/: its stylesheet keeps its place.
import { QuickPromotions } from './QuickPromotions';
import { NuxPrompt } from './NuxPrompt';

// The chat sidebar's own landmark; the nux only points at it.
const chatSidebar = () => document.querySelector('.chat-sidebar');

/** The host page's onboarding, wired to the session's API. */
export function NuxRegion(): ReactNode {
  const { api } = useSession();
  return (
    <>
      <NuxPrompt api={api} target={chatSidebar} />
      <QuickPromotions api={api} />
    </>
  );
}
