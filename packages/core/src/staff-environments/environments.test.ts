import { describe, expect, it } from 'vitest';
import { CoreError } from '../errors';
import { formatDefaultMessage } from '../i18n';
import {
  STAFF_ENVIRONMENT_MENU,
  environmentHost,
  environmentUrl,
  type StaffEnvironment,
} from './environments';

const baseDomains = { consumer: 'social.example', messenger: 'messenger.example' };

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof CoreError) return error.code;
    throw error;
  }
  return undefined;
}

describe('STAFF_ENVIRONMENT_MENU', () => {
  it('lists the seed environments in order with their labels', () => {
    expect(STAFF_ENVIRONMENT_MENU.map((item) => formatDefaultMessage(item.label))).toEqual([
      'Public',
      'Beta',
      'Sandbox',
      'C1 (trunkstable)',
      'Intern',
      'Production',
    ]);
  });
});

describe('environmentUrl', () => {
  it.each<[StaffEnvironment, string, string]>([
    ['public', 'https://www.social.example/', 'https://www.messenger.example/'],
    ['beta', 'https://www.beta.social.example/', 'https://www.beta.messenger.example/'],
    ['sandbox', 'https://www.sandbox.social.example/', 'https://www.sandbox.messenger.example/'],
    ['c1', 'https://www.trunkstable.social.example/', 'https://www.trunkstable.messenger.example/'],
    ['intern', 'https://www.intern.social.example/', 'https://www.intern.messenger.example/'],
    ['production', 'https://www.prod.social.example/', 'https://www.prod.messenger.example/'],
  ])('sends %s to the default prefix on either domain', (environment, consumer, messenger) => {
    expect(environmentUrl({ environment, domainKind: 'consumer', baseDomains })).toBe(consumer);
    expect(environmentUrl({ environment, domainKind: 'messenger', baseDomains })).toBe(messenger);
  });

  it('uses the work-company prefix when set', () => {
    expect(
      environmentUrl({
        environment: 'beta',
        domainKind: 'messenger',
        baseDomains,
        companyPrefix: 'acme',
      }),
    ).toBe('https://acme.beta.messenger.example/');
    expect(
      environmentHost({
        environment: 'public',
        domainKind: 'consumer',
        baseDomains,
        companyPrefix: ' ACME ',
      }),
    ).toBe('acme.social.example');
  });

  it('falls back to the default prefix for an empty or absent company prefix', () => {
    for (const companyPrefix of ['', '  ', undefined]) {
      expect(
        environmentHost({
          environment: 'intern',
          domainKind: 'consumer',
          baseDomains,
          companyPrefix,
        }),
      ).toBe('www.intern.social.example');
    }
  });

  it('keeps the path', () => {
    const options = { environment: 'c1', domainKind: 'consumer', baseDomains } as const;
    expect(environmentUrl({ ...options, path: '/t/42?x=1' })).toBe(
      'https://www.trunkstable.social.example/t/42?x=1',
    );
    expect(environmentUrl({ ...options, path: 't/42' })).toBe(
      'https://www.trunkstable.social.example/t/42',
    );
  });

  it.each([['acme.evil'], ['-acme'], ['acme-'], ['a/b'], ['a'.repeat(64)]])(
    'refuses the company prefix %j',
    (companyPrefix) => {
      expect(
        codeOf(() =>
          environmentUrl({
            environment: 'beta',
            domainKind: 'consumer',
            baseDomains,
            companyPrefix,
          }),
        ),
      ).toBe('invalid_company_prefix');
    },
  );

  it('accepts a 63-character company prefix', () => {
    const companyPrefix = 'a'.repeat(63);
    expect(
      environmentHost({
        environment: 'public',
        domainKind: 'consumer',
        baseDomains,
        companyPrefix,
      }),
    ).toBe(`${companyPrefix}.social.example`);
  });

  it.each([[''], ['bad domain'], ['evil.com/'], ['a..b'], ['.example']])(
    'refuses the base domain %j',
    (consumer) => {
      expect(
        codeOf(() =>
          environmentUrl({
            environment: 'beta',
            domainKind: 'consumer',
            baseDomains: { ...baseDomains, consumer },
          }),
        ),
      ).toBe('invalid_base_domain');
    },
  );

  it('lower-cases the base domain and accepts a single-label one', () => {
    expect(
      environmentHost({
        environment: 'beta',
        domainKind: 'messenger',
        baseDomains: { consumer: 'x.example', messenger: 'LOCALHOST' },
      }),
    ).toBe('www.beta.localhost');
  });
});
