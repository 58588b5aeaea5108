import { Component, type ReactNode } from 'react';

interface State {
  failed: boolean;
}

/**
 * A tab whose header data cannot be loaded (a thread the viewer has left, a
 * network failure) still shows its header from the stored title, so it can
 * be closed: a broken tab must not stick in the dock across reloads.
 */
export class TabErrorBoundary extends Component<
  { children: ReactNode; fallback: ReactNode; resetKey: string },
  State
> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidUpdate(previous: { resetKey: string }): void {
    if (previous.resetKey !== this.props.resetKey && this.state.failed) {
      this.setState({ failed: false });
    }
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
