import { Component, type ReactNode } from 'react';
import { Button } from 'react-aria-components';
import { FormattedMessage } from 'react-intl';
import { appMessages } from '../i18n/app-messages';
import { StatusScreen } from '../ui/StatusScreen';

interface State {
  error: unknown;
}

/**
 * Catches what a route throws while rendering or loading, chiefly a chunk that
 * could not be loaded even after the bootload reload (app/bootload.ts), and
 * offers a full reload instead of a blank page.
 */
export class RouteErrorBoundary extends Component<
  { children: ReactNode; onReload?: () => void },
  State
> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override render(): ReactNode {
    if (this.state.error === null) return this.props.children;
    const reload =
      this.props.onReload ??
      (() => {
        window.location.reload();
      });
    return (
      <StatusScreen
        // A class component cannot use hooks: FormattedMessage reads the intl context.
        heading={<FormattedMessage {...appMessages.bootloadFailedTitle} />}
        actions={
          <Button className="button button-primary" onPress={reload}>
            <FormattedMessage {...appMessages.reload} />
          </Button>
        }
      >
        <p>
          <FormattedMessage {...appMessages.bootloadFailedBody} />
        </p>
      </StatusScreen>
    );
  }
}
