/** SCIM bookkeeping of a provisioned User or Group (migration 045-provisioning). */
export interface ScimResourceTable {
  resource_type: 'User' | 'Group';
  /** The person's or the group conversation's id. */
  id: string;
  external_id: string | null;
  /** JSON object: attributes kept only to be given back (a User's name parts, emails). */
  attributes: string;
  created_at: number;
  updated_at: number;
}

/** A sign-in under way at the identity provider (migration 046-sso). */
export interface SsoLoginTable {
  state: string;
  binding_hash: string;
  code_verifier: string;
  nonce: string;
  return_to: string;
  /** 1: prompt=none (inside the embed): a refusal goes back quietly, no login page. */
  silent: number;
  created_at: number;
}

/** The identity-provider session a messenger session came from. */
export interface SsoSessionTable {
  session_hash: string;
  person_id: string;
  sub: string;
  sid: string | null;
  id_token: string;
  created_at: number;
}

/** Provisioning and single sign-on (issue 35). */
export interface ScimTables {
  scim_resources: ScimResourceTable;
  sso_logins: SsoLoginTable;
  sso_sessions: SsoSessionTable;
}
