import { CoreError } from '../errors';
import type { MessageDescriptor } from '../i18n';
import { staffEnvironmentMessages } from './messages';

export type StaffEnvironment = keyof typeof staffEnvironmentMessages;
export type DomainKind = 'consumer' | 'messenger';

/**
 * The subdomain label of each environment. Public is the tier everyone uses,
 * so it adds no label; Production pins the production tier ('prod'), bypassing
 * the employee beta that Public may route staff to.
 */
export const STAFF_ENVIRONMENT_SUBDOMAINS: Readonly<Record<StaffEnvironment, string | null>> = {
  public: null,
  beta: 'beta',
  sandbox: 'sandbox',
  c1: 'trunkstable',
  intern: 'intern',
  production: 'prod',
};

/** The first subdomain label when no work company is set. */
export const DEFAULT_SUBDOMAIN_PREFIX = 'www';

/** The staff environment menu (seed section 2), in the seed's order. */
export const STAFF_ENVIRONMENT_MENU: readonly {
  readonly environment: StaffEnvironment;
  readonly label: MessageDescriptor;
}[] = (['public', 'beta', 'sandbox', 'c1', 'intern', 'production'] as const).map((environment) => ({
  environment,
  label: staffEnvironmentMessages[environment],
}));

export interface EnvironmentUrlOptions {
  readonly environment: StaffEnvironment;
  readonly domainKind: DomainKind;
  readonly baseDomains: { readonly consumer: string; readonly messenger: string };
  /** The work company's subdomain; empty or absent means the default prefix. */
  readonly companyPrefix?: string | undefined;
  /** Kept as is after the host; a missing leading slash is added. Defaults to '/'. */
  readonly path?: string | undefined;
}

const DNS_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

function prefixOf(companyPrefix: string | undefined): string {
  const prefix = (companyPrefix ?? '').trim().toLowerCase();
  if (prefix === '') return DEFAULT_SUBDOMAIN_PREFIX;
  if (!DNS_LABEL.test(prefix)) {
    throw new CoreError('invalid_company_prefix', `'${prefix}' is not a valid company prefix.`);
  }
  return prefix;
}

function domainOf(domain: string): string {
  const lower = domain.trim().toLowerCase();
  if (lower === '' || !lower.split('.').every((label) => DNS_LABEL.test(label))) {
    throw new CoreError('invalid_base_domain', `'${domain}' is not a valid domain.`);
  }
  return lower;
}

/**
 * The host of an environment: '{prefix}.{environment label}.{domain}', or
 * '{prefix}.{domain}' for Public. The prefix is the work company's when set,
 * otherwise 'www'. E.g. Beta on the messenger domain for company 'acme':
 * 'acme.beta.messenger.example'.
 */
export function environmentHost(options: Omit<EnvironmentUrlOptions, 'path'>): string {
  const prefix = prefixOf(options.companyPrefix);
  const domain = domainOf(options.baseDomains[options.domainKind]);
  const label = STAFF_ENVIRONMENT_SUBDOMAINS[options.environment];
  return label === null ? `${prefix}.${domain}` : `${prefix}.${label}.${domain}`;
}

/** Where choosing an environment redirects to: always https, on the same site. */
export function environmentUrl(options: EnvironmentUrlOptions): string {
  const path = options.path ?? '/';
  return `https://${environmentHost(options)}${path.startsWith('/') ? path : `/${path}`}`;
}
