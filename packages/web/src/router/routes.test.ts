import { describe, expect, it } from 'vitest';
import {
  loginPathFor,
  matchPageInbox,
  matchRoute,
  pageInboxPath,
  pageThreadPath,
  safeNextPath,
} from './routes';

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

describe('the page inbox paths', () => {
  it('round-trip a page and one of its threads, under the messenger prefix', () => {
    expect(pageInboxPath('77')).toBe('/messages/page/77');
    expect(pageThreadPath('77', '900')).toBe('/messages/page/77/thread/900');
    expect(matchPageInbox(pageInboxPath('77'))).toEqual({ pageId: '77', threadId: null });
    expect(matchPageInbox(pageThreadPath('77', '900'))).toEqual({ pageId: '77', threadId: '900' });
    expect(matchRoute(pageInboxPath('77')).name).toBe('messenger');
  });

  it('takes nothing else', () => {
    for (const path of [
      '/messages',
      '/messages/page',
      '/messages/page/x',
      '/messages/page/7/t/8',
    ]) {
      expect(matchPageInbox(path)).toBeNull();
    }
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
