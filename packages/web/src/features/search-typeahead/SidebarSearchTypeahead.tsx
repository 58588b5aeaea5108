import type { ReactNode } from 'react';
import { useSidebarSearchFunnel } from './funnel-hooks';
import { SearchTypeahead, type SearchTypeaheadProps } from './SearchTypeahead';

/**
 * The sidebar's search typeahead logging to the sidebar search funnel. In the
 * typeahead's lazy chunk, so the funnel client stays off the first screen.
 */
export function SidebarSearchTypeahead(props: Omit<SearchTypeaheadProps, 'hooks'>): ReactNode {
  const hooks = useSidebarSearchFunnel();
  return <SearchTypeahead {...props} hooks={hooks} />;
}
