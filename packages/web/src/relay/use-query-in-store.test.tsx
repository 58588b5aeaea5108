import { act, render, screen } from '@testing-library/react';
import { Component, Suspense, useMemo, type ReactNode } from 'react';
import {
  createOperationDescriptor,
  Environment,
  Network,
  RecordSource,
  Store,
  type GraphQLResponse,
} from 'relay-runtime';
import { describe, expect, it, vi } from 'vitest';
import DirectConversationQuery from '../features/conversation/__generated__/DirectConversationQuery.graphql';
import { WithRelayServices } from '../test/relay-services';
import { useQueryInStore } from './use-query-in-store';

const VARIABLES = { userId: 'u1' };
const PAYLOAD: GraphQLResponse = {
  data: {
    direct_thread: { user_id: 'u1', restriction: 'not_found', thread: null, recipient: null },
  },
};

/** An environment whose requests wait until the test answers them. */
function controlledEnvironment() {
  const pending: { resolve: (r: GraphQLResponse) => void; reject: (e: Error) => void }[] = [];
  const network = Network.create(
    () =>
      new Promise<GraphQLResponse>((resolve, reject) => {
        pending.push({ resolve, reject });
      }),
  );
  const environment = new Environment({ network, store: new Store(new RecordSource()) });
  return { environment, pending };
}

function Probe({ onEarlyData }: { onEarlyData?: () => void }): ReactNode {
  const variables = useMemo(() => VARIABLES, []);
  const ready = useQueryInStore(DirectConversationQuery, variables, onEarlyData);
  return <p role="status">{ready ? 'ready' : 'loading'}</p>;
}

/** Suspends for ever: the siblings in its boundary render but are never committed. */
function Never(): ReactNode {
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- how a component suspends
  throw new Promise<never>(() => undefined);
}

class Catch extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render(): ReactNode {
    return this.state.error === null ? this.props.children : <p role="alert">failed</p>;
  }
}

function mount(environment: Environment, ui: ReactNode) {
  return render(
    <WithRelayServices environment={environment} viewerId="me">
      <Catch>
        <Suspense fallback={<p>suspense fallback</p>}>{ui}</Suspense>
      </Catch>
    </WithRelayServices>,
  );
}

describe('useQueryInStore', () => {
  it('shows its own loading state (never a Suspense fallback), sends one request, then is ready', async () => {
    const { environment, pending } = controlledEnvironment();
    const onEarlyData = vi.fn();
    mount(environment, <Probe onEarlyData={onEarlyData} />);
    expect(screen.getByRole('status').textContent).toBe('loading');
    expect(screen.queryByText('suspense fallback')).toBeNull();
    // The request sent while rendering and the mounted component's share one.
    expect(pending).toHaveLength(1);
    await act(async () => {
      pending[0]?.resolve(PAYLOAD);
      await Promise.resolve();
    });
    expect(screen.getByRole('status').textContent).toBe('ready');
    // Mounted before the data came: its own state update shows it, the parent is not asked.
    expect(onEarlyData).not.toHaveBeenCalled();
  });

  it('is ready at once, without a request, when the data is already in the store', () => {
    const { environment, pending } = controlledEnvironment();
    environment.commitPayload(
      createOperationDescriptor(DirectConversationQuery, VARIABLES),
      PAYLOAD.data,
    );
    mount(environment, <Probe />);
    expect(screen.getByRole('status').textContent).toBe('ready');
    expect(pending).toHaveLength(0);
  });

  it('throws a failed request to the error boundary', async () => {
    const { environment, pending } = controlledEnvironment();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mount(environment, <Probe />);
    await act(async () => {
      pending[0]?.reject(new Error('network down'));
      await Promise.resolve();
    });
    screen.getByRole('alert');
    logged.mockRestore();
  });

  it('asks the parent to render again when the data arrives before it was ever committed', async () => {
    const { environment, pending } = controlledEnvironment();
    const onEarlyData = vi.fn();
    mount(
      environment,
      <>
        <Probe onEarlyData={onEarlyData} />
        <Never />
      </>,
    );
    screen.getByText('suspense fallback');
    expect(pending).toHaveLength(1);
    await act(async () => {
      pending[0]?.resolve(PAYLOAD);
      await Promise.resolve();
    });
    // Once per uncommitted render of it (React pre-renders suspended siblings again).
    expect(onEarlyData).toHaveBeenCalled();
  });
});
