export interface GenericSourcePayloadInput {
  /** The query text. */
  value: string;
  /** Ids of entries already shown. */
  existingIds: readonly string[];
  /** When false the server is not told which ids are shown (existing_ids is ''). */
  excludeExisting: boolean;
  /** Source-specific request data sent alongside. */
  extra?: Readonly<Record<string, unknown>>;
}

export interface GenericSourcePayload {
  value: string;
  existing_ids: string;
  [key: string]: unknown;
}

/**
 * Request payload of a generic typeahead source (seed section 7). `value` and
 * `existing_ids` win over keys of the same name in `extra`, so extra request
 * data can never change what is searched.
 */
export function genericSourcePayload(input: GenericSourcePayloadInput): GenericSourcePayload {
  return {
    ...input.extra,
    value: input.value,
    existing_ids: input.excludeExisting ? input.existingIds.join(',') : '',
  };
}
