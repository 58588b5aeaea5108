/** A fresh client id for one message: a retry of the same send is stored once. */
export function newOfflineThreadingId(random: () => string = () => crypto.randomUUID()): string {
  return random().replace(/-/g, '');
}
