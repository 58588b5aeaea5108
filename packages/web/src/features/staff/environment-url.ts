import {
  DEFAULT_SUBDOMAIN_PREFIX,
  STAFF_ENVIRONMENT_SUBDOMAINS,
  environmentUrl,
  type DomainKind,
  type StaffEnvironment,
} from '@messenger/core';
import { MESSENGER_PREFIX } from '../../router/routes';

export interface SiteDomains {
  consumer: string;
  messenger: string;
}

const ENVIRONMENT_LABELS = new Set(
  Object.values(STAFF_ENVIRONMENT_SUBDOMAINS).filter((label): label is string => label !== null),
);

/**
 * The site's base domain as seen from the current host: a leading prefix
 * label (the company's or 'www') and then an environment label are dropped,
 * so switching from 'acme.beta.example.com' lands on 'acme.sandbox.example.com'
 * rather than nesting.
 */
export function baseDomainOf(hostname: string, companyPrefix: string | null): string {
  const labels = hostname.toLowerCase().split('.');
  const prefixes = new Set([DEFAULT_SUBDOMAIN_PREFIX, (companyPrefix ?? '').toLowerCase()]);
  if (labels.length > 2 && prefixes.has(labels[0] ?? '')) labels.shift();
  if (labels.length > 2 && ENVIRONMENT_LABELS.has(labels[0] ?? '')) labels.shift();
  return labels.join('.');
}

/**
 * Both domains of the site. A deployment names them at build time
 * (VITE_CONSUMER_DOMAIN, VITE_MESSENGER_DOMAIN); otherwise both are the
 * domain this page is served from, so a switch never leaves the site.
 */
export function siteDomains(
  hostname: string,
  companyPrefix: string | null,
  configured: { consumer?: string | undefined; messenger?: string | undefined } = {},
): SiteDomains {
  const own = baseDomainOf(hostname, companyPrefix);
  return {
    consumer:
      configured.consumer !== undefined && configured.consumer !== '' ? configured.consumer : own,
    messenger:
      configured.messenger !== undefined && configured.messenger !== ''
        ? configured.messenger
        : own,
  };
}

/** The messenger's pages live on the messenger domain, everything else on the consumer one. */
export function domainKindOf(path: string): DomainKind {
  return path === MESSENGER_PREFIX || path.startsWith(`${MESSENGER_PREFIX}/`)
    ? 'messenger'
    : 'consumer';
}

/** Where choosing an environment goes: core's rule, the current page kept; null if the host cannot carry one. */
export function environmentTarget(
  environment: StaffEnvironment,
  location: { hostname: string; pathname: string },
  companyPrefix: string | null,
  configured?: { consumer?: string | undefined; messenger?: string | undefined },
): string | null {
  try {
    const url = environmentUrl({
      environment,
      domainKind: domainKindOf(location.pathname),
      baseDomains: siteDomains(location.hostname, companyPrefix, configured),
      companyPrefix: companyPrefix ?? undefined,
      path: location.pathname,
    });
    // URL parsing refuses 'www.beta.127.0.0.1' (a name ending in a number is read as IPv4).
    return new URL(url).href;
  } catch {
    // An IP address host has no subdomains to switch between.
    return null;
  }
}
