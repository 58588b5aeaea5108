import { avatarColour } from '@messenger/core';
import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Face } from './Face';

describe('Face', () => {
  it('shows the picture when there is one, hidden from screen readers', () => {
    const { container } = render(<Face id="7" name="Ann Lee" src="https://img.test/ann.jpg" />);
    const face = container.querySelector('.face');
    expect(face?.getAttribute('aria-hidden')).toBe('true');
    expect(face?.querySelector('img')?.getAttribute('src')).toBe('https://img.test/ann.jpg');
    expect(face?.textContent).toBe('');
  });

  it("generates initials on the id's colour without a picture", () => {
    const { container } = render(<Face id="7" name="Ann Lee" src={null} />);
    const face = container.querySelector<HTMLElement>('.face');
    expect(face?.querySelector('[data-initials]')?.getAttribute('data-initials')).toBe('AL');
    expect(face?.querySelector('img')).toBeNull();
    const expected = render(<span style={{ background: avatarColour('7') }} />).container
      .firstElementChild as HTMLElement;
    expect(face?.style.background).toBe(expected.style.background);
  });

  it('falls back to the generated face when the picture fails to load', () => {
    const { container } = render(<Face id="7" name="Ann Lee" src="https://img.test/gone.jpg" />);
    const img = container.querySelector('img');
    if (img === null) throw new Error('no img');
    fireEvent.error(img);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('[data-initials]')?.getAttribute('data-initials')).toBe('AL');
  });
});
