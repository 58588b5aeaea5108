/** A random id for this tab's sync socket; getRandomValues works outside secure contexts too. */
export function newDeviceId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A call id: digits, as the server's ids are (time in ms, then random digits). */
export function newCallId(now: number): string {
  const bytes = new Uint32Array(1);
  crypto.getRandomValues(bytes);
  return `${String(now)}${String((bytes[0] ?? 0) % 1_000_000).padStart(6, '0')}`;
}
