import { describe, expect, it } from 'vitest';
import { safeHref } from './safe-href';

describe('safeHref', () => {
  it.each([
    ['http://example.com', 'http://example.com'],
    ['https://example.com/a?b#c', 'https://example.com/a?b#c'],
    ['HTTPS://EXAMPLE.COM', 'HTTPS://EXAMPLE.COM'],
    ['  https://example.com  ', 'https://example.com'],
  ])('accepts %j', (url, href) => {
    expect(safeHref(url)).toBe(href);
  });

  it.each([
    ['javascript:alert(1)'],
    ['JaVaScRiPt:alert(1)'],
    [' javascript:alert(1)'],
    ['java\tscript:alert(1)'],
    ['data:text/html,<b>x</b>'],
    ['vbscript:msgbox(1)'],
    ['ftp://example.com'],
    ['http:/example.com'],
    ['http:example.com'],
    ['https://'],
    ['https:///path'],
    ['//example.com'],
    ['/relative'],
    ['example.com'],
    ['https://exa mple.com'],
    ['https://example.com/a\nb'],
    ['https://example.com\\@evil.com'],
    ['https://example.com/"onmouseover="x'],
    [''],
  ])('refuses %j', (url) => {
    expect(safeHref(url)).toBeNull();
  });
});
