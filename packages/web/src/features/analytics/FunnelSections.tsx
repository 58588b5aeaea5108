import { useId, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { FunnelSummary, SearchSummary } from './dashboard-client';
import { FunnelChart } from './FunnelChart';
import { analyticsMessages } from './messages';

function usePercent(): (value: number | null) => string {
  const intl = useIntl();
  return (value) =>
    value === null
      ? intl.formatMessage(analyticsMessages.notApplicable)
      : intl.formatNumber(value, { style: 'percent', maximumFractionDigits: 1 });
}

/** One funnel: how many started, how they ended, and the conversion from step to step. */
export function FunnelSection({ funnel }: { funnel: FunnelSummary }): ReactNode {
  const intl = useIntl();
  const headingId = useId();
  const percent = usePercent();
  const m = analyticsMessages;
  return (
    <section className="funnel-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{funnel.name}</h2>
      <p>
        {intl.formatMessage(m.started)}: <strong>{intl.formatNumber(funnel.started)}</strong>
      </p>
      {funnel.started === 0 ? (
        <p>{intl.formatMessage(m.noData)}</p>
      ) : (
        <div className="funnel-body">
          <table className="funnel-table">
            <caption>{intl.formatMessage(m.endsCaption, { funnel: funnel.name })}</caption>
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage(m.reason)}</th>
                <th scope="col">{intl.formatMessage(m.count)}</th>
              </tr>
            </thead>
            <tbody>
              {Object.entries(funnel.ended).map(([reason, count]) => (
                <tr key={reason}>
                  <th scope="row">{reason}</th>
                  <td>{intl.formatNumber(count)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <FunnelChart funnel={funnel} />
          <table className="funnel-table">
            <caption>{intl.formatMessage(m.stepsCaption, { funnel: funnel.name })}</caption>
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage(m.step)}</th>
                <th scope="col">{intl.formatMessage(m.reached)}</th>
                <th scope="col">{intl.formatMessage(m.conversion)}</th>
              </tr>
            </thead>
            <tbody>
              {funnel.steps.map((step) => (
                <tr key={step.action}>
                  <th scope="row">{step.action}</th>
                  <td>{intl.formatNumber(step.reached)}</td>
                  <td>{percent(step.conversion)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** Across the search surfaces: queries per session, what kind of result was picked, abandonment. */
export function SearchSection({ search }: { search: SearchSummary }): ReactNode {
  const intl = useIntl();
  const headingId = useId();
  const percent = usePercent();
  const m = analyticsMessages;
  const perSession =
    search.queries_per_session === null
      ? intl.formatMessage(m.notApplicable)
      : intl.formatNumber(search.queries_per_session, { maximumFractionDigits: 2 });
  const types = Object.entries(search.result_types).sort((a, b) => b[1] - a[1]);
  return (
    <section className="funnel-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{intl.formatMessage(m.searchTitle)}</h2>
      <dl className="funnel-figures">
        <dt>{intl.formatMessage(m.searchSessions)}</dt>
        <dd>{intl.formatNumber(search.sessions)}</dd>
        <dt>{intl.formatMessage(m.queriesPerSession)}</dt>
        <dd>{perSession}</dd>
        <dt>{intl.formatMessage(m.abandonment)}</dt>
        <dd>
          {intl.formatNumber(search.abandoned)} ({percent(search.abandonment_rate)})
        </dd>
      </dl>
      <table className="funnel-table">
        <caption>{intl.formatMessage(m.resultTypes)}</caption>
        <thead>
          <tr>
            <th scope="col">{intl.formatMessage(m.resultType)}</th>
            <th scope="col">{intl.formatMessage(m.count)}</th>
          </tr>
        </thead>
        <tbody>
          {types.map(([type, count]) => (
            <tr key={type}>
              <th scope="row">{type}</th>
              <td>{intl.formatNumber(count)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
