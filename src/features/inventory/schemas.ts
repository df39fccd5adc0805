// The inventory forms' rules; the same schemas check the form and the call they send. Bounds follow
// the ledger's functions (20261129200000_inventory.sql: a quantity above zero, a reason of at most
// 500 characters; par and threshold whole and not negative).
import * as z from 'zod/mini';
import { CATEGORIES } from '@/domain/inventory/types';
import { messages } from './messages';
import { manageMessages } from './manage/messages';

const m = messages.ref;
const mm = manageMessages.ref;

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

// ---- Items and places (inventory.manage; docs/inventory.md "Managing items and places") --------
// Bounds follow the tables' checks: a name of 1-120 characters, a SKU of at most 60, a barcode of
// at most 64, a unit of at most 20, a pack of 1-10,000, a cost of 0-1,000,000 with cents.

const optionalCode = (max: number, message: string) =>
  z.string().check(z.trim(), z.maxLength(max, message));

export const itemSchema = z.object({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, mm('manage.rules.nameRequired')),
      z.maxLength(120, mm('manage.rules.nameMax')),
    ),
  sku: optionalCode(60, mm('manage.rules.skuMax')),
  barcode: optionalCode(64, mm('manage.rules.barcodeMax')),
  category: z.enum(CATEGORIES),
  unit: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, mm('manage.rules.unitRequired')),
      z.maxLength(20, mm('manage.rules.unitMax')),
    ),
  pack_size: z
    .number({ error: mm('manage.rules.packRequired') })
    .check(
      z.int(m('rules.whole')),
      z.gte(1, mm('manage.rules.packMin')),
      z.lte(10_000, mm('manage.rules.packMax')),
    ),
  unit_cost: z.number({ error: mm('manage.rules.costRequired') }).check(
    z.gte(0, m('rules.notNegative')),
    z.lte(1_000_000, mm('manage.rules.costMax')),
    z.refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, mm('manage.rules.cents')),
  ),
  active: z.boolean(),
});
export type ItemValues = z.infer<typeof itemSchema>;

export const placeSchema = z
  .object({
    kind: z.enum(['warehouse', 'van']),
    name: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, mm('locations.rules.nameRequired')),
        z.maxLength(120, mm('locations.rules.nameMax')),
      ),
    holder_id: z.string(),
    active: z.boolean(),
  })
  .check(
    z.refine((v) => v.kind !== 'van' || v.holder_id !== '', {
      message: mm('locations.rules.holder'),
      path: ['holder_id'],
    }),
  );
export type PlaceValues = z.infer<typeof placeSchema>;
