import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createApi } from '../../http/api';
import { renderWithIntl } from '../../test/render';
import { SAVE_PURPOSE_PATH } from './group-purpose-client';
import { GroupPurposeDialog, type GroupPurposeDialogProps } from './GroupPurposeDialog';

interface Posted {
  path: string;
  body: Record<string, unknown>;
}

/**
 * A fetch answering as the server does: 400 naming the field for a missing
 * purpose or a too-long name, else the stored id.
 */
function serverLike(posted: Posted[], refuse?: { field: string; message: string }) {
  return vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(init?.body as string) as Record<string, unknown>;
    const path = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    posted.push({ path, body });
    const json = (status: number, value: unknown) =>
      Promise.resolve(
        new Response(JSON.stringify(value), {
          status,
          headers: { 'content-type': 'application/json' },
        }),
      );
    if (typeof body.purpose !== 'string' || body.purpose.trim() === '') {
      return json(400, { error: { code: 'bad_request', message: 'Required', field: 'purpose' } });
    }
    if (refuse !== undefined) {
      return json(400, { error: { code: 'bad_request', ...refuse } });
    }
    return json(200, { ok: true, id: '7' });
  });
}

function renderDialog(
  fetch: typeof globalThis.fetch,
  overrides: Partial<GroupPurposeDialogProps> = {},
) {
  const onSaved = vi.fn();
  const onBack = vi.fn();
  renderWithIntl(
    <GroupPurposeDialog
      api={createApi({ fetch })}
      isOpen
      origin="omnipicker"
      initialName="Launch crew"
      community="93"
      coworkerIds={['8106', '8107']}
      onBack={onBack}
      onSaved={onSaved}
      {...overrides}
    />,
  );
  return { onSaved, onBack };
}

describe('GroupPurposeDialog', () => {
  it('shows the server refusing a missing purpose, then saves every parameter', async () => {
    const user = userEvent.setup();
    const posted: Posted[] = [];
    const { onSaved } = renderDialog(serverLike(posted));
    expect(screen.getByRole('dialog', { name: 'What is this group for?' })).toBeTruthy();
    expect(
      screen.getByRole<HTMLInputElement>('textbox', { name: 'Group name (optional)' }).value,
    ).toBe('Launch crew');

    await user.click(screen.getByRole('button', { name: 'Save and create group' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose what this group is for.');
    expect(onSaved).not.toHaveBeenCalled();

    await user.click(screen.getByRole('radio', { name: 'A project' }));
    await user.click(screen.getByRole('button', { name: 'Save and create group' }));
    await vi.waitFor(() => {
      expect(onSaved).toHaveBeenCalledWith({ id: '7', name: 'Launch crew' });
    });
    expect(posted.at(-1)).toEqual({
      path: SAVE_PURPOSE_PATH,
      body: {
        purpose: 'project',
        ref: 'omnipicker',
        name: 'Launch crew',
        community: '93',
        coworkers_to_invite: [8106, 8107],
        back_disallowed: false,
      },
    });
  });

  it('leaves out a blank name and an absent community', async () => {
    const user = userEvent.setup();
    const posted: Posted[] = [];
    const { onSaved } = renderDialog(serverLike(posted), {
      initialName: '',
      community: null,
      coworkerIds: [],
    });
    await user.click(screen.getByRole('radio', { name: 'A team' }));
    await user.click(screen.getByRole('button', { name: 'Save and create group' }));
    await vi.waitFor(() => {
      expect(onSaved).toHaveBeenCalledWith({ id: '7', name: '' });
    });
    expect(posted[0]?.body).toEqual({
      purpose: 'team',
      ref: 'omnipicker',
      coworkers_to_invite: [],
      back_disallowed: false,
    });
  });

  it("shows another field's refusal with the server's words", async () => {
    const user = userEvent.setup();
    const { onSaved } = renderDialog(
      serverLike([], { field: 'coworkers_to_invite[1]', message: 'Not a coworker of yours.' }),
    );
    await user.click(screen.getByRole('radio', { name: 'An event' }));
    await user.click(screen.getByRole('button', { name: 'Save and create group' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      "The group's purpose couldn't be saved: Not a coworker of yours.",
    );
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('goes back to the picker with Back', async () => {
    const user = userEvent.setup();
    const { onBack } = renderDialog(serverLike([]));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it('sends back_disallowed and offers no way back when it is set', async () => {
    const user = userEvent.setup();
    const posted: Posted[] = [];
    const { onBack, onSaved } = renderDialog(serverLike(posted), { backDisallowed: true });
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    await user.keyboard('{Escape}');
    expect(onBack).not.toHaveBeenCalled();
    await user.click(screen.getByRole('radio', { name: 'Socializing' }));
    await user.click(screen.getByRole('button', { name: 'Save and create group' }));
    await vi.waitFor(() => {
      expect(onSaved).toHaveBeenCalled();
    });
    expect(posted[0]?.body.back_disallowed).toBe(true);
  });

  it('says so when the server cannot be reached', async () => {
    const user = userEvent.setup();
    renderDialog(vi.fn(() => Promise.reject(new TypeError('offline'))));
    await user.click(screen.getByRole('radio', { name: 'Something else' }));
    await user.click(screen.getByRole('button', { name: 'Save and create group' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      "The group's purpose couldn't be saved. Check your connection and try again.",
    );
  });
});
