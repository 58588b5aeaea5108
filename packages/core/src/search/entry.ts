import { ENTRY_TYPES } from './types';
import type { AuxiliaryData, EntryType, SearchEntry } from './types';

/**
 * A source record for a search entry. Sources spell the fields either with the
 * canonical names or with the alternate ones of the seed (section 3); when both
 * are present the canonical name wins.
 */
export interface SearchEntryRecord {
  uniqueID?: string | number | null;
  /** Alternate of uniqueID; may be a bare object id, which gets the type prefix. */
  uid?: string | number | null;
  order?: number | null;
  index?: number | null;
  title?: string | null;
  text?: string | null;
  subtitle?: string | null;
  subtext?: string | null;
  keywordString?: string | readonly string[] | null;
  tokens?: string | readonly string[] | null;
  type?: string | null;
  category?: string | null;
  photo?: string | null;
  uri?: string | null;
  path?: string | null;
  auxiliaryData?: Readonly<Record<string, unknown>> | null;
  aux_data?: Readonly<Record<string, unknown>> | null;
}

const ENTRY_TYPE_SET: ReadonlySet<string> = new Set(ENTRY_TYPES);

export function isEntryType(value: unknown): value is EntryType {
  return typeof value === 'string' && ENTRY_TYPE_SET.has(value);
}

/** The last colon-separated part of a unique id (seed 3). */
export function objectIdOf(uniqueID: string): string {
  return uniqueID.slice(uniqueID.lastIndexOf(':') + 1);
}

/** The type prefix of a unique id, or null when it does not start with a known type. */
export function entryTypeOf(uniqueID: string): EntryType | null {
  const colon = uniqueID.indexOf(':');
  if (colon < 0) return null;
  const prefix = uniqueID.slice(0, colon);
  return isEntryType(prefix) ? prefix : null;
}

export function makeUniqueID(type: EntryType, objectId: string): string {
  return `${type}:${objectId}`;
}

/**
 * Turns a raw id into a unique id of the given type. A bare id gets the type
 * prefix; an id that already names a type must name this one (a `page:` id on a
 * friend record is a contradiction, so it is invalid rather than re-prefixed).
 * Returns null when the object id would be empty.
 */
export function toUniqueID(type: EntryType, rawId: string): string | null {
  const id = rawId.trim();
  const prefixed = entryTypeOf(id);
  if (prefixed !== null && prefixed !== type) return null;
  const uniqueID = prefixed === null ? makeUniqueID(type, id) : id;
  return objectIdOf(uniqueID).trim() === '' ? null : uniqueID;
}

/** True when the id starts with a known type and has a non-empty object id. */
export function isValidUniqueID(uniqueID: string): boolean {
  const type = entryTypeOf(uniqueID);
  return type !== null && toUniqueID(type, uniqueID) === uniqueID;
}

/** Keeps only the three known auxiliary keys, with their expected value types. */
export function normalizeAuxiliaryData(
  raw: Readonly<Record<string, unknown>> | null | undefined,
): AuxiliaryData {
  const aux: AuxiliaryData = {};
  if (raw == null) return aux;
  const { alias, isMemorializedUser, messageResultType } = raw;
  if (typeof alias === 'string') aux.alias = alias;
  if (typeof isMemorializedUser === 'boolean') aux.isMemorializedUser = isMemorializedUser;
  if (typeof messageResultType === 'string') aux.messageResultType = messageResultType;
  return aux;
}

function idString(value: string | number | null | undefined): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  return value ?? null;
}

function nonBlank(value: string | null | undefined): string | null {
  if (value == null) return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

function keywordStringOf(value: string | readonly string[] | null | undefined): string {
  if (value == null) return '';
  const parts = typeof value === 'string' ? [value] : value;
  return parts
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(' ');
}

function resolveType(record: SearchEntryRecord, rawId: string | null): EntryType | null {
  const declared = record.type ?? record.category;
  if (declared != null) return isEntryType(declared) ? declared : null;
  return rawId === null ? null : entryTypeOf(rawId.trim());
}

/**
 * Builds a search entry from a source record, or null when it must be dropped
 * (seed 5): no title, an unknown type, or no valid unique id. The type comes
 * from `type`/`category`, or else from the prefix of the given unique id.
 * `fallbackOrder` is used when the record has neither `order` nor `index`.
 */
export function buildSearchEntry(record: SearchEntryRecord, fallbackOrder = 0): SearchEntry | null {
  const title = nonBlank(record.title ?? record.text);
  if (title === null) return null;
  const rawId = idString(record.uniqueID ?? record.uid);
  const type = resolveType(record, rawId);
  if (type === null || rawId === null) return null;
  const uniqueID = toUniqueID(type, rawId);
  if (uniqueID === null) return null;
  const order = record.order ?? record.index;
  return {
    uniqueID,
    order: order != null && Number.isFinite(order) ? order : fallbackOrder,
    title,
    subtitle: nonBlank(record.subtitle ?? record.subtext),
    keywordString: keywordStringOf(record.keywordString ?? record.tokens),
    type,
    photo: nonBlank(record.photo),
    uri: nonBlank(record.uri ?? record.path),
    auxiliaryData: normalizeAuxiliaryData(record.auxiliaryData ?? record.aux_data),
  };
}

/** Keeps the first entry of each unique id, in input order (seed 5). */
export function dedupeByUniqueID(entries: readonly SearchEntry[]): SearchEntry[] {
  const seen = new Set<string>();
  return entries.filter((entry) => {
    if (seen.has(entry.uniqueID)) return false;
    seen.add(entry.uniqueID);
    return true;
  });
}

/**
 * Builds entries from records, dropping invalid ones and duplicates (first
 * wins). A record without `order`/`index` takes its position in the input.
 */
export function buildSearchEntries(records: readonly SearchEntryRecord[]): SearchEntry[] {
  const built: SearchEntry[] = [];
  records.forEach((record, position) => {
    const entry = buildSearchEntry(record, position);
    if (entry !== null) built.push(entry);
  });
  return dedupeByUniqueID(built);
}
