import {
  STAFF_ENVIRONMENT_MENU,
  staffEnvironmentMessages,
  type StaffEnvironment,
} from '@messenger/core';
import { useEffect, useState, type ReactNode } from 'react';
import {
  Button,
  Header,
  Menu,
  MenuItem,
  MenuSection,
  MenuTrigger,
  Popover,
  type Key,
} from 'react-aria-components';
import { useIntl } from 'react-intl';
import type { Api } from '../../http/api';
import { BugReportDialog } from './BugReportDialog';
import {
  environmentTarget,
  environmentsUnavailableBecause,
  type PageLocation,
} from './environment-url';
import { staffMessages } from './messages';
import {
  fetchBugReportKind,
  fetchEmployeeBeta,
  postEmployeeBeta,
  type BugReportKind,
} from './staff-client';
import './staff.css';

export interface BugNubProps {
  api: Api;
  isEmployee: boolean;
  companyPrefix: string | null;
  /** Where the page is; read when a choice is made. */
  location: () => PageLocation & { href: string };
  /** A full-page navigation (another subdomain, or a reload after the beta switch). */
  navigate: (url: string) => void;
  configuredDomains?: { consumer?: string | undefined; messenger?: string | undefined };
}

const REPORT_KEY = 'report';
const ENV_KEY_PREFIX = 'env:';

/**
 * The bug-nub (seed 2): one small fixed button whose menu has the report-a-bug
 * entry and, for staff only, the internal preferences (the Public/Beta toggle
 * and the environment switch). What non-staff may do is asked of the server,
 * which enforces the same rule on every post.
 */
export function BugNub({
  api,
  isEmployee,
  companyPrefix,
  location,
  navigate,
  configuredDomains,
}: BugNubProps): ReactNode {
  const intl = useIntl();
  const [reportKind, setReportKind] = useState<BugReportKind | null>(
    isEmployee ? 'employee' : null,
  );
  const [beta, setBeta] = useState<boolean | null>(null);
  const [betaFailed, setBetaFailed] = useState(false);
  const [reporting, setReporting] = useState(false);

  useEffect(() => {
    let live = true;
    if (!isEmployee) {
      fetchBugReportKind(api).then(
        (kind) => {
          if (live) setReportKind(kind);
        },
        () => undefined,
      );
      return () => {
        live = false;
      };
    }
    fetchEmployeeBeta(api).then(
      (enabled) => {
        if (live) setBeta(enabled);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api, isEmployee]);

  // Nothing to offer: no nub at all rather than an empty menu.
  if (reportKind === null && !isEmployee) return null;

  const switchBeta = (enabled: boolean) => {
    if (enabled === beta) return;
    setBetaFailed(false);
    postEmployeeBeta(api, { enabled, redirect: true }).then(
      (answer) => {
        setBeta(answer.enabled);
        // The next page load runs with the new setting.
        if (answer.redirect_to !== null) navigate(answer.redirect_to);
      },
      () => {
        setBetaFailed(true);
      },
    );
  };

  const onAction = (key: Key) => {
    const value = String(key);
    if (value === REPORT_KEY) {
      setReporting(true);
      return;
    }
    if (value.startsWith(ENV_KEY_PREFIX)) {
      const environment = value.slice(ENV_KEY_PREFIX.length) as StaffEnvironment;
      const target = environmentTarget(environment, location(), companyPrefix, configuredDomains);
      if (target !== null) navigate(target);
    }
  };

  const unavailable = environmentsUnavailableBecause(location(), companyPrefix, configuredDomains);
  const environmentsDisabled = unavailable !== null;
  const unavailableText =
    unavailable === null
      ? null
      : intl.formatMessage(
          unavailable.kind === 'ip_address'
            ? staffMessages.environmentsNeedDomain
            : staffMessages.environmentsBadHost,
          { host: unavailable.host },
        );

  return (
    <aside className="bug-nub" aria-label={intl.formatMessage(staffMessages.nub)}>
      <MenuTrigger>
        <Button className="bug-nub-button" aria-label={intl.formatMessage(staffMessages.nub)}>
          <span aria-hidden="true">🐞</span>
        </Button>
        <Popover className="bug-nub-popover" placement="top start">
          <Menu className="bug-nub-menu" onAction={onAction}>
            {reportKind !== null ? (
              <MenuItem id={REPORT_KEY} className="bug-nub-item">
                {intl.formatMessage(staffMessages.reportBug)}
              </MenuItem>
            ) : null}
            {isEmployee ? (
              <MenuSection
                className="bug-nub-section"
                selectionMode="single"
                disallowEmptySelection
                selectedKeys={beta === null ? [] : [beta ? 'beta' : 'public']}
                onSelectionChange={(keys) => {
                  if (keys !== 'all' && keys.size > 0) switchBeta(keys.has('beta'));
                }}
              >
                <Header className="bug-nub-header">
                  {intl.formatMessage(staffMessages.internalPreferences)}
                </Header>
                <MenuItem id="public" className="bug-nub-item">
                  {intl.formatMessage(staffEnvironmentMessages.public)}
                </MenuItem>
                <MenuItem id="beta" className="bug-nub-item">
                  {intl.formatMessage(staffEnvironmentMessages.beta)}
                </MenuItem>
              </MenuSection>
            ) : null}
            {isEmployee ? (
              <MenuSection className="bug-nub-section">
                <Header className="bug-nub-header">
                  {intl.formatMessage(staffMessages.environment)}
                  {unavailableText === null ? null : (
                    // Said once, under the heading of the disabled entries (and with the group's name).
                    <span className="bug-nub-reason">{unavailableText}</span>
                  )}
                </Header>
                {STAFF_ENVIRONMENT_MENU.map(({ environment, label }) => (
                  <MenuItem
                    key={environment}
                    id={`${ENV_KEY_PREFIX}${environment}`}
                    className="bug-nub-item"
                    isDisabled={environmentsDisabled}
                  >
                    {intl.formatMessage(label)}
                  </MenuItem>
                ))}
              </MenuSection>
            ) : null}
          </Menu>
        </Popover>
      </MenuTrigger>
      {betaFailed ? (
        <p role="alert" className="staff-error bug-nub-alert">
          {intl.formatMessage(staffMessages.betaSaveFailed)}
        </p>
      ) : null}
      {reportKind !== null ? (
        <BugReportDialog
          api={api}
          kind={reportKind}
          isOpen={reporting}
          onClose={() => {
            setReporting(false);
          }}
          pageUrl={location().href}
        />
      ) : null}
    </aside>
  );
}
