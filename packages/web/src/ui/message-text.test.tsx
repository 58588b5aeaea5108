import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithIntl } from '../test/render';
import { MessageText } from './MessageText';

describe('MessageText never interprets HTML', () => {
  it('shows a script tag as text and runs nothing', () => {
    const text = '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">';
    const { container } = renderWithIntl(<MessageText text={text} />);
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe(text);
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it.each([
    ['javascript:alert(1)'],
    ['JavaScript:alert(document.cookie)'],
    ['data:text/html,<b>x</b>'],
    ['vbscript:msgbox(1)'],
    ['http://evil.example" onmouseover="alert(1)'],
  ])('makes no unsafe link of %j', (text) => {
    const { container } = renderWithIntl(<MessageText text={text} />);
    for (const link of Array.from(container.querySelectorAll('a'))) {
      expect(link.getAttribute('href')).toMatch(/^https?:\/\//);
      expect(link.getAttribute('onmouseover')).toBeNull();
    }
    expect(container.textContent).toBe(text);
  });

  it('keeps HTML entities as typed, never decoded', () => {
    const text = 'a &lt;b&gt; &amp; &#x3C;i&#x3E; &quot;';
    const { container } = renderWithIntl(<MessageText text={text} />);
    expect(container.textContent).toBe(text);
    expect(container.querySelector('b, i')).toBeNull();
  });

  it('links http and https only, opening safely', () => {
    renderWithIntl(<MessageText text="see http://example.com/a and ftp://example.com/b" />);
    const links = screen.getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['http://example.com/a']);
    expect(links[0]?.getAttribute('rel')).toContain('noopener');
    expect(links[0]?.getAttribute('rel')).toContain('noreferrer');
  });
});

describe('MessageText emoticons at the seed boundaries (section 5)', () => {
  // Preceded by whitespace, a quote, a period or an open parenthesis.
  it.each([[''], [' '], ['\t'], ['\n'], ['"'], ["'"], ['.'], ['(']])(
    'shows an emoticon preceded by %j',
    (before) => {
      renderWithIntl(<MessageText text={`${before}:)`} />);
      expect(screen.getByRole('img', { name: 'smile' }).textContent).toBe('🙂');
    },
  );

  // Followed by whitespace, a quote, comma, period, !, ?, ), a line break or the end.
  it.each([[''], [' '], ['\t'], ['\n'], ['"'], ["'"], [','], ['.'], ['!'], ['?'], [')']])(
    'shows an emoticon followed by %j',
    (after) => {
      renderWithIntl(<MessageText text={`:)${after}`} />);
      expect(screen.getByRole('img', { name: 'smile' }).textContent).toBe('🙂');
    },
  );

  it.each([['a:)'], [':)a'], ['1:)'], [':):)'], ['x:)y']])('leaves %j as text', (text) => {
    const { container } = renderWithIntl(<MessageText text={text} />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(container.textContent).toBe(text);
  });
});
