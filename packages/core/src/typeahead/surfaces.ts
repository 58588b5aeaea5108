import { TYPEAHEAD } from '../constants';
import type { EntryType } from '../search/types';

/** Where the typeahead is shown (seed section 2). */
export const SURFACES = [
  'sidebar',
  'omnipicker',
  'group_creation',
  'broadcast',
  'share',
  'tokenizer',
] as const;
export type Surface = (typeof SURFACES)[number];

export interface SurfaceCaps {
  /** Entries kept after de-duplication. */
  maxEntries: number;
  /** Rows rendered across all sections. */
  viewCap: number;
  /** Rows per section before "see all". */
  initiallyShown: number;
  /** Hard caps on a section's entries; a capped section has no see-all for the cut. */
  sectionCaps: Readonly<Partial<Record<EntryType, number>>>;
}

const DEFAULT_CAPS: SurfaceCaps = {
  maxEntries: TYPEAHEAD.maxEntries,
  viewCap: TYPEAHEAD.resultViewCap,
  initiallyShown: TYPEAHEAD.initiallyShown,
  sectionCaps: { fb4c: TYPEAHEAD.fb4cCap },
};

// The seed gives only the tokenizer a different limit; the other surfaces share the defaults.
const CAPS_BY_SURFACE: Readonly<Record<Surface, SurfaceCaps>> = {
  sidebar: DEFAULT_CAPS,
  omnipicker: DEFAULT_CAPS,
  group_creation: DEFAULT_CAPS,
  broadcast: DEFAULT_CAPS,
  share: DEFAULT_CAPS,
  tokenizer: { ...DEFAULT_CAPS, maxEntries: TYPEAHEAD.maxEntriesTokenizer },
};

export function surfaceCaps(surface: Surface): SurfaceCaps {
  return CAPS_BY_SURFACE[surface];
}
