import { describe, expect, it } from 'vitest';
import { loginPathFor, matchRoute, safeNextPath } from './routes';

describe('matchRoute', () => {
  it('knows the host page, login and the messenger prefix', () => {
    expect(matchRoute('/')).toEqual({ name: 'host' });
    expect(matchRoute('/login')).toEqual({ name: 'login' });
    expect(matchRoute('/messages')).toEqual({ name: 'messenger', rest: '' });
    expect(matchRoute('/messages/requests/t/9')).toEqual({
      name: 'messenger',
      rest: '/requests/t/9',
    });
  });

  it('does not take look-alikes', () => {
    expect(matchRoute('/messagesx').name).toBe('not-found');
    expect(matchRoute('/login/x').name).toBe('not-found');
    expect(matchRoute('/graphql').name).toBe('not-found');
  });
});

describe('safeNextPath', () => {
  it('keeps paths of this app', () => {
    expect(safeNextPath('/messages/thread/3?x=1')).toBe('/messages/thread/3?x=1');
  });

  it('refuses other origins, odd forms and the login page itself', () => {
    for (const next of [
      null,
      '',
      'https://evil.example/',
      '//evil.example',
      '/\\evil',
      '/login',
      '/login?next=/',
    ]) {
      expect(safeNextPath(next)).toBe('/');
    }
  });

  it('builds the login path with next, omitting the home page', () => {
    expect(loginPathFor('/')).toBe('/login');
    expect(loginPathFor('/messages/thread/4')).toBe('/login?next=%2Fmessages%2Fthread%2F4');
  });
});
