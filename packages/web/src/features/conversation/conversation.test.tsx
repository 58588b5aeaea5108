import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithIntl } from '../../test/render';
import { newOfflineThreadingId } from '../composer-field/offline-threading-id';
import { MessageText } from '../../ui/MessageText';
import { receiptState } from './receipts';

describe('MessageText', () => {
  it('shows emoticons as named images and links with safe hrefs, never HTML', () => {
    renderWithIntl(<MessageText text={'hi :) <b>x</b> see example.com and javascript:alert(1)'} />);
    expect(screen.getByRole('img', { name: 'smile' }).textContent).toBe('🙂');
    const link = screen.getByRole('link', { name: 'example.com' });
    expect(link.getAttribute('href')).toBe('https://example.com');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(document.querySelector('b')).toBeNull();
    expect(document.body.textContent).toContain('<b>x</b>');
  });
});

describe('receiptState', () => {
  const marks = (read: number, delivered: number) => ({
    id: '2',
    last_read_seq: read,
    last_delivered_seq: delivered,
  });
  const viewer = { id: '1', last_read_seq: 9, last_delivered_seq: 9 };

  it('is seen, delivered or sent by the least advanced other participant', () => {
    expect(receiptState(5, [viewer, marks(5, 5)], '1')).toBe('seen');
    expect(receiptState(5, [viewer, marks(4, 5)], '1')).toBe('delivered');
    expect(receiptState(5, [viewer, marks(4, 4)], '1')).toBe('sent');
    expect(receiptState(5, [viewer, marks(5, 5), { ...marks(1, 1), id: '3' }], '1')).toBe('sent');
  });
});

describe('newOfflineThreadingId', () => {
  it('is a fresh id of letters and digits for each message', () => {
    const a = newOfflineThreadingId();
    const b = newOfflineThreadingId();
    expect(a).toMatch(/^[0-9A-Za-z]{32}$/);
    expect(a).not.toBe(b);
  });
});
