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

export interface ScimTables {
  scim_resources: ScimResourceTable;
}
