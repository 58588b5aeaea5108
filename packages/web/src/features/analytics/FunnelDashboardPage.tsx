import { useEffect, useState, type ReactNode } from 'react';
import { Button, Form, Input, Label, Link, TextField } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { ApiError } from '../../http/api';
import { MESSENGER_PREFIX } from '../../router/routes';
import type { Viewer } from '../../session/session-client';
import { useSession } from '../../session/SessionProvider';
import { AppHeader } from '../../ui/AppHeader';
import { InlineLoading } from '../../ui/InlineLoading';
import { StatusScreen } from '../../ui/StatusScreen';
import { useDocumentTitle } from '../../ui/document-title';
import { AppearanceMenu } from '../appearance/AppearanceMenu';
import { FullscreenToggle } from '../leave-page/FullscreenToggle';
import { fetchFunnelStats, type FunnelDashboardData } from './dashboard-client';
import { FunnelSection, SearchSection } from './FunnelSections';
import { analyticsMessages } from './messages';
import './analytics.css';

/** The refusal for anyone but staff; the server refuses them too (403). */
function StaffOnly(): ReactNode {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage(analyticsMessages.staffOnlyTitle));
  return (
    <StatusScreen
      heading={intl.formatMessage(analyticsMessages.staffOnlyTitle)}
      actions={
        <Link className="button" href={MESSENGER_PREFIX}>
          {intl.formatMessage(analyticsMessages.backToMessages)}
        </Link>
      }
    >
      <p>{intl.formatMessage(analyticsMessages.staffOnlyBody)}</p>
    </StatusScreen>
  );
}

type Load =
  | { status: 'loading' }
  | { status: 'ready'; data: FunnelDashboardData }
  | { status: 'forbidden' }
  | { status: 'failed'; message: string };

export interface FunnelDashboardPageProps {
  viewer: Viewer;
}

/** Staff: each funnel's starts, ends by reason and step conversion, and the search summary. */
export function FunnelDashboardPage({ viewer }: FunnelDashboardPageProps): ReactNode {
  if (!viewer.is_employee) return <StaffOnly />;
  return <Dashboard viewer={viewer} />;
}

function Dashboard({ viewer }: FunnelDashboardPageProps): ReactNode {
  const intl = useIntl();
  const { api } = useSession();
  const m = analyticsMessages;
  useDocumentTitle(intl.formatMessage(m.dashboardTitle));
  const [range, setRange] = useState<{ from?: string; to?: string }>({});
  const [draft, setDraft] = useState({ from: '', to: '' });
  const [load, setLoad] = useState<Load>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    setLoad({ status: 'loading' });
    fetchFunnelStats(api, range).then(
      (data) => {
        if (!live) return;
        setLoad({ status: 'ready', data });
        setDraft({ from: data.from, to: data.to });
      },
      (error: unknown) => {
        if (!live) return;
        if (error instanceof ApiError && error.status === 403) setLoad({ status: 'forbidden' });
        else setLoad({ status: 'failed', message: (error as Error).message });
      },
    );
    return () => {
      live = false;
    };
  }, [api, range]);

  if (load.status === 'forbidden') return <StaffOnly />;
  return (
    <div className="messenger-page">
      <AppHeader
        viewerName={viewer.name}
        tools={
          <>
            <AppearanceMenu />
            <FullscreenToggle />
          </>
        }
      />
      <main
        id="main-content"
        className="funnel-dashboard"
        aria-labelledby="funnel-dashboard-title"
        aria-busy={load.status === 'loading'}
      >
        <h1 id="funnel-dashboard-title">{intl.formatMessage(m.dashboardTitle)}</h1>
        <Form
          className="funnel-range"
          aria-label={intl.formatMessage(m.dateRange)}
          onSubmit={(event) => {
            event.preventDefault();
            setRange({ from: draft.from, to: draft.to });
          }}
        >
          <TextField
            value={draft.from}
            onChange={(from) => {
              setDraft((d) => ({ ...d, from }));
            }}
          >
            <Label>{intl.formatMessage(m.from)}</Label>
            <Input type="date" />
          </TextField>
          <TextField
            value={draft.to}
            onChange={(to) => {
              setDraft((d) => ({ ...d, to }));
            }}
          >
            <Label>{intl.formatMessage(m.to)}</Label>
            <Input type="date" />
          </TextField>
          <Button type="submit" className="button button-primary">
            {intl.formatMessage(m.apply)}
          </Button>
        </Form>
        {load.status === 'loading' ? <InlineLoading /> : null}
        {load.status === 'failed' ? (
          <p role="alert">{intl.formatMessage(m.loadFailed, { message: load.message })}</p>
        ) : null}
        {load.status === 'ready' ? (
          <>
            <p role="status">
              {intl.formatMessage(m.rangeShown, { from: load.data.from, to: load.data.to })}
            </p>
            {load.data.truncated ? <p>{intl.formatMessage(m.truncated)}</p> : null}
            <SearchSection search={load.data.search} />
            {load.data.funnels.map((funnel) => (
              <FunnelSection key={funnel.name} funnel={funnel} />
            ))}
          </>
        ) : null}
      </main>
    </div>
  );
}
