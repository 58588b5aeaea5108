import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { FunnelSummary } from './dashboard-client';
import { analyticsMessages } from './messages';

const WIDTH = 480;
const LABEL = 130;
const ROW = 28;
const BAR = 18;

/**
 * Instances reaching each step as horizontal bars. The picture is one image
 * to assistive technology, named with every number it shows; the table
 * beside it carries the same numbers for reading and copying.
 */
export function FunnelChart({ funnel }: { funnel: FunnelSummary }): ReactNode {
  const intl = useIntl();
  const max = Math.max(1, ...funnel.steps.map((s) => s.reached));
  const label = intl.formatMessage(analyticsMessages.chartLabel, {
    funnel: funnel.name,
    steps: funnel.steps
      .map((s) =>
        intl.formatMessage(analyticsMessages.chartStep, { step: s.action, reached: s.reached }),
      )
      .join(', '),
  });
  const height = Math.max(ROW, funnel.steps.length * ROW);
  return (
    <svg
      className="funnel-chart"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${String(WIDTH)} ${String(height)}`}
      width={WIDTH}
      height={height}
    >
      {funnel.steps.map((step, i) => {
        const y = i * ROW;
        const width = ((WIDTH - LABEL - 40) * step.reached) / max;
        return (
          <g key={step.action} aria-hidden="true">
            <text x={LABEL - 6} y={y + BAR - 4} textAnchor="end" className="funnel-chart-label">
              {step.action}
            </text>
            <rect x={LABEL} y={y + 2} width={width} height={BAR} className="funnel-chart-bar" />
            <text x={LABEL + width + 4} y={y + BAR - 4} className="funnel-chart-value">
              {step.reached}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
