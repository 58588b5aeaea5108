import type { ReactNode } from 'react';
import { useSession } from '../../session/SessionProvider';
import type { Viewer } from '../../session/session-client';
import { BugNub } from './BugNub';

export interface BugNubRegionProps {
  viewer: Viewer;
}

const browserLocation = () => ({
  hostname: window.location.hostname,
  pathname: window.location.pathname,
  protocol: window.location.protocol,
  port: window.location.port,
  href: window.location.href,
});

const navigate = (url: string) => {
  window.location.assign(url);
};

const configuredDomains = {
  consumer: import.meta.env.VITE_CONSUMER_DOMAIN as string | undefined,
  messenger: import.meta.env.VITE_MESSENGER_DOMAIN as string | undefined,
};

/** The bug-nub wired to the session's API and the browser's location. */
export function BugNubRegion({ viewer }: BugNubRegionProps): ReactNode {
  const { api } = useSession();
  return (
    <BugNub
      api={api}
      isEmployee={viewer.is_employee}
      companyPrefix={viewer.company_prefix}
      location={browserLocation}
      navigate={navigate}
      configuredDomains={configuredDomains}
    />
  );
}
