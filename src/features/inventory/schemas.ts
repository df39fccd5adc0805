// The inventory forms' rules; the same schemas check the form and the call they send. Bounds follow
// the ledger's functions (20261129200000_inventory.sql: a quantity above zero, a reason of at most
// 500 characters; par and threshold whole and not negative).
import * as z from 'zod/mini';
import { messages } from './messages';

const m = messages.ref;

const chosen = (message: string) => z.string().check(z.minLength(1, message));
const quantity = z
  .number({ error: m('rules.quantityRequired') })
  .check(z.gt(0, m('rules.quantityPositive')), z.lte(100_000, m('rules.quantityMax')));
const reason = z.string().check(z.trim(), z.maxLength(500, m('rules.reasonMax')));
const level = (what: 'par' | 'threshold') =>
  z
    .number({ error: m(`rules.${what}Required`) })
    .check(z.int(m('rules.whole')), z.gte(0, m('rules.notNegative')));

export const receiveSchema = z.object({
  item_id: chosen(m('rules.item')),
  location_id: chosen(m('rules.warehouse')),
  quantity,
  reason,
});
export type ReceiveValues = z.infer<typeof receiveSchema>;

export const transferSchema = z
  .object({
    item_id: chosen(m('rules.item')),
    from_location_id: chosen(m('rules.from')),
    to_location_id: chosen(m('rules.to')),
    quantity,
    reason,
  })
  .check(
    z.refine((v) => v.from_location_id !== v.to_location_id, {
      message: m('rules.samePlace'),
      path: ['to_location_id'],
    }),
  );
export type TransferValues = z.infer<typeof transferSchema>;

export const parSchema = z.object({
  location_id: chosen(m('rules.location')),
  par_level: level('par'),
  reorder_threshold: level('threshold'),
});
export type ParValues = z.infer<typeof parSchema>;
