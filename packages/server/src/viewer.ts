/*
 * The logged-in person a request acts for, as a type below every layer that
 * reads it (graphql's context, the features); accounts builds it from a row
 * (features/accounts/viewer.ts) and sets it on each request.
 */

/** A person's account kind (the people table's `account` column). */
export type AccountKind = 'personal' | 'work';

/** The logged-in person a request acts for (GraphQL reads it as `request.viewer`). */
export interface Viewer {
  id: string;
  name: string;
  short_name: string;
  username: string;
  account: AccountKind;
  companyId: string | null;
  /** The company's subdomain prefix (staff environment switch); null without a company. */
  companyPrefix: string | null;
  isEmployee: boolean;
  /** A work account that belongs to a company: its coworkers are fb4c contacts. */
  isWork: boolean;
  gates: Set<string>;
}
