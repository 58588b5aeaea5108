import { Component, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { appMessages } from '../../i18n/app-messages';
import { messengerMessages } from './messages';

interface State {
  error: unknown;
}

/**
 * Keeps a region's landmark when its data cannot be loaded (a forbidden
 * thread, a network failure): says so, and offers to try again.
 */
export class RegionErrorBoundary extends Component<
  { children: ReactNode; resetKey: string },
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
    return (
      <div role="alert" className="region-error">
        <p>
          <FormattedMessage {...messengerMessages.regionFailed} />
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
