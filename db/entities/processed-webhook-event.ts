import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A Stripe event already handled: inserting its id first makes webhook handling run once. */
export const ProcessedWebhookEvent = defineEntity({
  name: 'ProcessedWebhookEvent',
  tableName: 'processed_webhook_events',
  properties: {
    /** Stripe event id (`evt_…`). */
    id: p.text().primary(),
    type: p.text(),
    receivedAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  },
  indexes: [{ name: 'processed_webhook_events_received_at_index', properties: ['receivedAt'] }],
});
export type ProcessedWebhookEvent = InferEntity<typeof ProcessedWebhookEvent>;
