import type { Delta } from '@messenger/core';

/** A small delta numbered n, for tests of the log itself. */
export const receipt = (n: number): Delta => ({
  kind: 'read_receipt',
  thread_id: '1',
  user_id: '2',
  seq: n,
});
