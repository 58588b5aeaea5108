/**
 * User-visible wording lives in core as react-intl message descriptors, so the
 * server, the web client and the tests all use the seed's exact strings.
 */
export interface MessageDescriptor {
  id: string;
  defaultMessage: string;
}

/**
 * Marks a group of descriptors for the formatjs extractor (`npm run -w
 * @messenger/web i18n:extract` finds calls by this name), so core needs no
 * react-intl. An identity: the `const` parameter keeps the literal ids.
 */
export function defineMessages<const T extends Readonly<Record<string, MessageDescriptor>>>(
  messages: T,
): T {
  return messages;
}

export type MessageValues = Readonly<Record<string, string | number>>;

/**
 * Formats a descriptor's default (English) wording with simple `{name}`
 * placeholders. The web client formats the same descriptors with react-intl.
 */
export function formatDefaultMessage(
  descriptor: MessageDescriptor,
  values: MessageValues = {},
): string {
  return descriptor.defaultMessage.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : String(value);
  });
}
