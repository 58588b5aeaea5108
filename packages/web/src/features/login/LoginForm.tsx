import { useRef, useState, type ReactNode, type SyntheticEvent } from 'react';
import { Button, FieldError, Form, Input, Label, TextField } from 'react-aria-components';
import { useIntl, type IntlShape } from 'react-intl';
import { ApiError, NetworkError } from '../../http/api';
import type { Credentials } from '../../session/session-client';
import { loginMessages } from './messages';

/** The sentence shown for a failed login: the server's 401 and 429, no answer, anything else. */
export function loginErrorText(intl: IntlShape, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return intl.formatMessage(loginMessages.wrongCredentials);
    if (error.status === 429) {
      return error.retryAfterSeconds === null
        ? intl.formatMessage(loginMessages.rateLimitedLater)
        : intl.formatMessage(loginMessages.rateLimited, {
            seconds: Math.max(1, error.retryAfterSeconds),
          });
    }
  }
  if (error instanceof NetworkError) return intl.formatMessage(loginMessages.unreachable);
  return intl.formatMessage(loginMessages.failed);
}

/**
 * Username and password with React Aria fields. Empty fields are refused
 * before anything is sent (the first invalid field gets focus); a refused
 * login is announced in an alert, the password is cleared and focused.
 */
export function LoginForm({
  onLogin,
}: {
  onLogin: (credentials: Credentials) => Promise<unknown>;
}): ReactNode {
  const intl = useIntl();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);

  const submit = (event: SyntheticEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    setError(null);
    onLogin({ username: username.trim(), password }).then(
      () => {
        setPending(false);
      },
      (failure: unknown) => {
        setPending(false);
        setError(loginErrorText(intl, failure));
        setPassword('');
        passwordRef.current?.focus();
      },
    );
  };

  return (
    <Form className="login-form" onSubmit={submit} aria-describedby="login-error">
      <div id="login-error" className="form-error" role="alert">
        {error}
      </div>
      <TextField
        className="field"
        name="username"
        value={username}
        onChange={setUsername}
        isRequired
        autoComplete="username"
        validate={(value) =>
          value.trim() === '' ? intl.formatMessage(loginMessages.usernameRequired) : null
        }
      >
        <Label>{intl.formatMessage(loginMessages.username)}</Label>
        <Input autoCapitalize="none" spellCheck={false} />
        <FieldError className="field-error" />
      </TextField>
      <TextField
        className="field"
        name="password"
        type="password"
        value={password}
        onChange={setPassword}
        isRequired
        autoComplete="current-password"
        validate={(value) =>
          value === '' ? intl.formatMessage(loginMessages.passwordRequired) : null
        }
      >
        <Label>{intl.formatMessage(loginMessages.password)}</Label>
        <Input ref={passwordRef} />
        <FieldError className="field-error" />
      </TextField>
      {/* Not React Aria's isPending: its live announcer leaves a role="img" node whose label is gone. */}
      <Button type="submit" className="button button-primary" data-busy={pending || undefined}>
        {pending
          ? intl.formatMessage(loginMessages.submitting)
          : intl.formatMessage(loginMessages.submit)}
      </Button>
    </Form>
  );
}
