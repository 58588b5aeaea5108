import type { QpAction } from '@messenger/core';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Button, Link } from 'react-aria-components';
import { useIntl } from 'react-intl';
import type { Api } from '../../http/api';
import { MESSENGER_PREFIX, STAFF_FUNNELS_PATH } from '../../router/routes';
import { analyticsMessages } from '../analytics/messages';
import { Spotlight } from './Spotlight';
import './quick-promotions.css';

/** GET /qp/eligible/: the promotions the server targets at this person, not yet used or dismissed. */
export interface EligiblePromotion {
  qp_id: number;
  template: string;
  surface: 'nux' | 'spotlight';
}

const m = analyticsMessages;

/** What each server template looks like here; a template this client does not know is skipped. */
const TEMPLATES = {
  staff_funnels_dashboard: {
    title: m.staffFunnelsPromoTitle,
    body: m.staffFunnelsPromoBody,
    action: m.staffFunnelsPromoAction,
    href: STAFF_FUNNELS_PATH,
  },
  work_chat_intro: {
    title: m.workChatPromoTitle,
    body: m.workChatPromoBody,
    action: m.workChatPromoAction,
    href: `${MESSENGER_PREFIX}/new`,
  },
} as const;

function isKnown(template: string): template is keyof typeof TEMPLATES {
  return Object.hasOwn(TEMPLATES, template);
}

export function logPromotion(api: Api, qpId: number, action: QpAction): Promise<unknown> {
  return api.json('/qp/action/log/', {
    method: 'POST',
    body: { qp_id: qpId, qp_action: action, qp_instance_log_data: { surface: 'host_page' } },
  });
}

/**
 * Quick promotions (seed 3, "Promotion log parameters"): the first eligible one
 * is shown as a nux prompt, or a prompt that opens a spotlight; its impression,
 * click and dismissal each go to /qp/action/log/.
 */
export function QuickPromotions({ api }: { api: Api }): ReactNode {
  const [promotion, setPromotion] = useState<EligiblePromotion | null>(null);
  useEffect(() => {
    let live = true;
    api.json<{ promotions: EligiblePromotion[] }>('/qp/eligible/').then(
      (body) => {
        const first = body.promotions.find((p) => isKnown(p.template));
        if (!live || first === undefined) return;
        setPromotion(first);
        logPromotion(api, first.qp_id, 'view').catch(() => undefined);
      },
      // Promotions are optional: without the list nothing is shown.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api]);
  if (promotion === null || !isKnown(promotion.template)) return null;
  return (
    <PromotionPrompt
      promotion={promotion}
      template={TEMPLATES[promotion.template]}
      onAction={(action) => {
        setPromotion(null);
        logPromotion(api, promotion.qp_id, action).catch(() => undefined);
      }}
    />
  );
}

function PromotionPrompt({
  promotion,
  template,
  onAction,
}: {
  promotion: EligiblePromotion;
  template: (typeof TEMPLATES)[keyof typeof TEMPLATES];
  onAction: (action: 'primary' | 'dismiss') => void;
}): ReactNode {
  const intl = useIntl();
  const titleId = useId();
  const [spotlight, setSpotlight] = useState(false);
  const title = intl.formatMessage(template.title);
  const body = <p>{intl.formatMessage(template.body)}</p>;
  const primary = (
    <Link
      className="button button-primary"
      href={template.href}
      onPress={() => {
        onAction('primary');
      }}
    >
      {intl.formatMessage(template.action)}
    </Link>
  );
  return (
    <aside className="nux-prompt qp-prompt" aria-labelledby={titleId} data-qp-id={promotion.qp_id}>
      <h2 id={titleId} className="nux-prompt-title">
        {title}
      </h2>
      {body}
      <div className="nux-actions">
        <Button
          className="button"
          onPress={() => {
            onAction('dismiss');
          }}
        >
          {intl.formatMessage(m.promoDismiss)}
        </Button>
        {promotion.surface === 'spotlight' ? (
          <Button
            className="button button-primary"
            onPress={() => {
              setSpotlight(true);
            }}
          >
            {title}
          </Button>
        ) : (
          primary
        )}
      </div>
      {promotion.surface === 'spotlight' ? (
        <Spotlight
          isOpen={spotlight}
          onClose={() => {
            setSpotlight(false);
          }}
          target={() => document.querySelector(`[data-qp-id="${String(promotion.qp_id)}"]`)}
          title={title}
        >
          {body}
          <div className="nux-actions">{primary}</div>
        </Spotlight>
      ) : null}
    </aside>
  );
}
