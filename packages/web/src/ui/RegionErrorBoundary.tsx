import { isErrorCode, type ErrorCode } from '@messenger/core';
import { Component, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { appMessages } from '../i18n/app-messages';

interface State {
  error: unknown;
}

/** The stable code of the GraphQL error a failed Relay query threw, if it was one. */
export function graphqlCodeOf(error: unknown): string | null {
  const source = (error as { source?: { errors?: readonly { extensions?: { code?: unknown } }[] } })
    .source;
  const code = source?.errors?.[0]?.extensions?.code;
  return typeof code === 'string' ? code : null;
}

/** The server refused the region's data for good: trying again would change nothing. */
const REFUSALS: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['forbidden', 'not_found']);

/**
 * Keeps a region's landmark when its data cannot be loaded: a refusal
 * (no such thing, or not yours) shows `refused` when given, since trying
 * again cannot help; anything else (a network failure) says so and offers
 * to try again.
 */
export class RegionErrorBoundary extends Component<
  { children: ReactNode; resetKey: string; refused?: ReactNode },
  State
> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidUpdate(previous: { resetKey: string }): void {
    if (previous.resetKey !== this.props.resetKey && this.state.error !== null) {
      this.setState({ error: null });
    }
  }

  override render(): ReactNode {
    if (this.state.error === null) return this.props.children;
    const code = graphqlCodeOf(this.state.error);
    if (this.props.refused !== undefined && isErrorCode(code) && REFUSALS.has(code))
      return this.props.refused;
    return (
      <div role="alert" className="region-error">
        <p>
          <FormattedMessage {...appMessages.regionFailed} />
        </p>
        <button
          type="button"
          className="button"
          onClick={() => {
            this.setState({ error: null });
          }}
        >
          <FormattedMessage {...appMessages.tryAgain} />
        </button>
      </div>
    );
  }
}
