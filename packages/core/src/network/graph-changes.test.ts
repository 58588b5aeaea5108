import { describe, expect, it } from 'vitest';
import { aspectOf, graphChangesSchema } from './graph-changes';

describe('graphChangesSchema', () => {
  it('reads each kind of change', () => {
    const parsed = graphChangesSchema.parse({
      changes: [
        { op: 'add', type: 'friendship', person_id: '1', other_id: '2' },
        { op: 'remove', type: 'contact', person_id: '1', other_id: '3' },
        { op: 'add', type: 'block', person_id: '2', other_id: '3' },
        { op: 'add', type: 'page', page_id: '9', name: ' Shop ', category: 'WORKPLACE_BOT' },
        { op: 'add', type: 'page_admin', page_id: '9', person_id: '1' },
      ],
    });
    expect(parsed.changes.map(aspectOf)).toEqual([
      'friends',
      'contacts',
      'blocks',
      'pages',
      'pages',
    ]);
    expect(parsed.changes[3]).toMatchObject({ name: 'Shop' });
  });

  it('names the field at fault', () => {
    const self = graphChangesSchema.safeParse({
      changes: [{ op: 'add', type: 'friendship', person_id: '1', other_id: '1' }],
    });
    expect(self.success).toBe(false);
    expect(self.error?.issues[0]?.path).toEqual(['changes', 0, 'other_id']);
    const op = graphChangesSchema.safeParse({
      changes: [{ op: 'toggle', type: 'block', person_id: '1', other_id: '2' }],
    });
    expect(op.error?.issues[0]?.path).toEqual(['changes', 0, 'op']);
    expect(graphChangesSchema.safeParse({ changes: [] }).success).toBe(false);
  });
});
