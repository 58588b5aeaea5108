import { UNSENT_MESSAGE_KIND } from '@messenger/core';
import { screen } from '@testing-library/react';
import { RelayEnvironmentProvider } from 'react-relay';
import { describe, expect, it } from 'vitest';
import type { Api } from '../../http/api';
import { createRelayEnvironment } from '../../relay/environment';
import { renderWithIntl } from '../../test/render';
import { MessageRow, type MessageRowProps } from './MessageRow';

const base: MessageRowProps = {
  messageId: 'mid.1.1',
  kind: 'text',
  editedAt: null,
  text: 'hello',
  images: [],
  sender: 'You',
  senderId: '11',
  picture: null,
  showName: false,
  own: true,
  startsRun: true,
  endsRun: true,
  timeMs: 0,
  clock: '00:00',
  fullTime: 'Thursday, 1 January 1970 at 00:00',
  separator: null,
  receipt: 'Sent',
  reactions: [],
  viewerParticipantId: '11',
  names: new Map(),
  you: 'You',
  hintId: 'hint',
  react: () => undefined,
};

function row(props: Partial<MessageRowProps>): HTMLElement {
  const api = { fetch: () => new Promise<never>(() => undefined) };
  const environment = createRelayEnvironment(api as unknown as Api, () => undefined);
  const { container } = renderWithIntl(
    <RelayEnvironmentProvider environment={environment}>
      <MessageRow {...base} {...props} />
    </RelayEnvironmentProvider>,
  );
  return container;
}

describe('the receipt under the viewer\u2019s last message (defect 9a)', () => {
  it('shows under a sent message', () => {
    const container = row({});
    expect(container.querySelector('.message-receipt')?.textContent).toBe('Sent');
  });

  it('is not shown under an unsent tombstone', () => {
    const container = row({ kind: UNSENT_MESSAGE_KIND, text: '' });
    expect(screen.getByText('You unsent a message')).toBeTruthy();
    expect(container.querySelector('.message-receipt')).toBeNull();
  });
});
