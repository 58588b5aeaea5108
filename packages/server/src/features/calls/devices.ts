import type { AppContext } from '../../context';
import { callsOfDevice, getCallParticipants, isJoined, markDeviceSeen } from './repo';
import { withCallTables } from './tables';

/**
 * Which device is still in a call: the calls a device is joined to, and the
 * stamp each hello of such a device leaves (device_seen_at), so the node that
 * saw its socket close can tell whether it came back on another node.
 */
export function callsOfJoinedDevice(
  ctx: AppContext,
  userId: string,
  deviceId: string,
  notSeenSince?: number,
): Promise<string[]> {
  return ctx.db.read((db) => callsOfDevice(withCallTables(db), userId, deviceId, notSeenSince));
}

/** A socket of a device opened: if the device is in a call, note it (a read, then a write only then). */
export async function noteDeviceSeen(
  ctx: AppContext,
  userId: string,
  deviceId: string,
): Promise<void> {
  const callIds = await callsOfJoinedDevice(ctx, userId, deviceId);
  if (callIds.length === 0) return;
  const now = ctx.clock.now();
  await ctx.db.transact((db) => markDeviceSeen(withCallTables(db), callIds, userId, deviceId, now));
}

/** Every device in the media session of a call, with its user (where call_media goes). */
export async function joinedDevicesOf(
  ctx: AppContext,
  callId: string,
): Promise<{ userId: string; deviceId: string }[]> {
  const rows = await ctx.db.read((db) => getCallParticipants(withCallTables(db), callId));
  return rows.flatMap((p) =>
    isJoined(p) && p.device_id !== null ? [{ userId: p.user_id, deviceId: p.device_id }] : [],
  );
}
