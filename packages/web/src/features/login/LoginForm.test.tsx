import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../../http/api';
import { renderWithIntl } from '../../test/render';
import { LoginForm } from './LoginForm';

function setup(onLogin = vi.fn(() => Promise.resolve())) {
  const user = userEvent.setup();
  renderWithIntl(<LoginForm onLogin={onLogin} />);
  return {
    user,
    onLogin,
    username: screen.getByRole('textbox', { name: 'Username' }),
    password: screen.getByLabelText('Password'),
    submit: screen.getByRole('button', { name: 'Log In' }),
  };
}

describe('LoginForm', () => {
  it('has labelled fields, a password input and a submit button', () => {
    const { username, password, submit } = setup();
    expect(username.getAttribute('autocomplete')).toBe('username');
    expect(password.getAttribute('type')).toBe('password');
    expect(password.getAttribute('autocomplete')).toBe('current-password');
    expect(submit.getAttribute('type')).toBe('submit');
    expect(screen.getByRole('alert').textContent).toBe('');
  });

  it('sends the trimmed username and the password', async () => {
    const { user, onLogin, username, password, submit } = setup();
    await user.type(username, '  someone.here ');
    await user.type(password, ' secret with spaces ');
    await user.click(submit);
    expect(onLogin).toHaveBeenCalledWith({
      username: 'someone.here',
      password: ' secret with spaces ',
    });
  });

  it('submits with the keyboard alone: Tab between fields, Enter to log in', async () => {
    const { user, onLogin } = setup();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Username' }));
    await user.keyboard('kbd.user');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    await user.keyboard('pw{Enter}');
    expect(onLogin).toHaveBeenCalledWith({ username: 'kbd.user', password: 'pw' });
  });

  it('refuses empty fields with a message on the field, sending nothing', async () => {
    const { user, onLogin, username, submit } = setup();
    await user.click(submit);
    expect(onLogin).not.toHaveBeenCalled();
    expect(await screen.findByText('Enter your username.')).toBeTruthy();
    expect(screen.getByText('Enter your password.')).toBeTruthy();
    expect(username.getAttribute('aria-invalid')).toBe('true');
    // The error is the field's description, so a screen reader reads it with the field.
    const describedBy = username.getAttribute('aria-describedby') ?? '';
    const descriptions = describedBy
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(descriptions).toContain('Enter your username.');
    expect(document.activeElement).toBe(username);
  });

  it('announces a wrong password in an alert, clears and focuses the password', async () => {
    const onLogin = vi.fn(() =>
      Promise.reject(new ApiError(401, 'invalid_credentials', 'Wrong username or password.')),
    );
    const { user, username, password, submit } = setup(onLogin);
    await user.type(username, 'someone');
    await user.type(password, 'wrong');
    await user.click(submit);
    await waitFor(() => {
      expect(screen.getByRole('alert').textContent).toBe('Wrong username or password.');
    });
    expect((password as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(password);
    expect((username as HTMLInputElement).value).toBe('someone');
  });

  it('says how long to wait after too many attempts (429 with retry-after)', async () => {
    const onLogin = vi.fn(() =>
      Promise.reject(new ApiError(429, 'rate_limited', 'Too many login attempts.', 30)),
    );
    const { user, username, password, submit } = setup(onLogin);
    await user.type(username, 'someone');
    await user.type(password, 'x');
    await user.click(submit);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many login attempts. Try again in 30 seconds.',
    );
  });

  it('words a 429 without retry-after, a dead network and other failures', async () => {
    const failures = [
      [new ApiError(429, 'rate_limited', 'x'), 'Too many login attempts. Try again later.'],
      [
        new NetworkError(new TypeError('fetch failed')),
        "Can't reach the server. Check your connection and try again.",
      ],
      [new ApiError(500, 'internal', 'x'), 'Something went wrong. Try again.'],
    ] as const;
    for (const [failure, text] of failures) {
      const onLogin = vi.fn(() => Promise.reject(failure));
      const { user, username, password, submit } = setup(onLogin);
      await user.type(username, 'someone');
      await user.type(password, 'x');
      await user.click(submit);
      await waitFor(() => {
        expect(screen.getByRole('alert').textContent).toBe(text);
      });
      cleanup();
    }
  });

  it('is busy while the login is on its way and does not send twice', async () => {
    let finish: () => void = () => undefined;
    const onLogin = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    const { user, username, password } = setup(onLogin);
    await user.type(username, 'someone');
    await user.type(password, 'pw{Enter}');
    screen.getByRole('button', { name: 'Logging in…' });
    await user.keyboard('{Enter}');
    expect(onLogin).toHaveBeenCalledTimes(1);
    finish();
    await screen.findByRole('button', { name: 'Log In' });
  });
});
