import { z } from 'zod';

/** Ids of the network format are digit strings (NETWORK_FORMAT.md). */
export const idArg = z.string().regex(/^\d{1,40}$/, 'must be an id (digits)');

/** A list of ids with an upper bound, so no request can make the server chew on a huge list. */
export const idListArg = (max: number) => z.array(idArg).max(max, `must hold at most ${max} ids`);
