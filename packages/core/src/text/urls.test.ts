import { describe, expect, it } from 'vitest';
import { findUrls } from './urls';

const links = (text: string) => findUrls(text).map((match) => match.text);

describe('findUrls: schemes and bare domains', () => {
  it('keeps an http(s) URL as its own href', () => {
    expect(findUrls('go http://example.com now')).toEqual([
      { start: 3, end: 21, text: 'http://example.com', href: 'http://example.com' },
    ]);
    expect(findUrls('HTTPS://Example.com/A')[0]?.href).toBe('HTTPS://Example.com/A');
  });

  it('gives a bare domain an https href', () => {
    expect(findUrls('example.com/path')).toEqual([
      { start: 0, end: 16, text: 'example.com/path', href: 'https://example.com/path' },
    ]);
  });

  it('needs a known TLD for a bare domain, unless it starts with www.', () => {
    expect(links('file.txt hello.world')).toEqual([]);
    expect(links('example.xyz')).toEqual([]);
    expect(links('www.example.xyz')).toEqual(['www.example.xyz']);
    expect(links('www.example.x1')).toEqual([]);
    expect(links('http://example.xyz')).toEqual(['http://example.xyz']);
  });

  it('needs two labels for a bare host but not with a scheme', () => {
    expect(links('localhost')).toEqual([]);
    expect(links('http://localhost:3000/x')).toEqual(['http://localhost:3000/x']);
  });

  it('rejects a scheme without a host', () => {
    expect(links('http:// example')).toEqual([]);
  });

  it('finds several links', () => {
    expect(links('a.com and b.org/x')).toEqual(['a.com', 'b.org/x']);
  });

  it('does not start in the middle of a word, path or address', () => {
    expect(links('xhttp://example.com')).toEqual([]);
    expect(links('foo/example.com')).toEqual([]);
    expect(links('me@example.com john.me@gmail.com')).toEqual([]);
    expect(links('a.example.com')).toEqual(['a.example.com']);
  });

  it('checks hostname labels', () => {
    expect(links('my-site.com')).toEqual(['my-site.com']);
    expect(links('-site.com')).toEqual([]);
    expect(links('site-.com')).toEqual([]);
    expect(links(`${'a'.repeat(63)}.com`)).toEqual([`${'a'.repeat(63)}.com`]);
    expect(links(`${'a'.repeat(64)}.com`)).toEqual([]);
  });
});

describe('findUrls: ports are digits', () => {
  it.each([
    ['example.com:80', 'example.com:80'],
    ['example.com:8080/a', 'example.com:8080/a'],
    ['example.com:80?q=1', 'example.com:80?q=1'],
    ['example.com:80.', 'example.com:80'],
    ['(example.com:80)', 'example.com:80'],
  ])('accepts %j', (text, link) => {
    expect(links(text)).toEqual([link]);
  });

  it.each([['example.com:80a'], ['example.com:80_'], ['http://example.com:8-0']])(
    'rejects the whole match for %j',
    (text) => {
      expect(links(text)).toEqual([]);
    },
  );

  it('ends the link before a colon that starts no port', () => {
    expect(links('example.com: great')).toEqual(['example.com']);
    expect(links('example.com:abc')).toEqual(['example.com']);
  });
});

describe('findUrls: IPv4 octets are 0-255', () => {
  it('accepts octets 0 and 255', () => {
    expect(links('0.0.0.0 255.255.255.255')).toEqual(['0.0.0.0', '255.255.255.255']);
    expect(findUrls('192.168.0.1:8080/x')[0]?.href).toBe('https://192.168.0.1:8080/x');
  });

  it.each([['256.1.1.1'], ['1.2.3.256'], ['http://1.2.3.256/x'], ['1.2.3.1000']])(
    'rejects %j',
    (text) => {
      expect(links(text)).toEqual([]);
    },
  );

  it('needs exactly four octets', () => {
    expect(links('1.2.3')).toEqual([]);
    expect(links('1.2.3.4.5')).toEqual([]);
    expect(links('1.2.3.4')).toEqual(['1.2.3.4']);
  });
});

describe('findUrls: trailing punctuation and parentheses', () => {
  it.each([['.'], [','], ['!'], ['?'], [':'], [';'], ["'"], ['?!'], ['...']])(
    'leaves trailing %j out',
    (punctuation) => {
      expect(links(`see example.com/a${punctuation}`)).toEqual(['example.com/a']);
      expect(links(`see example.com${punctuation}`)).toEqual(['example.com']);
    },
  );

  it('keeps punctuation inside the path and query', () => {
    expect(links('example.com/a.b?c=1,2!x')).toEqual(['example.com/a.b?c=1,2!x']);
  });

  it('leaves out a closing parenthesis that closes nothing in the URL', () => {
    expect(links('(see example.com/a)')).toEqual(['example.com/a']);
    expect(links('(example.com/a)).')).toEqual(['example.com/a']);
  });

  it('keeps a balanced closing parenthesis', () => {
    expect(links('en.wikipedia.org/wiki/Foo_(bar)')).toEqual(['en.wikipedia.org/wiki/Foo_(bar)']);
    expect(links('(en.wikipedia.org/wiki/Foo_(bar))')).toEqual(['en.wikipedia.org/wiki/Foo_(bar)']);
  });

  it('stops a path at whitespace, quotes and angle brackets', () => {
    expect(links('"http://x.com/a" <http://x.com/b> x.com/c\nd')).toEqual([
      'http://x.com/a',
      'http://x.com/b',
      'x.com/c',
    ]);
  });
});
