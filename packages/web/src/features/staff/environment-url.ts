import {
  DEFAULT_SUBDOMAIN_PREFIX,
  STAFF_ENVIRONMENT_SUBDOMAINS,
  environmentHost,
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

/** An IPv4 or IPv6 address (no labels to put an environment in). */
export function isIpAddress(hostname: string): boolean {
  return (
    /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || hostname.includes(':') || hostname.startsWith('[')
  );
}

/** This machine: 'localhost', any '*.localhost' (browsers resolve them here), 127.x or ::1. */
export function isLoopback(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return (
    host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || host === '::1'
  );
}

export interface PageLocation {
  hostname: string;
  pathname: string;
  /** 'http:' or 'https:'; kept on this machine, where there is no certificate for https. */
  protocol?: string;
  port?: string;
}

const configuredDomain = (value: string | undefined): boolean =>
  value !== undefined && value !== '';

/**
 * Where choosing an environment goes: core's rule, the current page kept;
 * null if the host cannot carry one. In development (this machine, no domain
 * configured) the environments are subdomains of 'localhost', which browsers
 * resolve to this machine, on the same protocol and port, so the switch works
 * against a local server.
 */
export function environmentTarget(
  environment: StaffEnvironment,
  location: PageLocation,
  companyPrefix: string | null,
  configured?: { consumer?: string | undefined; messenger?: string | undefined },
): string | null {
  const development =
    isLoopback(location.hostname) &&
    !configuredDomain(configured?.consumer) &&
    !configuredDomain(configured?.messenger);
  try {
    if (development) {
      const host = environmentHost({
        environment,
        domainKind: domainKindOf(location.pathname),
        baseDomains: { consumer: 'localhost', messenger: 'localhost' },
        companyPrefix: companyPrefix ?? undefined,
      });
      const port = location.port === undefined || location.port === '' ? '' : `:${location.port}`;
      return new URL(`${location.protocol ?? 'http:'}//${host}${port}${location.pathname}`).href;
    }
    const url = environmentUrl({
      environment,
      domainKind: domainKindOf(location.pathname),
      baseDomains: siteDomains(location.hostname, companyPrefix, configured),
      companyPrefix: companyPrefix ?? undefined,
      path: location.pathname,
    });
    // URL parsing refuses 'www.beta.10.0.0.12' (a name ending in a number is read as IPv4).
    return new URL(url).href;
  } catch {
    // An IP address host has no subdomains to switch between.
    return null;
  }
}

/** Why the environments cannot be switched to from here, for the menu to say; null when they can. */
export function environmentsUnavailableBecause(
  location: PageLocation,
  companyPrefix: string | null,
  configured?: { consumer?: string | undefined; messenger?: string | undefined },
): { kind: 'ip_address' | 'bad_host'; host: string } | null {
  if (environmentTarget('public', location, companyPrefix, configured) !== null) return null;
  return {
    kind: isIpAddress(location.hostname) ? 'ip_address' : 'bad_host',
    host: location.hostname,
  };
}
