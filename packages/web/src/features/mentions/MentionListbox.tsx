import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { mentionMessages } from './messages';
import type { MentionPicker } from './use-mention-picker';
import '../replies/replies.css';

/**
 * The members an `@` offers, as a listbox the composer's text field controls
 * (aria-activedescendant): the focus stays in the field while the arrow keys
 * move the choice. A click picks too; it never takes the focus from the field.
 */
export function MentionListbox({ picker }: { picker: MentionPicker }): ReactNode {
  const intl = useIntl();
  if (!picker.open) return null;
  return (
    <ul
      id={picker.listboxId}
      role="listbox"
      className="mention-listbox"
      aria-label={intl.formatMessage(mentionMessages.people)}
    >
      {picker.candidates.map((person, index) => (
        <li
          key={person.id}
          id={picker.optionId(index)}
          role="option"
          aria-selected={index === picker.active}
          className="mention-option"
          onMouseDown={(event) => {
            // Keeps the focus (and the caret) in the text field.
            event.preventDefault();
            picker.pick(person);
          }}
        >
          <bdi>{person.name}</bdi>
        </li>
      ))}
    </ul>
  );
}
