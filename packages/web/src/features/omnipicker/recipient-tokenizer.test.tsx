import { rankEntries, type SearchEntry } from '@messenger/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithIntl } from '../../test/render';
import { RecipientTokenizer } from './RecipientTokenizer';
import { useTokenizer } from './use-tokenizer';

function person(id: number, title: string): SearchEntry {
  return {
    uniqueID: `friend:${String(id)}`,
    order: id,
    title,
    subtitle: null,
    keywordString: '',
    type: 'friend',
    photo: null,
    uri: null,
    auxiliaryData: {},
  };
}

const ann = person(1, 'Ann Archer');
const bob = person(2, 'Bob Baker');
const cat = person(3, 'Cat Carter');
const everyone = [ann, bob, cat];

/** The tokenizer with a local source: everyone when empty, name matches when typing. */
function Harness({
  original = [],
  searchLabel,
}: {
  original?: SearchEntry[];
  searchLabel?: string;
}): ReactNode {
  const model = useTokenizer(original);
  const query = model.state.input.trim();
  const items = query === '' ? everyone : rankEntries(query, everyone);
  return (
    <RecipientTokenizer
      model={model}
      items={items}
      searching={false}
      {...(searchLabel === undefined ? {} : { searchLabel })}
    />
  );
}

// `hidden`: an open dropdown hides the rest of the page from assistive technology.
const tokenNames = () =>
  screen.queryByRole('grid', { name: 'Recipients', hidden: true }) === null
    ? []
    : within(screen.getByRole('grid', { name: 'Recipients', hidden: true }))
        .getAllByRole('row', { hidden: true })
        .map((row) => row.textContent.replace('×', ''));

describe('RecipientTokenizer', () => {
  it('adds the first match on Enter and clears the query for the next name', async () => {
    const user = userEvent.setup();
    renderWithIntl(<Harness />);
    const input = screen.getByRole('combobox', { name: 'To' });
    await user.click(input);
    await user.keyboard('bo{Enter}');
    expect(tokenNames()).toEqual(['Bob Baker']);
    expect((input as HTMLInputElement).value).toBe('');
    await user.keyboard('ca{Enter}');
    expect(tokenNames()).toEqual(['Bob Baker', 'Cat Carter']);
  });

  it('adds a clicked option', async () => {
    const user = userEvent.setup();
    renderWithIntl(<Harness />);
    await user.click(screen.getByRole('combobox', { name: 'To' }));
    await user.click(await screen.findByRole('option', { name: 'Ann Archer' }));
    expect(tokenNames()).toEqual(['Ann Archer']);
  });

  it('removes the last token on Backspace in the empty input only', async () => {
    const user = userEvent.setup();
    renderWithIntl(<Harness />);
    const input = screen.getByRole('combobox', { name: 'To' });
    await user.click(input);
    await user.keyboard('an{Enter}bo{Enter}');
    expect(tokenNames()).toEqual(['Ann Archer', 'Bob Baker']);
    await user.keyboard('x{Backspace}');
    expect(tokenNames()).toEqual(['Ann Archer', 'Bob Baker']);
    await user.keyboard('{Backspace}');
    expect(tokenNames()).toEqual(['Ann Archer']);
  });

  it('removes a token with its remove button, named after the person', async () => {
    const user = userEvent.setup();
    renderWithIntl(<Harness />);
    await user.click(screen.getByRole('combobox', { name: 'To' }));
    await user.keyboard('an{Enter}bo{Enter}');
    await user.click(screen.getByRole('button', { name: 'Remove Ann Archer' }));
    expect(tokenNames()).toEqual(['Bob Baker']);
  });

  it('refuses an original entry, keeps it fixed and says why', async () => {
    const user = userEvent.setup();
    renderWithIntl(<Harness original={[ann]} />);
    expect(tokenNames()).toEqual(['Ann Archer']);
    expect(screen.queryByRole('button', { name: 'Remove Ann Archer' })).toBeNull();
    const input = screen.getByRole('combobox', { name: 'To' });
    await user.click(input);
    await user.keyboard('an{Enter}');
    expect(screen.getByRole('alert').textContent).toBe(
      'Ann Archer is already in this conversation.',
    );
    expect(tokenNames()).toEqual(['Ann Archer']);
    // Backspace never removes an original entry.
    await user.clear(input);
    await user.keyboard('{Backspace}');
    expect(tokenNames()).toEqual(['Ann Archer']);
  });

  it('closes its dropdown on Escape without the Escape reaching what is around it', async () => {
    const user = userEvent.setup();
    const around: string[] = [];
    renderWithIntl(
      <div
        onKeyDown={(event) => {
          around.push(event.key);
        }}
      >
        <Harness />
      </div>,
    );
    const input = screen.getByRole('combobox', { name: 'To' });
    await user.click(input);
    await user.keyboard('bo');
    expect(screen.getByRole('listbox')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(around).not.toContain('Escape');
    // Closed, a second Escape is for the surface around (a dialog closes on it).
    await user.keyboard('{Escape}');
    expect(around).toContain('Escape');
    expect(tokenNames()).toEqual([]);
  });

  it('names its dropdown with the surface wording it is given', async () => {
    const user = userEvent.setup();
    renderWithIntl(<Harness searchLabel="Search Work Chat" />);
    await user.click(screen.getByRole('combobox', { name: 'To' }));
    expect(await screen.findByRole('listbox', { name: /^Search Work Chat/ })).toBeTruthy();
  });
});
