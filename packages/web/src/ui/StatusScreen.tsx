import { useId, type ReactNode } from 'react';

/**
 * A full-page message (loading, errors, expired session): one main landmark
 * named by its heading, with optional actions.
 */
export function StatusScreen({
  heading,
  children,
  actions,
  busy = false,
}: {
  heading: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  busy?: boolean;
}): ReactNode {
  const headingId = useId();
  return (
    <main id="main-content" className="status-screen" aria-labelledby={headingId} aria-busy={busy}>
      <div className="status-card">
        <h1 id={headingId}>{heading}</h1>
        {children}
        {actions === undefined ? null : <div className="status-actions">{actions}</div>}
      </div>
    </main>
  );
}
