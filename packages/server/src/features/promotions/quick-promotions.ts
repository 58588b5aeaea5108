import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { Db } from '../../storage/db';
import type { AccountKind } from '../../storage/tables/network';
import { requireViewer, type Viewer } from '../accounts/viewer';

/** The web client draws each template with its own strings; the server decides who sees what. */
export const QP_TEMPLATES = ['staff_funnels_dashboard', 'work_chat_intro'] as const;
export type QpTemplate = (typeof QP_TEMPLATES)[number];

export interface QuickPromotion {
  qp_id: number;
  template: QpTemplate;
  /** A nux prompt in the page, or a spotlight dialog over it. */
  surface: 'nux' | 'spotlight';
  /** Every given condition must hold. */
  targeting: { employee?: boolean; account?: AccountKind; gate?: string };
}

/**
 * The quick promotions, defined on the server (our choice: code, reviewed like
 * code, rather than a table anyone could fill). Ids are stable: logs refer to them.
 */
export const QUICK_PROMOTIONS: readonly QuickPromotion[] = [
  {
    qp_id: 9101,
    template: 'staff_funnels_dashboard',
    surface: 'spotlight',
    targeting: { employee: true },
  },
  { qp_id: 9102, template: 'work_chat_intro', surface: 'nux', targeting: { account: 'work' } },
];

export function isTargeted(promotion: QuickPromotion, viewer: Viewer): boolean {
  const { employee, account, gate } = promotion.targeting;
  return (
    (employee === undefined || viewer.isEmployee === employee) &&
    (account === undefined || viewer.account === account) &&
    (gate === undefined || viewer.gates.has(gate))
  );
}

/** A promotion is done for a person once they used it or dismissed it. */
const FINISHING_ACTIONS = ['primary', 'secondary', 'dismiss'];

async function finishedPromotionIds(db: Db, personId: string): Promise<Set<number>> {
  const rows = await db.read((k) =>
    k
      .selectFrom('promotion_logs')
      .select('qp_id')
      .distinct()
      .where('person_id', '=', personId)
      .where('qp_action', 'in', FINISHING_ACTIONS)
      .execute(),
  );
  // PostgreSQL hands a bigint back as text.
  return new Set(rows.map((row) => Number(row.qp_id as number | string)));
}

export async function eligiblePromotions(db: Db, viewer: Viewer): Promise<QuickPromotion[]> {
  const targeted = QUICK_PROMOTIONS.filter((p) => isTargeted(p, viewer));
  if (targeted.length === 0) return [];
  const finished = await finishedPromotionIds(db, viewer.id);
  return targeted.filter((p) => !finished.has(p.qp_id));
}

/** What the nux region shows: the promotions targeted at this person and not yet done. */
export function registerPromotionRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/qp/eligible/', async (request) => {
    const viewer = requireViewer(request);
    const promotions = await eligiblePromotions(ctx.db, viewer);
    return {
      promotions: promotions.map(({ qp_id, template, surface }) => ({ qp_id, template, surface })),
    };
  });
}
