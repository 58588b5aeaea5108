/**
 * The delivery benchmark's network: N people in group threads of `groupSize`
 * (person i is in group floor(i / groupSize)), each group with a history of
 * `historyPerGroup` messages for the history-page probe; and, apart from them,
 * `resumeUsers` people who share `resumeThreads` group threads with one
 * sender, for the resume probe. No friendships: presence then fans out to
 * nobody, so the figures are about message delivery alone.
 */
export interface DeliveryNetworkShape {
  people: number;
  groupSize: number;
  historyPerGroup: number;
  resumeUsers: number;
  resumeThreads: number;
}

export const PASSWORD = 'bench-password';
export const personId = (i: number): string => String(1_000_000 + i);
export const groupThreadId = (g: number): string => String(7_000_000_000 + g);
export const resumeThreadId = (t: number): string => String(7_500_000_000 + t);
/** Resume users and their sender come after the N socket users. */
export const resumeUserIndex = (shape: DeliveryNetworkShape, r: number): number => shape.people + r;
export const resumeSenderIndex = (shape: DeliveryNetworkShape): number =>
  shape.people + shape.resumeUsers;

export const groupCount = (shape: DeliveryNetworkShape): number =>
  Math.floor(shape.people / shape.groupSize);

export function generateDeliveryNetwork(shape: DeliveryNetworkShape): Record<string, unknown> {
  const total = shape.people + shape.resumeUsers + 1;
  const people = Array.from({ length: total }, (_, i) => ({
    id: personId(i),
    name: `Bench Person ${i}`,
    short_name: `Bench${i}`,
    username: `dlv${i}`,
    password: PASSWORD,
    account: 'personal',
    employee: false,
    messenger_only: false,
    memorialized: false,
    instagram: false,
    birthdate: { day: 1 + (i % 28), month: 1 + (i % 12) },
    picture: null,
    can_receive_money: false,
    gates: [],
  }));
  const start = Date.UTC(2026, 0, 1);
  const groups = Array.from({ length: groupCount(shape) }, (_, g) => {
    const participants = Array.from({ length: shape.groupSize }, (_, k) =>
      personId(g * shape.groupSize + k),
    );
    return {
      id: groupThreadId(g),
      kind: 'group',
      name: `bench group ${g}`,
      participants,
      privacy_mode: 1,
      messages: Array.from({ length: shape.historyPerGroup }, (_, m) => ({
        from: participants[m % participants.length]!,
        text: `history ${m} of group ${g}`,
        at: new Date(start + g * 1000 + m * 60_000).toISOString(),
      })),
    };
  });
  const resumeMembers = Array.from({ length: shape.resumeUsers }, (_, r) =>
    personId(resumeUserIndex(shape, r)),
  );
  const sender = personId(resumeSenderIndex(shape));
  const resumeThreads = Array.from({ length: shape.resumeThreads }, (_, t) => ({
    id: resumeThreadId(t),
    kind: 'group',
    name: `resume thread ${t}`,
    participants: [sender, ...resumeMembers],
    privacy_mode: 1,
    messages: [
      { from: sender, text: `welcome ${t}`, at: new Date(start + t * 1000).toISOString() },
    ],
  }));
  return {
    format: 'messenger-network/1',
    companies: [],
    people,
    friendships: [],
    contacts: [],
    blocks: [],
    pages: [],
    games: [],
    threads: [...groups, ...resumeThreads],
    settings: { allow_external_bug_reports: false },
  };
}
