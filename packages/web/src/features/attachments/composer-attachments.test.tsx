import { act, renderHook, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithIntl } from '../../test/render';
import { AddImagesButton, AttachmentTray } from './ComposerAttachments';
import { useComposerAttachments, type ComposerAttachments } from './composer-attachments';
import { previewText } from './preview';

const noToken = () => null;

function tray(images: ComposerAttachments['images']): ComposerAttachments {
  return {
    images,
    add: () => undefined,
    remove: () => undefined,
    clear: () => undefined,
    ready: [],
    uploading: images.some((i) => i.status === 'uploading'),
  };
}

describe('the composer tray', () => {
  it('shows upload progress as a named progress bar and a way to remove each image', () => {
    renderWithIntl(
      <AttachmentTray
        attachments={tray([
          { localId: 'a', name: 'cat.png', preview: 'blob:a', status: 'uploading', progress: 0.4 },
        ])}
      />,
    );
    const bar = screen.getByRole('progressbar', { name: 'Uploading cat.png' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByRole('button', { name: 'Remove cat.png' })).toBeDefined();
    expect(screen.getByRole('list', { name: 'Images to send' })).toBeDefined();
  });

  it('offers a file button for several images', () => {
    renderWithIntl(<AddImagesButton attachments={tray([])} />);
    expect(screen.getByRole('button', { name: 'Add images' })).toBeDefined();
    const input = document.querySelector('input[type="file"]');
    expect(input?.hasAttribute('multiple')).toBe(true);
    expect(input?.getAttribute('accept')).toBe('image/png,image/jpeg,image/gif,image/webp');
  });
});

describe('useComposerAttachments refusals (nothing is uploaded)', () => {
  it('refuses a file that is not an image of an allowed type, with a clear message', () => {
    const { result } = renderHook(() => useComposerAttachments(noToken));
    act(() => {
      result.current.add([
        new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }),
        new File(['hi'], 'notes.txt', { type: 'text/plain' }),
      ]);
    });
    expect(result.current.images.map((i) => i.status)).toEqual(['failed', 'failed']);
    expect(result.current.ready).toEqual([]);
    expect(result.current.uploading).toBe(false);
    renderWithIntl(<AttachmentTray attachments={result.current} />);
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'logo.svg cannot be sent: only PNG, JPEG, GIF and WebP images can.',
      'notes.txt cannot be sent: only PNG, JPEG, GIF and WebP images can.',
    ]);
  });

  it('forgets a refused image when removed', () => {
    const { result } = renderHook(() => useComposerAttachments(noToken));
    act(() => {
      result.current.add([new File(['x'], 'a.txt', { type: 'text/plain' })]);
    });
    const id = result.current.images[0]?.localId ?? '';
    act(() => {
      result.current.remove(id);
    });
    expect(result.current.images).toEqual([]);
  });
});

describe('previewText', () => {
  const format = (d: { defaultMessage: string }, v: Record<string, number>) =>
    `${d.defaultMessage}|${String(v.count)}`;

  it('keeps a text, and names images alone by their count', () => {
    expect(previewText('hello', 2, format)).toBe('hello');
    expect(previewText('', 0, format)).toBe('');
    expect(previewText('', 3, format)).toBe('{count, plural, one {An image} other {# images}}|3');
  });
});
